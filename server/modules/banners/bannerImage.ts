import { randomUUID } from 'node:crypto';
import { BANNER_IMAGE_MAX_BYTES } from '../../../contract/endpoints/banner.js';
import { unprocessable } from '../../errors.js';
import { normaliseGraphic } from '../../uploads/images.js';

export type ImageType = { extension: 'png' | 'jpg'; mime: 'image/png' | 'image/jpeg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The real type of an image, read from its first bytes (never from its name or a declared type). */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return { extension: 'png', mime: 'image/png' };
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return { extension: 'jpg', mime: 'image/jpeg' };
  return null;
}

const invalid = (message: string) => unprocessable('Revise la imagen del banner', { image: message });

/**
 * Decodes an uploaded banner image and checks it: base64, at most 1 MB, PNG or JPEG by its bytes,
 * then decoded within the pixel limit and re-encoded in its own format (no metadata, no trailing
 * bytes). Refusals are 422 on the `image` field.
 */
export async function decodeBannerImage(contentBase64: string): Promise<{ bytes: Buffer; type: ImageType }> {
  const payload = contentBase64.replace(/^data:[\w.+/-]*;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw invalid('La imagen no está codificada en base64');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > BANNER_IMAGE_MAX_BYTES) throw invalid('La imagen supera el tamaño máximo de 1 MB');
  const type = detectImageType(bytes);
  if (!type) throw invalid('La imagen debe ser PNG o JPEG');
  const format = type.extension === 'png' ? 'png' : 'jpeg';
  const stored = await normaliseGraphic(bytes, { format, kind: 'banner' });
  return { bytes: stored.bytes, type };
}

/** A fresh storage key: a replaced image never overwrites the one a reader may still be fetching. */
export const newBannerImageKey = (type: ImageType) => `banners/${randomUUID()}.${type.extension}`;

export const mimeOfKey = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');
