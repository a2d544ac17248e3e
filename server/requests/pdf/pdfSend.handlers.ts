import type { HandlersOf } from '../../http/handlers.js';
import { PDF_SEND_MESSAGES, signPdf, signPdfMultiple } from './pdfSend.service.js';

export const pdfSendHandlers: HandlersOf<'signPdf' | 'signPdfMultiple'> = {
  signPdf: async ({ deps, actor, body }) => ({
    data: await signPdf(deps, actor, body),
    message: PDF_SEND_MESSAGES.sent,
  }),
  signPdfMultiple: async ({ deps, actor, body }) => {
    const data = await signPdfMultiple(deps, actor, body);
    return { data, message: PDF_SEND_MESSAGES.queued(data.pdf_template_ids.length) };
  },
};
