import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { normaliseGraphic, normalisePhoto, normaliseSignatureImage } from './images.js';
import {
  GPS_MARK,
  jpegClaiming,
  jpegWithLocation,
  picture,
  pngClaiming,
  pngWithText,
  truncatedPng,
} from './testing/hostile-images.js';

const problem = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

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
    const unreadable = 'La imagen de la firma está dañada o incompleta y no se puede leer';
    expect([broken.statusCode, broken.message, broken.errors]).toEqual([
      422,
      unreadable,
      { image: unreadable },
    ]);
  });

  it('refuses a pixel bomb from its header, without decoding it, naming the field', async () => {
    const bomb = pngClaiming(65_535, 65_535);
    expect(bomb.length).toBeLessThan(200);
    const error = await problem(
      normaliseSignatureImage(bomb, { name: 'signature_image', of: 'de la firma' }),
    );
    const message = 'La imagen de la firma mide 65.535 × 65.535 píxeles; el máximo es 40 megapíxeles';
    expect([error.statusCode, error.message, error.errors]).toEqual([
      422,
      message,
      { signature_image: message },
    ]);
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

describe('hostile images, for every kind that is stored', () => {
  const kinds = {
    logo: (bytes: Buffer) => normaliseGraphic(bytes, { format: 'png', kind: 'logo' }),
    banner: (bytes: Buffer) => normaliseGraphic(bytes, { format: 'jpeg', kind: 'banner' }),
    signature: (bytes: Buffer) => normaliseSignatureImage(bytes),
    photo: (bytes: Buffer) => normalisePhoto(bytes),
  };
  const fields = { logo: 'logo', banner: 'image', signature: 'image', photo: 'image' };

  for (const [kind, store] of Object.entries(kinds) as [
    keyof typeof kinds,
    (bytes: Buffer) => Promise<unknown>,
  ][]) {
    it(`${kind}: refuses a PNG claiming 65,535 × 65,535, a JPEG claiming 30,000 × 30,000 and a truncated PNG`, async () => {
      for (const bomb of [pngClaiming(65_535, 65_535), await jpegClaiming(30_000, 30_000)]) {
        const error = await problem(store(bomb));
        expect(error.statusCode).toBe(422);
        expect(error.message).toMatch(
          /^La imagen (del|de la) \w+ mide (65\.535 × 65\.535|30\.000 × 30\.000) píxeles; el máximo es/,
        );
        expect(error.errors).toEqual({ [fields[kind]]: error.message });
      }
      const truncated = await problem(store(await truncatedPng()));
      expect(truncated.statusCode).toBe(422);
      expect(truncated.message).toMatch(/está dañada o incompleta/);
      expect(truncated.errors).toEqual({ [fields[kind]]: truncated.message });
    });
  }

  it('allows logos and banners 4,096 × 4,096 pixels, and refuses one pixel row more', async () => {
    // Header-only images: the limit is decided before any pixel is decoded.
    const over = await problem(normaliseGraphic(pngClaiming(4096, 4097), { format: 'png', kind: 'logo' }));
    expect(over.message).toBe('La imagen del logo mide 4.096 × 4.097 píxeles; el máximo es 16,8 megapíxeles');
    const atLimit = await problem(
      normaliseGraphic(pngClaiming(4096, 4096), { format: 'png', kind: 'banner' }),
    );
    expect(atLimit.message).toMatch(/está dañada o incompleta/);
  });

  it('stores a logo or banner re-encoded in its own format: transparency kept, metadata and trailing bytes gone', async () => {
    const png = await pngWithText();
    const logo = await normaliseGraphic(png, { format: 'png', kind: 'logo' });
    expect(logo.mimeType).toBe('image/png');
    expect(logo.bytes.equals(png)).toBe(false);
    expect(logo.bytes.includes(GPS_MARK)).toBe(false);
    expect(logo.bytes.includes('<html>')).toBe(false);
    const pngMetadata = await sharp(logo.bytes).metadata();
    expect([pngMetadata.format, pngMetadata.hasAlpha, pngMetadata.width, pngMetadata.height]).toEqual([
      'png',
      true,
      120,
      80,
    ]);

    const jpeg = await jpegWithLocation();
    expect(jpeg.includes(GPS_MARK)).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const banner = await normaliseGraphic(jpeg, { format: 'jpeg', kind: 'banner' });
    expect(banner.mimeType).toBe('image/jpeg');
    expect(banner.bytes.includes(GPS_MARK)).toBe(false);
    expect(banner.bytes.includes('<html>')).toBe(false);
    const jpegMetadata = await sharp(banner.bytes).metadata();
    expect([jpegMetadata.format, jpegMetadata.exif, jpegMetadata.icc]).toEqual([
      'jpeg',
      undefined,
      undefined,
    ]);
  });

  it('drops EXIF GPS from a selfie and from a signature', async () => {
    const jpeg = await jpegWithLocation();
    for (const stored of [await normalisePhoto(jpeg), await normaliseSignatureImage(jpeg)]) {
      expect(stored.bytes.includes(GPS_MARK)).toBe(false);
      expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();
    }
    expect((await normaliseSignatureImage(await picture('png'))).mimeType).toBe('image/png');
  });
});
