import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { normalisePhoto, normaliseSignatureImage } from './images.js';

const problem = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

/** A PNG whose header claims `width × height` pixels, with almost no data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('normaliseSignatureImage', () => {
  it('stores a PNG that keeps transparency, fits the box and carries its SHA-256', async () => {
    const drawn = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="3000" height="1000"><path d="M10 500 L2990 500" stroke="#000" stroke-width="40"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const stored = await normaliseSignatureImage(drawn);
    expect(stored.mimeType).toBe('image/png');
    expect([stored.width, stored.height]).toEqual([1200, 400]);
    const metadata = await sharp(stored.bytes).metadata();
    expect([metadata.format, metadata.hasAlpha]).toEqual(['png', true]);
    const { data } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the top-left corner stays transparent
    expect(stored.sha256).toBe(createHash('sha256').update(stored.bytes).digest('hex'));
  });

  it('shrinks a picture until it fits the byte limit', async () => {
    const noise = await sharp(randomBytes(1200 * 600 * 4), { raw: { width: 1200, height: 600, channels: 4 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(512 * 1024);
    const stored = await normaliseSignatureImage(noise);
    expect(stored.bytes.length).toBeLessThanOrEqual(512 * 1024);
    expect(stored.width).toBeLessThan(1200);
  });

  it('refuses what is not an image with 415, and a broken image with 422', async () => {
    expect((await problem(normaliseSignatureImage(Buffer.from('<svg onload="alert(1)"/>')))).statusCode).toBe(
      415,
    );
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const broken = await problem(normaliseSignatureImage(png.subarray(0, 40)));
    expect([broken.statusCode, broken.message]).toEqual([422, 'La imagen está dañada o no se puede leer']);
  });

  it('refuses a pixel bomb from its header, without decoding it', async () => {
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(200);
    const error = await problem(normaliseSignatureImage(bomb));
    expect([error.statusCode, error.message]).toEqual([422, 'La imagen tiene demasiados píxeles']);
  });
});

describe('normalisePhoto', () => {
  it('applies the EXIF orientation and strips every metadata field', async () => {
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'dato-privado' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.includes('dato-privado')).toBe(true);
    const stored = await normalisePhoto(photo);
    expect(stored.mimeType).toBe('image/jpeg');
    expect([stored.width, stored.height]).toEqual([200, 400]);
    const metadata = await sharp(stored.bytes).metadata();
    expect([metadata.format, metadata.exif, metadata.orientation, metadata.icc]).toEqual([
      'jpeg',
      undefined,
      undefined,
      undefined,
    ]);
    expect(stored.bytes.includes('dato-privado')).toBe(false);
  });

  it('turns a WebP with transparency into a JPEG on white', async () => {
    const webp = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    const stored = await normalisePhoto(webp);
    const { data } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });
});
