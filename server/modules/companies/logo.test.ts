import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../errors.js';
import {
  GPS_MARK,
  jpegClaiming,
  jpegWithLocation,
  pngClaiming,
  pngWithText,
  truncatedPng,
} from '../../uploads/testing/hostile-images.js';
import { readLogo, sanitizeSvg } from './logo.js';

const upload = (bytes: Buffer | string, filename = 'logo.png') => ({
  filename,
  content_base64: Buffer.from(bytes).toString('base64'),
});

const problem = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpProblem) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error('no se rechazó');
};

describe('readLogo', () => {
  it('recognises PNG and JPEG by their bytes, whatever the name says, and stores them re-encoded', async () => {
    const png = await pngWithText();
    const logo = await readLogo(upload(png, 'foto.jpg'));
    expect(logo).toMatchObject({ extension: 'png', contentType: 'image/png' });
    // Decoded and encoded afresh: the text chunk and the HTML after IEND are gone, transparency stays.
    expect(logo.bytes.includes(GPS_MARK) || logo.bytes.includes('<html>')).toBe(false);
    expect((await sharp(logo.bytes).metadata()).hasAlpha).toBe(true);
    const jpeg = await readLogo(upload(await jpegWithLocation(), 'logo.svg'));
    expect(jpeg).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(jpeg.bytes.includes(GPS_MARK)).toBe(false);
    expect((await sharp(jpeg.bytes).metadata()).exif).toBeUndefined();
  });

  it('refuses other content named like an image, and files over 1 MB', async () => {
    expect(await problem(() => readLogo(upload('GIF89a....', 'logo.png')))).toEqual({
      status: 422,
      errors: { logo: 'El logo debe ser una imagen PNG, JPEG o SVG' },
    });
    expect(
      (await problem(() => readLogo(upload('<html><script>x</script></html>', 'logo.svg')))).status,
    ).toBe(422);
    const big = Buffer.concat([await pngWithText(), Buffer.alloc(1024 * 1024)]);
    expect((await problem(() => readLogo(upload(big)))).errors).toEqual({
      logo: 'El logo no puede superar 1 MB',
    });
  });

  it('refuses pixel bombs and truncated pictures on the logo field', async () => {
    expect(await problem(() => readLogo(upload(pngClaiming(65_535, 65_535))))).toEqual({
      status: 422,
      errors: { logo: 'La imagen del logo mide 65.535 × 65.535 píxeles; el máximo es 16,8 megapíxeles' },
    });
    expect(await problem(async () => readLogo(upload(await jpegClaiming(30_000, 30_000))))).toEqual({
      status: 422,
      errors: { logo: 'La imagen del logo mide 30.000 × 30.000 píxeles; el máximo es 16,8 megapíxeles' },
    });
    expect(await problem(async () => readLogo(upload(await truncatedPng())))).toEqual({
      status: 422,
      errors: { logo: 'La imagen del logo está dañada o incompleta y no se puede leer' },
    });
  });

  it('accepts an SVG with a prolog and keeps its drawing', async () => {
    const svg =
      '<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z" fill="#c90"/></svg>';
    const logo = await readLogo(upload(svg, 'logo.png'));
    expect(logo.contentType).toBe('image/svg+xml');
    expect(logo.bytes.toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z" fill="#c90"></path></svg>',
    );
  });
});

describe('sanitizeSvg', () => {
  it('strips scripts, event handlers, styles, foreign content and external references', () => {
    const dirty = [
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">',
      '<script>alert(1)</script><script><![CDATA[alert(2)]]></script>',
      '<style>@import url(https://evil.test/x.css);</style>',
      '<foreignObject><div>html</div></foreignObject>',
      '<image href="https://evil.test/track.png"/>',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      '<use xlink:href="https://evil.test/sprite.svg#a"/><use href="#local"/>',
      '<rect fill="url(https://evil.test/p)" stroke="url(#grad)" style="fill:url(https://evil.test)" onclick="x()"/>',
      '</svg>',
    ].join('');
    const clean = sanitizeSvg(dirty);
    expect(clean).not.toMatch(/script|alert|evil|onload|onclick|style|foreignObject|image|javascript|<a/i);
    expect(clean).toContain('<use></use><use href="#local"></use>');
    expect(clean).toContain('stroke="url(#grad)"');
    expect(clean).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink">/,
    );
  });

  it('keeps case-sensitive SVG names', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><linearGradient gradientUnits="userSpaceOnUse"/></svg>')).toBe(
      '<svg viewBox="0 0 1 1"><linearGradient gradientUnits="userSpaceOnUse"></linearGradient></svg>',
    );
  });
});
