import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS } from '../../../contract/requestHistoryRecords.js';
import type { Actor, Deps } from '../../deps.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import type { FileReply, HandlersOf } from '../../http/handlers.js';
import {
  type EmailTrackerFilters,
  listTrackedEmails,
  resendTrackedEmail,
  type TrackedEmail,
  trackedEmail,
  trackedEmailBatchFetcher,
} from './emailTracker.service.js';

const at = (value: string | null) => (value ? new Date(value) : null);

const EMAIL_COLUMNS: readonly ExportColumn<TrackedEmail>[] = [
  { header: 'Solicitud', width: 10, value: (email) => email.request_id },
  { header: 'Tipo', width: 18, value: (email) => MAIL_KIND_LABELS[email.kind] ?? email.kind },
  { header: 'Para', width: 32, value: (email) => email.to },
  { header: 'Asunto', width: 40, value: (email) => email.subject },
  { header: 'Estado', width: 12, value: (email) => MAIL_STATUS_LABELS[email.status] },
  { header: 'Creado', width: 20, value: (email) => at(email.created_at) },
  { header: 'Enviado', width: 20, value: (email) => at(email.sent_at) },
  { header: 'Abierto', width: 20, value: (email) => at(email.opened_at) },
  { header: 'Última apertura', width: 20, value: (email) => at(email.last_opened_at) },
  { header: 'Aperturas', width: 10, value: (email) => email.open_count },
  { header: 'Empresa', width: 28, value: (email) => email.company_name },
  { header: 'Título de la solicitud', width: 36, value: (email) => email.request_title },
  { header: 'Error', width: 40, value: (email) => email.error },
];

/** The tracker's e-mails matching the filters as a streamed .xlsx (email-status/export). */
export function exportTrackedEmails(deps: Deps, actor: Actor, filters: EmailTrackerFilters): FileReply {
  return {
    stream: streamXlsx({
      sheetName: 'Correos',
      columns: EMAIL_COLUMNS,
      batches: keysetBatches(trackedEmailBatchFetcher(deps, actor, filters)),
      onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de correos'),
    }),
    filename: filters.request_id ? `correos-solicitud-${filters.request_id}.xlsx` : 'estado-correos.xlsx',
  };
}

export const emailTrackerHandlers: HandlersOf<
  'listTrackedEmails' | 'getTrackedEmail' | 'resendTrackedEmail'
> = {
  listTrackedEmails: async ({ deps, actor, body }) => ({ data: await listTrackedEmails(deps, actor, body) }),
  getTrackedEmail: async ({ deps, params }) => ({ data: await trackedEmail(deps, params.id) }),
  resendTrackedEmail: async ({ deps, actor, body, ip }) => ({
    data: await resendTrackedEmail(deps, actor, { ...body, ip }),
    message: `Correo reenviado a ${body.to}`,
  }),
};
