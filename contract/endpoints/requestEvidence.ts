import { z } from 'zod';
import { endpoint } from '../define.js';
import { id } from '../schemas.js';

const area = 'Signature requests';

/** One entry of a request's chained trail, as the certificate of completion prints it. */
export const auditTrailEntry = z.object({
  sequence: z.number(),
  at: z.string(),
  /** Who acted, as the chain recorded it (a user, a signer, the system). */
  actor: z.string().nullable(),
  action: z.string(),
  data: z.record(z.string(), z.unknown()),
  previous_hash: z.string(),
  hash: z.string(),
  /** The Spanish sentence the entry reads as. */
  sentence: z.string(),
});

export const EVIDENCE_MESSAGES = {
  notSealed:
    'El documento aún no está sellado: el certificado de finalización se emite al completarse la solicitud',
} as const;

/** The evidence of a sent request an integration may fetch besides its documents. */
export const requestEvidence = {
  getSignatureRequestAuditTrail: endpoint({
    method: 'GET',
    path: 'signature_request_audit_trail/{id}',
    summary:
      'La pista de auditoría de una solicitud en JSON: cada evento encadenado (secuencia, fecha, actor, acción, datos, hashes) con su frase, y si la cadena está íntegra.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    params: z.object({ id }),
    reply: z.object({
      request_id: z.number(),
      validation_code: z.string(),
      /** False when a stored entry was edited, inserted or deleted after the fact. */
      intact: z.boolean(),
      entries: z.array(auditTrailEntry),
    }),
    owns: [{ entity: 'signatureRequest', from: 'params', field: 'id' }],
    apiKey: true,
  }),
  getCompletionCertificate: endpoint({
    method: 'GET',
    path: 'signature_request_certificate/{documentId}',
    summary:
      'El certificado de finalización de un documento sellado, solo (las páginas que el sello agrega al PDF: firmantes, evidencias y pista de auditoría). 409 mientras no esté sellado; el PDF firmado sigue siendo view_pdf_document.',
    area,
    scope: 'company',
    permissions: ['signature_request.list'],
    params: z.object({ documentId: id }),
    reply: z.never(),
    produces: 'file',
    owns: [{ entity: 'requestDocument', from: 'params', field: 'documentId' }],
    apiKey: true,
  }),
} as const;
