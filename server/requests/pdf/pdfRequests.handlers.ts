import type { HandlersOf } from '../../http/handlers.js';
import {
  companyFeatureKeys,
  listPdfTemplates,
  PDF_TEMPLATE_MESSAGES,
  updatePdfContent,
  updatePdfContentMassive,
  uploadPdfTemplate,
} from './pdfTemplates.service.js';

type PdfTemplateEndpoint =
  | 'uploadPdfTemplate'
  | 'getPdfTemplates'
  | 'updatePdfContent'
  | 'updatePdfContentMassive'
  | 'getCompanyFeatures';

export const pdfTemplatesHandlers: HandlersOf<PdfTemplateEndpoint> = {
  uploadPdfTemplate: async ({ deps, actor, body }) => ({
    data: await uploadPdfTemplate(deps, actor, body),
    message: PDF_TEMPLATE_MESSAGES.uploaded,
  }),
  getPdfTemplates: async ({ deps, actor, query }) => ({ data: await listPdfTemplates(deps, actor, query) }),
  updatePdfContent: async ({ deps, body }) => ({
    data: await updatePdfContent(deps, body),
    message: PDF_TEMPLATE_MESSAGES.saved,
  }),
  updatePdfContentMassive: async ({ deps, body }) => {
    const data = await updatePdfContentMassive(deps, body);
    return { data, message: PDF_TEMPLATE_MESSAGES.savedMassive(data.items.length) };
  },
  getCompanyFeatures: async ({ deps, params }) => ({
    data: await companyFeatureKeys(deps, params.company_id),
  }),
};
