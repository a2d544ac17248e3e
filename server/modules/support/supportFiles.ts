import { randomUUID } from 'node:crypto';
import { SUPPORT_ATTACHMENT_MAX_BYTES } from '../../../contract/endpoints/support.js';
import type { Deps } from '../../deps.js';
import { HttpProblem, unprocessable } from '../../errors.js';
import { reencodeImage } from '../../uploads/images.js';
import { checkUploadKind } from '../../uploads/index.js';
import { formatMegabytes } from '../../uploads/limits.js';
import { inspectPdf } from '../../uploads/pdf.js';

export type SupportUpload = { filename: string; content_base64: string };
export type StoredAttachment = { filename: string; contentType: string; size: number; storageKey: string };

const FIELD = { name: 'attachments', of: 'del adjunto' };
/** Screenshots keep their detail; the bytes still fit the attachment's limit. */
const IMAGE_RULES = {
  maxInputPixels: 40_000_000,
  maxWidth: 4096,
  maxHeight: 4096,
  maxBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
};

/** The name shown and downloaded: no folders (control characters are refused by the contract). */
const safeFileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/"/g, '')
    .trim()
    .slice(0, 200) || 'adjunto';

const refuse = (message: string) => unprocessable(message, { attachments: message });

function decode(upload: SupportUpload): Buffer {
  const payload = upload.content_base64.replace(/^data:[\w.+/-]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw refuse(`El adjunto «${upload.filename}» no está codificado en base64`);
  }
  return Buffer.from(payload, 'base64');
}

/**
 * Checks an attachment through the upload rules (PDF, PNG or JPEG by its bytes; PDFs without
 * scripts, encryption or glued content; images decoded and re-encoded without metadata) and
 * returns the bytes to store.
 */
async function checkAttachment(upload: SupportUpload): Promise<{ bytes: Buffer; contentType: string }> {
  const bytes = decode(upload);
  if (bytes.length > SUPPORT_ATTACHMENT_MAX_BYTES) {
    throw new HttpProblem(
      413,
      `El adjunto «${upload.filename}» supera el tamaño máximo de ${formatMegabytes(SUPPORT_ATTACHMENT_MAX_BYTES)}`,
      {
        attachments: 'Adjunto demasiado grande',
      },
    );
  }
  const kind = await checkUploadKind(bytes, ['pdf', 'png', 'jpeg']);
  if (kind === 'pdf') {
    await inspectPdf(bytes);
    return { bytes, contentType: 'application/pdf' };
  }
  const image = await reencodeImage(bytes, { format: kind, rules: IMAGE_RULES, field: FIELD });
  return { bytes: image.bytes, contentType: image.mimeType };
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** Checks every upload first, then stores them; nothing is stored when one is refused. */
export async function storeAttachments(
  deps: Deps,
  uploads: readonly SupportUpload[] | undefined,
): Promise<StoredAttachment[]> {
  if (!uploads?.length) return [];
  const checked = [];
  for (const upload of uploads) checked.push({ upload, ...(await checkAttachment(upload)) });
  const stored: StoredAttachment[] = [];
  for (const { upload, bytes, contentType } of checked) {
    const storageKey = `support/${randomUUID()}.${EXTENSIONS[contentType]}`;
    await deps.storage.put(storageKey, bytes);
    stored.push({ filename: safeFileName(upload.filename), contentType, size: bytes.length, storageKey });
  }
  return stored;
}

/** Removes files whose message was not saved. */
export async function discardAttachments(deps: Deps, stored: readonly StoredAttachment[]): Promise<void> {
  for (const file of stored) {
    await deps.storage.delete(file.storageKey).catch((error: unknown) => {
      deps.logger.warn({ err: error, key: file.storageKey }, 'No se pudo borrar un adjunto de soporte');
    });
  }
}
