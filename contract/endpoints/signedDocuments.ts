import { z } from 'zod';
import { endpoint } from '../define.js';

/**
 * The signer's copy of a finished request, without an account: through their own signing link
 * (its token is the credential, as on the signing pages) or through the time-limited download
 * link of a completion e-mail whose PDFs were too large to attach. Every download is logged.
 */

const area = 'Signature requests';
/** The signing pages' limit: these calls are made from the same pages and e-mails. */
const signingLimit = { bucket: 'signing-ip', max: 300, windowSeconds: 600 } as const;
/** Shape checked by the service (a malformed token is answered 404, like an unknown one). */
const token = z.string().max(200);

export const signedRequestView = z.object({
  request_id: z.number(),
  title: z.string(),
  company: z.string(),
  /** `pending` while the documents are being sealed; `sealed` once they can be downloaded. */
  seal_status: z.enum(['pending', 'sealed']),
  documents: z.array(z.object({ id: z.number(), name: z.string(), page_count: z.number() })),
});

export const signedDocuments = {
  signedRequestDocuments: endpoint({
    method: 'POST',
    path: 'signed_request_documents',
    summary:
      'El firmante del enlace ve la solicitud terminada: si sus documentos ya están sellados y cuáles puede descargar.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ token }),
    reply: signedRequestView,
    rateLimit: signingLimit,
    readOnly: true,
    skipAudit: true,
  }),
  downloadSignedRequestDocument: endpoint({
    method: 'GET',
    path: 'signed_request_document',
    summary:
      'Descarga un documento sellado de una solicitud terminada con el enlace de firma del firmante; queda registrado.',
    area,
    scope: 'public',
    permissions: [],
    query: z.object({ token, document_id: z.coerce.number().int().positive().max(2_147_483_647) }),
    reply: z.never(),
    produces: 'file',
    rateLimit: signingLimit,
    skipAudit: true,
  }),
  downloadSignedCopy: endpoint({
    method: 'GET',
    path: 'signed_document',
    summary:
      'Descarga el documento sellado (un ZIP si son varios) con el enlace del correo de finalización, mientras no venza; queda registrado.',
    area,
    scope: 'public',
    permissions: [],
    query: z.object({ token }),
    reply: z.never(),
    produces: 'file',
    rateLimit: signingLimit,
    skipAudit: true,
  }),
} as const;
