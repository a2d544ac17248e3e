import { z } from 'zod';
import { endpoint } from '../define.js';

const area = 'Document groups';

export const APPROVAL_MESSAGES = {
  badLink: 'El enlace de aprobación no es válido',
  closed: 'La solicitud ya no admite aprobación: fue cancelada o venció',
  pendingSigners: 'Aún faltan firmas: la empresa firma cuando todos los firmantes hayan firmado',
  decided: 'Esta firma automática ya fue decidida',
  noSignature: 'El aprobador no tiene una firma guardada; guárdela en Configuración de firma',
  approved: 'Firma automática aprobada',
  rejected: 'Firma automática rechazada',
} as const;

/** An approver's link token: `<request id>.<43 characters>`. */
const approvalToken = z
  .string()
  .trim()
  .regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/, { message: APPROVAL_MESSAGES.badLink });

export const autoSignStatusRecord = z.object({
  title: z.string(),
  company: z.string(),
  approver: z.string(),
  /** pending (waiting for the approver), approved, rejected; null while signers still sign. */
  auto_sign_status: z.string().nullable(),
  status: z.string(),
  ready: z.boolean(),
  signers: z.array(z.object({ name: z.string(), status: z.string(), signed_at: z.string().nullable() })),
  documents: z.array(z.object({ name: z.string(), pages: z.number() })),
  /** The stored signature the company signs with (`data:image/png;base64,…`), or null. */
  signature_image: z.string().nullable(),
});

const limit = { bucket: 'approval-ip', max: 60, windowSeconds: 600 } as const;

export const approval = {
  checkStatusAutoSignRequest: endpoint({
    method: 'POST',
    path: 'check_status_auto_sign_request',
    summary:
      'Lo que la empresa firmará automáticamente y el estado de la aprobación, con el enlace del aprobador.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token: approvalToken }),
    reply: autoSignStatusRecord,
    rateLimit: limit,
    readOnly: true,
    skipAudit: true,
  }),
  approveOrRejectAutoSignRequest: endpoint({
    method: 'POST',
    path: 'approve_or_reject_auto_sign_request',
    summary:
      'El aprobador aprueba (la firma guardada se aplica y la solicitud se completa y sella) o rechaza la firma automática.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({
      token: approvalToken,
      approve: z.boolean(),
      reason: z.string().trim().max(500).optional(),
    }),
    reply: autoSignStatusRecord,
    rateLimit: limit,
    skipAudit: true,
  }),
};
