import { z } from 'zod';
import { endpoint } from '../define.js';
import { ownedTable } from '../owners.js';
import { mailStatus } from '../requestHistoryRecords.js';
import { email, id, itemsPerPage, page, paginated } from '../schemas.js';
import { instant, instantUntil } from './plans.js';

const area = 'Email tracker';

/**
 * The e-mail tracker (SPEC §2.1 email.tracker, /email-tracker): every e-mail a request sent, its
 * delivery and opens, and a resend to a corrected address. A request e-mail repeats `company_id`.
 */
export const ownedTables = {
  requestEmail: ownedTable({ table: 'signature_request_emails', owner: 'company_id' }),
};

export const MAIL_KIND_VALUES = [
  'invitation',
  'reminder',
  'signed_notice',
  'rejected_notice',
  'completed',
  'cancelled',
  'expired',
  'approval',
] as const;
export const mailKind = z.enum(MAIL_KIND_VALUES);

/** Filters of the tracker's list and of its export (email-status/export). */
export const emailTrackerFilters = z.object({
  company_id: id.optional(),
  request_id: id.optional(),
  status: mailStatus.optional(),
  kind: mailKind.optional(),
  /** Part of the recipient's address. */
  search: z.string().trim().max(200).optional(),
  /** Recorded on or after this moment (a plain date: that day in Bogotá). */
  date_from: instant.optional(),
  /** Recorded up to this moment (a plain date: the whole of that day in Bogotá). */
  date_to: instantUntil.optional(),
});

export const ownsTrackerFilters = [
  { entity: 'company', from: 'body', field: 'company_id' },
  { entity: 'signatureRequest', from: 'body', field: 'request_id' },
] as const;

export const trackedEmailRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  request_id: z.number(),
  request_title: z.string(),
  signer_id: z.number().nullable(),
  kind: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  status: mailStatus,
  /** The mail server's reply when it bounced or failed. */
  error: z.string().nullable(),
  open_count: z.number(),
  opened_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});

export const emailTracker = {
  listTrackedEmails: endpoint({
    method: 'POST',
    path: 'get_emails_sent_logs_list',
    summary:
      'Correos enviados por las solicitudes de las empresas visibles, con estado, aperturas y error; filtros y paginación.',
    area,
    scope: 'company',
    permissions: ['email.tracker'],
    body: emailTrackerFilters.extend({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      sort: z.enum(['created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(trackedEmailRecord),
    owns: ownsTrackerFilters,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  getTrackedEmail: endpoint({
    method: 'GET',
    path: 'get_email_sent_log/{id}',
    summary: 'Un correo enviado por una solicitud, con su estado y aperturas.',
    area,
    scope: 'company',
    permissions: ['email.tracker'],
    params: z.object({ id }),
    reply: trackedEmailRecord,
    owns: [{ entity: 'requestEmail', from: 'params', field: 'id' }],
  }),
  resendTrackedEmail: endpoint({
    method: 'POST',
    path: 'resend_email_sent_log',
    summary: 'Reenvía un correo de una solicitud a una dirección corregida (queda en la auditoría).',
    area,
    scope: 'company',
    permissions: ['email.tracker', 'signature_request.create'],
    body: z.object({ email_id: id, to: email }),
    reply: trackedEmailRecord,
    successStatus: 201,
    owns: [{ entity: 'requestEmail', from: 'body', field: 'email_id' }],
    // The service writes its own audit row, with the old and the new address.
    skipAudit: true,
    example: { body: { email_id: 1, to: 'firmante@correo.test' } },
  }),
};
