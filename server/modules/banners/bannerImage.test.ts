import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../errors.js';
import { decodeBannerImage, detectImageType } from './bannerImage.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]);

const errorsOf = (content: string) => {
  try {
    decodeBannerImage(content);
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

  it('decode from base64 or a data URL', () => {
    expect(decodeBannerImage(PNG.toString('base64')).bytes).toEqual(PNG);
    expect(decodeBannerImage(`data:image/jpeg;base64,${JPEG.toString('base64')}`).type.mime).toBe(
      'image/jpeg',
    );
  });

  it('are refused when not base64, not PNG/JPEG, or over 1 MB', () => {
    expect(errorsOf('%%%')).toEqual({ image: 'La imagen no está codificada en base64' });
    expect(errorsOf(Buffer.from('GIF89a').toString('base64'))).toEqual({
      image: 'La imagen debe ser PNG o JPEG',
    });
    expect(errorsOf(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64'))).toEqual({
      image: 'La imagen supera el tamaño máximo de 1 MB',
    });
  });
});
