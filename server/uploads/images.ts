import { createHash } from 'node:crypto';
import type { OutputInfo } from 'sharp';
import { HttpProblem } from '../errors.js';
import { loadSharp } from '../lazyDependencies.js';
import { formatMegapixels, IMAGE_LIMITS, type ImageRules } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { checkUploadKind } from './sniff.js';

export type StoredImage = {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** SHA-256 of `bytes`, hex: what the evidence records. */
  sha256: string;
};

/** Where an image came from, so that a refusal names it. */
export type ImageField = {
  /** The request field, the key of the reply's `errors`. */
  name: string;
  /** How the message names the image: «del logo», «de la firma». */
  of: string;
};

export const IMAGE_FIELDS = {
  signature: { name: 'image', of: 'de la firma' },
  photo: { name: 'image', of: 'de la foto' },
  logo: { name: 'logo', of: 'del logo' },
  banner: { name: 'image', of: 'del banner' },
} as const satisfies Record<string, ImageField>;

const refuse = (field: ImageField, message: string) =>
  new HttpProblem(422, message, { [field.name]: message });

/** Each retry shrinks the picture to this fraction of its sides until it fits `maxBytes`. */
const SHRINK = 0.75;
const MAX_ATTEMPTS = 8;

/**
 * Width and height from the header alone, before anything is decoded: 422 naming the field when
 * there is no readable header or it claims more pixels than `rules` allow.
 */
export async function checkImageSize(
  bytes: Uint8Array,
  rules: Pick<ImageRules, 'maxInputPixels'>,
  field: ImageField,
): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let size: { width?: number; height?: number };
  try {
    size = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(field, FILE_MESSAGES.imageUnreadable(field.of));
  }
  const { width, height } = size;
  if (!width || !height) throw refuse(field, FILE_MESSAGES.imageUnreadable(field.of));
  if (width * height > rules.maxInputPixels) {
    const limit = formatMegapixels(rules.maxInputPixels);
    throw refuse(field, FILE_MESSAGES.imageTooManyPixels(field.of, width, height, limit));
  }
  return { width, height };
}

/**
 * Decodes any raster image sharp reads (first frame only) within the pixel limit of `rules`,
 * failing on truncated or corrupt data, applies its EXIF orientation, fits it in the box, and
 * encodes it afresh as PNG (transparency kept) or JPEG (on white): no metadata (EXIF, GPS, XMP),
 * no colour profile, no trailing bytes survive. Shrinks until the bytes fit.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: { format: 'png' | 'jpeg'; rules: ImageRules; field: ImageField },
): Promise<StoredImage> {
  const { rules, field } = options;
  await checkImageSize(bytes, rules, field);
  const sharp = await loadSharp();
  let maxWidth = rules.maxWidth;
  let maxHeight = rules.maxHeight;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // The decoder enforces the limit itself too: the header checked above is not trusted alone.
    let pipeline = sharp(bytes, { limitInputPixels: rules.maxInputPixels, failOn: 'error' })
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
      throw refuse(field, FILE_MESSAGES.imageUnreadable(field.of));
    }
    if (output.data.length <= rules.maxBytes) {
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
  throw refuse(field, FILE_MESSAGES.imageTooLargeAfterEncoding(field.of));
}

const UPLOADED_IMAGE_KINDS = ['png', 'jpeg', 'webp'] as const;

/**
 * A signature image (`upload_sign_images`, `update_signature`): PNG, JPEG or WebP by its bytes
 * (415 otherwise, 413 over the size limit), stored as PNG with its transparency.
 */
export async function normaliseSignatureImage(
  bytes: Uint8Array,
  field: ImageField = IMAGE_FIELDS.signature,
): Promise<StoredImage> {
  await checkUploadKind(bytes, UPLOADED_IMAGE_KINDS);
  return reencodeImage(bytes, { format: 'png', rules: IMAGE_LIMITS.signature, field });
}

/** A selfie or photo (`upload_photos_logs`): same checks, stored as JPEG. */
export async function normalisePhoto(
  bytes: Uint8Array,
  field: ImageField = IMAGE_FIELDS.photo,
): Promise<StoredImage> {
  await checkUploadKind(bytes, UPLOADED_IMAGE_KINDS);
  return reencodeImage(bytes, { format: 'jpeg', rules: IMAGE_LIMITS.photo, field });
}

/**
 * A company logo or a banner image whose type (PNG or JPEG) the caller told from its bytes: stored
 * in the same format, so a PNG keeps its transparency and a JPEG stays a compact photo.
 */
export function normaliseGraphic(
  bytes: Uint8Array,
  options: { format: 'png' | 'jpeg'; kind: 'logo' | 'banner' },
): Promise<StoredImage> {
  return reencodeImage(bytes, {
    format: options.format,
    rules: IMAGE_LIMITS[options.kind],
    field: IMAGE_FIELDS[options.kind],
  });
}
