import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../errors.js';
import { readLogo, sanitizeSvg } from './logo.js';

const upload = (bytes: Buffer | string, filename = 'logo.png') => ({
  filename,
  content_base64: Buffer.from(bytes).toString('base64'),
});
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);

const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error('no se rechazó');
};

describe('readLogo', () => {
  it('recognises PNG and JPEG by their bytes, whatever the name says', () => {
    expect(readLogo(upload(PNG, 'foto.jpg'))).toMatchObject({ extension: 'png', contentType: 'image/png' });
    expect(readLogo(upload(JPEG, 'logo.svg'))).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
  });

  it('refuses other content named like an image, and files over 1 MB', () => {
    expect(problem(() => readLogo(upload('GIF89a....', 'logo.png')))).toEqual({
      status: 422,
      errors: { logo: 'El logo debe ser una imagen PNG, JPEG o SVG' },
    });
    expect(problem(() => readLogo(upload('<html><script>x</script></html>', 'logo.svg'))).status).toBe(422);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(problem(() => readLogo(upload(big))).errors).toEqual({ logo: 'El logo no puede superar 1 MB' });
  });

  it('accepts an SVG with a prolog and keeps its drawing', () => {
    const svg =
      '<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z" fill="#c90"/></svg>';
    const logo = readLogo(upload(svg, 'logo.png'));
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
