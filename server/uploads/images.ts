import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { HttpProblem } from '../errors.js';
import { IMAGE_LIMITS } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { checkUploadKind } from './sniff.js';

export type ImageBox = { maxWidth: number; maxHeight: number; maxBytes: number };

export type StoredImage = {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** SHA-256 of `bytes`, hex: what the evidence records. */
  sha256: string;
};

const refuse = (message: string) => new HttpProblem(422, message);
/** Each retry shrinks the picture to this fraction of its sides until it fits `maxBytes`. */
const SHRINK = 0.75;
const MAX_ATTEMPTS = 8;

/** Width and height from the header alone (422 when there is none). */
export async function readImageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    // Only the header is read: the pixel count is known before anything is decoded.
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!width || !height) throw refuse(FILE_MESSAGES.imageUnreadable);
    return { width, height };
  } catch (error) {
    throw error instanceof HttpProblem ? error : refuse(FILE_MESSAGES.imageUnreadable);
  }
}

/**
 * Decodes any raster image sharp reads (first frame only), applies its EXIF orientation, fits it
 * in the box, and encodes it afresh as PNG (transparency kept) or JPEG (on white): no metadata,
 * no colour profile, no trailing bytes survive. Shrinks until the bytes fit.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: { format: 'png' | 'jpeg'; box: ImageBox },
): Promise<StoredImage> {
  const { width, height } = await readImageSize(bytes);
  if (width * height > IMAGE_LIMITS.maxInputPixels) throw refuse(FILE_MESSAGES.imageTooManyPixels);
  let maxWidth = options.box.maxWidth;
  let maxHeight = options.box.maxHeight;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let pipeline = sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true });
    pipeline =
      options.format === 'png'
        ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true });
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await pipeline.toBuffer({ resolveWithObject: true });
    } catch {
      throw refuse(FILE_MESSAGES.imageUnreadable);
    }
    if (output.data.length <= options.box.maxBytes) {
      return {
        bytes: output.data,
        mimeType: options.format === 'png' ? 'image/png' : 'image/jpeg',
        width: output.info.width,
        height: output.info.height,
        sha256: createHash('sha256').update(output.data).digest('hex'),
      };
    }
    maxWidth = Math.max(1, Math.floor(Math.min(maxWidth, output.info.width) * SHRINK));
    maxHeight = Math.max(1, Math.floor(Math.min(maxHeight, output.info.height) * SHRINK));
  }
  throw refuse(FILE_MESSAGES.imageTooLargeAfterEncoding);
}

const UPLOADED_IMAGE_KINDS = ['png', 'jpeg', 'webp'] as const;

/**
 * An uploaded signature image (`upload_sign_images`): PNG, JPEG or WebP by its bytes (415
 * otherwise, 413 over the size limit), stored as PNG with its transparency.
 */
export async function normaliseSignatureImage(bytes: Uint8Array): Promise<StoredImage> {
  await checkUploadKind(bytes, UPLOADED_IMAGE_KINDS);
  return reencodeImage(bytes, { format: 'png', box: IMAGE_LIMITS.signature });
}

/** An uploaded selfie or photo (`upload_photos_logs`): same checks, stored as JPEG. */
export async function normalisePhoto(bytes: Uint8Array): Promise<StoredImage> {
  await checkUploadKind(bytes, UPLOADED_IMAGE_KINDS);
  return reencodeImage(bytes, { format: 'jpeg', box: IMAGE_LIMITS.photo });
}
