import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Hand-made images that lie about themselves, for the tests of every image upload. */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose IHDR claims `width × height` RGBA pixels, with almost no data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real picture: a dark disc on a coloured square, with an alpha channel when asked. */
export async function picture(
  format: 'png' | 'jpeg',
  options: { width?: number; height?: number; transparent?: boolean } = {},
): Promise<Buffer> {
  const { width = 120, height = 80, transparent = false } = options;
  const background = transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 200, g: 120, b: 40, alpha: 1 };
  const disc = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#123456"/></svg>`;
  const image = sharp({ create: { width, height, channels: 4, background } }).composite([
    { input: Buffer.from(disc) },
  ]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A real JPEG whose start-of-frame marker is rewritten to claim `width × height` pixels. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await picture('jpeg', { width: 16, height: 16 }));
  // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC): FF Cn, length (2), precision (1), height, width.
  for (let at = 2; at < jpeg.length - 9; ) {
    if (jpeg[at] !== 0xff) throw new Error('JPEG inesperado');
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('JPEG sin marcador SOF');
}

/** A real PNG cut short in the middle of its pixel data. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await picture('png', { width: 300, height: 200 });
  return png.subarray(0, Math.floor(png.length * 0.6));
}

/** Where a JPEG was taken, written in its EXIF GPS block, to prove it does not survive. */
export const GPS_MARK = 'Bogota-GPS-secreto';

/**
 * An EXIF APP1 segment by hand (little-endian TIFF): IFD0 points to a GPS IFD holding latitude
 * 4° 36' N and GPS_MARK as the map datum.
 */
function exifGpsSegment(): Buffer {
  const datum = Buffer.from(`${GPS_MARK}\0`, 'latin1');
  const tiff = Buffer.alloc(8 + 18 + 2 + 3 * 12 + 4 + 24 + datum.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, the GPS IFD pointer.
  const gpsIfd = 8 + 18;
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x8825, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(gpsIfd, 18);
  tiff.writeUInt32LE(0, 22);
  const rationals = gpsIfd + 2 + 3 * 12 + 4;
  const datumAt = rationals + 24;
  const entry = (index: number, tag: number, type: number, count: number, value: (at: number) => void) => {
    const at = gpsIfd + 2 + index * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    value(at + 8);
  };
  tiff.writeUInt16LE(3, gpsIfd);
  entry(0, 0x0001, 2, 2, (at) => tiff.write('N\0', at, 'latin1'));
  entry(1, 0x0002, 5, 3, (at) => tiff.writeUInt32LE(rationals, at));
  entry(2, 0x0012, 2, datum.length, (at) => tiff.writeUInt32LE(datumAt, at));
  tiff.writeUInt32LE(0, gpsIfd + 2 + 3 * 12);
  [4, 1, 36, 1, 0, 1].forEach((value, index) => {
    tiff.writeUInt32LE(value, rationals + index * 4);
  });
  datum.copy(tiff, datumAt);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG with EXIF GPS coordinates inserted after its start marker. */
export function withGpsExif(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)]);
}

/** A real JPEG carrying EXIF GPS coordinates and an HTML page after its end. */
export async function jpegWithLocation(): Promise<Buffer> {
  return Buffer.concat([
    withGpsExif(await picture('jpeg')),
    Buffer.from('<html><script>x()</script></html>'),
  ]);
}

/** A real PNG carrying a text chunk and bytes after IEND. */
export async function pngWithText(transparent = true): Promise<Buffer> {
  const png = await picture('png', { transparent });
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    pngChunk('tEXt', Buffer.from(`Comment\0${GPS_MARK}`, 'latin1')),
    png.subarray(iend),
    Buffer.from('<html><script>x()</script></html>'),
  ]);
}
