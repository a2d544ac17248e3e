import { createHash } from 'node:crypto';
import { HttpProblem } from '../errors.js';
import { IMAGE_LIMITS, TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';

/** Resolves a stored-file reference (any `src` that is not a data URL) to its bytes, or null. */
export type ImageLoader = (src: string) => Promise<Buffer | Uint8Array | null>;

export type ImageFormat = 'png' | 'jpg' | 'gif';

/** An image ready for the compiler: its bytes are mapped at `path` inside the virtual project. */
export type ResolvedImage = {
  path: string;
  bytes: Buffer;
  format: ImageFormat;
  widthPx: number;
  heightPx: number;
};

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]*)$/i;
/** Stored files are named by a site-relative path; anything with a scheme or `//` is refused. */
const STORED_REFERENCE = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/-]{1,500}$/;

/** The format by magic number, never by what the source claims. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** Pixel size from the image header (PNG IHDR, GIF screen descriptor, JPEG start-of-frame). */
export function imageDimensions(
  bytes: Buffer,
  format: ImageFormat,
): { widthPx: number; heightPx: number } | null {
  if (format === 'png') {
    return bytes.length >= 24 ? { widthPx: bytes.readUInt32BE(16), heightPx: bytes.readUInt32BE(20) } : null;
  }
  if (format === 'gif') {
    return bytes.length >= 10 ? { widthPx: bytes.readUInt16LE(6), heightPx: bytes.readUInt16LE(8) } : null;
  }
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { heightPx: bytes.readUInt16BE(offset + 5), widthPx: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

const unavailable = () =>
  new HttpProblem(422, 'Una imagen de la plantilla no está disponible o no es válida');

async function fetchBytes(src: string, loader: ImageLoader | undefined): Promise<Buffer> {
  const data = DATA_URL.exec(src);
  if (data) {
    const type = data[1]!.toLowerCase();
    if (!(TEMPLATE_HTML_ALLOWLIST.imageDataTypes as readonly string[]).includes(type)) {
      throw new HttpProblem(422, 'Las imágenes de la plantilla deben ser PNG, JPEG o GIF');
    }
    // Four base64 characters carry three bytes: refuse before decoding anything too large.
    if ((data[2]!.length * 3) / 4 > IMAGE_LIMITS.maxBytesPerImage + 3) throw tooLarge();
    return Buffer.from(data[2]!, 'base64');
  }
  if (!loader || !STORED_REFERENCE.test(src)) throw unavailable();
  const loaded = await loader(src);
  if (!loaded) throw unavailable();
  return Buffer.from(loaded);
}

const tooLarge = () =>
  new HttpProblem(
    413,
    `Cada imagen de la plantilla debe pesar como máximo ${IMAGE_LIMITS.maxBytesPerImage / 1024 / 1024} MB`,
  );

/** Loads, checks and names every image of a template; the same bytes always get the same path. */
export async function resolveImages(
  sources: readonly string[],
  loader?: ImageLoader,
): Promise<Map<string, ResolvedImage>> {
  const unique = [...new Set(sources)];
  if (unique.length > IMAGE_LIMITS.maxImages) {
    throw new HttpProblem(422, `La plantilla puede tener como máximo ${IMAGE_LIMITS.maxImages} imágenes`);
  }
  const images = new Map<string, ResolvedImage>();
  let total = 0;
  for (const src of unique) {
    const bytes = await fetchBytes(src.trim(), loader);
    if (bytes.length > IMAGE_LIMITS.maxBytesPerImage) throw tooLarge();
    total += bytes.length;
    if (total > IMAGE_LIMITS.maxTotalBytes) {
      throw new HttpProblem(
        413,
        `Las imágenes de la plantilla deben sumar como máximo ${IMAGE_LIMITS.maxTotalBytes / 1024 / 1024} MB`,
      );
    }
    const format = sniffImageFormat(bytes);
    if (!format) throw new HttpProblem(422, 'Las imágenes de la plantilla deben ser PNG, JPEG o GIF');
    const size = imageDimensions(bytes, format);
    if (!size || size.widthPx < 1 || size.heightPx < 1) throw unavailable();
    if (size.widthPx * size.heightPx > IMAGE_LIMITS.maxPixels) {
      throw new HttpProblem(422, 'Una imagen de la plantilla tiene demasiados píxeles');
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    images.set(src, { path: `/imagenes/${digest}.${format}`, bytes, format, ...size });
  }
  return images;
}
