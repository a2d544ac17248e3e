import { z } from 'zod';

/**
 * Records of the request history (contract/endpoints/requestHistory.ts): what the list, the
 * detail and the logs answer, and the Spanish labels of the statuses shared by screens and exports.
 */

export const REQUEST_STATUS_VALUES = [
  'in_progress',
  'completed',
  'rejected',
  'cancelled',
  'expired',
] as const;
export const requestStatus = z.enum(REQUEST_STATUS_VALUES);
export const signerStatus = z.enum(['waiting', 'invited', 'viewed', 'signed', 'rejected']);
export const mailStatus = z.enum(['queued', 'sent', 'opened', 'bounced', 'failed']);

/** Spanish labels of the statuses, shared by the screens and the exports. */
export const REQUEST_STATUS_LABELS = {
  in_progress: 'En proceso',
  completed: 'Completada',
  rejected: 'Rechazada',
  cancelled: 'Cancelada',
  expired: 'Vencida',
} as const satisfies Record<(typeof REQUEST_STATUS_VALUES)[number], string>;

export const SIGNER_STATUS_LABELS = {
  waiting: 'En espera',
  invited: 'Invitado',
  viewed: 'Visto',
  signed: 'Firmó',
  rejected: 'Rechazó',
} as const satisfies Record<z.output<typeof signerStatus>, string>;

export const MAIL_STATUS_LABELS = {
  queued: 'En cola',
  sent: 'Enviado',
  opened: 'Abierto',
  bounced: 'Rebotado',
  failed: 'Fallido',
} as const satisfies Record<z.output<typeof mailStatus>, string>;

/** The e-mails a request sends, by kind (unknown kinds show as they are). */
export const MAIL_KIND_LABELS: Readonly<Record<string, string>> = {
  invitation: 'Invitación',
  reminder: 'Recordatorio',
  signed_notice: 'Aviso de firma',
  rejected_notice: 'Aviso de rechazo',
  completed: 'Completada',
  cancelled: 'Cancelación',
  expired: 'Vencimiento',
  approval: 'Aprobación',
};

export const requestSummary = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  title: z.string(),
  source: z.string(),
  status: requestStatus,
  package_id: z.number().nullable(),
  package_name: z.string().nullable(),
  created_by: z.number().nullable(),
  creator_name: z.string().nullable(),
  signers: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), status: signerStatus })),
  signed_count: z.number(),
  signer_count: z.number(),
  seal_status: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  completed_at: z.string().nullable(),
});

export const requestSignerRecord = z.object({
  id: z.number(),
  number: z.number(),
  turn: z.number(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: signerStatus,
  token_round: z.number(),
  rejection_reason: z.string().nullable(),
  invited_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});

export const requestEventRecord = z.object({
  id: z.number(),
  sequence: z.number(),
  action: z.string(),
  signer_id: z.number().nullable(),
  signer_name: z.string().nullable(),
  signer_email: z.string().nullable(),
  user_id: z.number().nullable(),
  /** The user who acted (sender, approver): the timeline names them (contract/requestEvents.ts). */
  user_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  at: z.string(),
});

export const requestEmailRecord = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  signer_id: z.number().nullable(),
  status: mailStatus,
  subject: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
});

export const requestDetail = requestSummary.extend({
  message: z.string().nullable(),
  signing_order: z.string(),
  reminder_days: z.number().nullable(),
  cancel_reason: z.string().nullable(),
  validation_code: z.string(),
  /** Values may be corrected and content replaced only while nobody has signed. */
  editable: z.boolean(),
  documents: z.array(
    z.object({
      id: z.number(),
      position: z.number(),
      name: z.string(),
      page_count: z.number(),
      sealed: z.boolean(),
      field_values: z.record(z.string(), z.unknown()),
    }),
  ),
  signer_details: z.array(requestSignerRecord),
  events: z.array(requestEventRecord),
  emails: z.array(requestEmailRecord),
});
