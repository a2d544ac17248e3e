import { z } from 'zod';
import { endpoint } from '../define.js';
import { base64Upload } from '../schemas.js';

const area = 'Validación de documentos';

export const VALIDATION_MESSAGES = {
  pdfTooLarge: 'El PDF no puede superar 7 MB',
  pdfBase64: 'El contenido del PDF debe venir en base64',
  badCode: 'El código de validación tiene 12 letras y números, como K7QM-2XHD-9TRB',
  unknownCode: 'No encontramos un documento firmado con ese código de validación',
  notPdf: 'El archivo no es un PDF',
} as const;

/** A sealed PDF is its rendered pages plus the certificate: 7 MB fits the 10 MB request limit in base64. */
export const VALIDATION_PDF_MAX_BYTES = 7 * 1024 * 1024;

export const integrityStatus = z.enum(['intact', 'modified', 'altered', 'unsigned']);

const timestamp = z.object({ time: z.string(), authority: z.string() });

/** What anyone with the code (or the file) may know: who signed and when, and whether it is intact; never the content. */
export const requestSummary = z.object({
  validation_code: z.string(),
  title: z.string(),
  company: z.string(),
  /** in_progress, completed, rejected, cancelled, expired. */
  status: z.string(),
  /** not_ready, pending, sealed. */
  seal_status: z.string(),
  completed_at: z.string().nullable(),
  sealed_at: z.string().nullable(),
  /** The hash-chained audit trail of the request checks out against the anchor stored when sealing. */
  audit_trail_intact: z.boolean(),
  signers: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      signed_at: z.string().nullable(),
    }),
  ),
  documents: z.array(
    z.object({
      name: z.string(),
      pages: z.number(),
      /** Of the stored sealed file; null while it is not sealed. */
      status: integrityStatus.nullable(),
      status_text: z.string(),
      sealed_sha256: z.string().nullable(),
      timestamp: timestamp.nullable(),
    }),
  ),
});

export const fileVerdict = z.object({
  status: integrityStatus,
  /** One sentence in plain Spanish. */
  summary: z.string(),
  problems: z.array(z.string()),
  sha256: z.string(),
  signatures: z.array(
    z.object({
      signer: z.string().nullable(),
      organization: z.string().nullable(),
      signed_at: z.string().nullable(),
      timestamp: timestamp.nullable(),
      covers_whole_document: z.boolean(),
      valid: z.boolean(),
    }),
  ),
  /** The request whose sealed file has exactly these bytes, if any. */
  request: requestSummary.nullable(),
});

// Per address: an honest person checks a few documents; guessing 59-bit codes needs billions of tries.
const validationLimit = { bucket: 'validation-ip', max: 30, windowSeconds: 600 } as const;

export const validation = {
  validateCertificateCode: endpoint({
    method: 'POST',
    path: 'certificate_validation/code',
    summary:
      'Valida un documento firmado por su código de validación (el del certificado y su QR): estado, firmantes, fechas y sello de tiempo, sin su contenido.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object({ code: z.string().trim().min(1).max(40) }),
    reply: requestSummary,
    rateLimit: validationLimit,
    readOnly: true,
    skipAudit: true,
    example: { body: { code: 'K7QM-2XHD-9TRB' } },
  }),
  validateCertificatePdf: endpoint({
    method: 'POST',
    path: 'certificate_validation/pdf',
    summary:
      'Valida un PDF subido: íntegro, modificado después de firmado, alterado o sin firmas; y, si es el sellado de una solicitud, su resumen.',
    area,
    scope: 'public',
    permissions: [],
    body: z.object(
      base64Upload(VALIDATION_PDF_MAX_BYTES, {
        tooLarge: VALIDATION_MESSAGES.pdfTooLarge,
        base64: VALIDATION_MESSAGES.pdfBase64,
      }),
    ),
    reply: fileVerdict,
    rateLimit: { bucket: 'validation-pdf-ip', max: 20, windowSeconds: 600 },
    readOnly: true,
    skipAudit: true,
  }),
};
