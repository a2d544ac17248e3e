import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../errors.js';
import {
  GPS_MARK,
  jpegClaiming,
  jpegWithLocation,
  picture,
  pngClaiming,
  pngWithText,
  truncatedPng,
} from '../../uploads/testing/hostile-images.js';
import { decodeBannerImage, detectImageType } from './bannerImage.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]);

const errorsOf = async (content: string) => {
  try {
    await decodeBannerImage(content);
  } catch (error) {
    if (error instanceof HttpProblem) return error.errors;
  }
  return null;
};

describe('banner images', () => {
  it('are recognised by their bytes, not their name', () => {
    expect(detectImageType(PNG)).toEqual({ extension: 'png', mime: 'image/png' });
    expect(detectImageType(JPEG)).toEqual({ extension: 'jpg', mime: 'image/jpeg' });
    expect(detectImageType(Buffer.from('<svg onload="x()"></svg>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('decode from base64 or a data URL and are stored re-encoded, in their own format', async () => {
    const png = await pngWithText();
    const stored = await decodeBannerImage(png.toString('base64'));
    expect(stored.type.mime).toBe('image/png');
    expect(stored.bytes.includes(GPS_MARK) || stored.bytes.includes('<html>')).toBe(false);
    expect((await sharp(stored.bytes).metadata()).hasAlpha).toBe(true);
    const jpeg = await decodeBannerImage(
      `data:image/jpeg;base64,${(await jpegWithLocation()).toString('base64')}`,
    );
    expect(jpeg.type.mime).toBe('image/jpeg');
    expect(jpeg.bytes.includes(GPS_MARK)).toBe(false);
    expect((await sharp(jpeg.bytes).metadata()).format).toBe('jpeg');
    expect((await decodeBannerImage((await picture('jpeg')).toString('base64'))).type.extension).toBe('jpg');
  });

  it('are refused when not base64, not PNG/JPEG, or over 1 MB', async () => {
    expect(await errorsOf('%%%')).toEqual({ image: 'La imagen no está codificada en base64' });
    expect(await errorsOf(Buffer.from('GIF89a').toString('base64'))).toEqual({
      image: 'La imagen debe ser PNG o JPEG',
    });
    expect(await errorsOf(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64'))).toEqual({
      image: 'La imagen supera el tamaño máximo de 1 MB',
    });
  });

  it('are refused when their header claims too many pixels or their data is cut short', async () => {
    expect(await errorsOf(pngClaiming(65_535, 65_535).toString('base64'))).toEqual({
      image: 'La imagen del banner mide 65.535 × 65.535 píxeles; el máximo es 16,8 megapíxeles',
    });
    expect(await errorsOf((await jpegClaiming(30_000, 30_000)).toString('base64'))).toEqual({
      image: 'La imagen del banner mide 30.000 × 30.000 píxeles; el máximo es 16,8 megapíxeles',
    });
    expect(await errorsOf((await truncatedPng()).toString('base64'))).toEqual({
      image: 'La imagen del banner está dañada o incompleta y no se puede leer',
    });
    // Only the signature of a PNG, nothing behind it.
    expect(await errorsOf(PNG.toString('base64'))).toEqual({
      image: 'La imagen del banner está dañada o incompleta y no se puede leer',
    });
  });
});
