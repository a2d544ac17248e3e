import { Paragraph } from 'docx';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { convertDocxToHtml } from './docx-html.js';
import { editText, rewriteZip } from './testing/files.js';
import { makeSampleDocx } from './testing/sample-docx.js';

const picture = () =>
  sharp({
    create: { width: 240, height: 120, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
  })
    .png()
    .withExif({ IFD0: { Copyright: 'dato-privado' } })
    .toBuffer();

const DATA_URL = /src="data:image\/png;base64,([^"]+)"/;

describe('convertDocxToHtml', () => {
  it('keeps headings, emphasis, numbered and bulleted lists, tables, images and links', async () => {
    const { html, imageCount, droppedImages } = await convertDocxToHtml(
      await makeSampleDocx(await picture()),
    );
    expect(html.replace(DATA_URL, 'src="data:image/png;base64,…"')).toBe(
      '<h1>Contrato de prestación de servicios</h1><h2>Cláusulas</h2>' +
        '<p>El <strong>contratista</strong> se obliga <em>personalmente</em> a <u>cumplir</u>.</p>' +
        '<ol><li>Objeto</li><li>Duración</li></ol><ul><li>Sin costo adicional</li></ul>' +
        '<table><tr><td><p>Parte</p></td><td><p>Documento</p></td></tr>' +
        '<tr><td><p>Ana Pérez</p></td><td><p>CC 123</p></td></tr></table>' +
        '<p><img src="data:image/png;base64,…" /></p>' +
        '<p><a href="https://rubrica.test/terminos">Términos</a></p>',
    );
    expect([imageCount, droppedImages]).toEqual([1, 0]);
  });

  it('embeds each picture re-encoded: PNG, transparency kept, metadata gone', async () => {
    const original = await picture();
    expect(original.includes('dato-privado')).toBe(true);
    const { html } = await convertDocxToHtml(await makeSampleDocx(original));
    const embedded = Buffer.from(DATA_URL.exec(html)?.[1] ?? '', 'base64');
    const metadata = await sharp(embedded).metadata();
    expect([metadata.format, metadata.width, metadata.hasAlpha, metadata.exif]).toEqual([
      'png',
      240,
      true,
      undefined,
    ]);
    expect(embedded.includes('dato-privado')).toBe(false);
  });

  it('leaves out a picture it cannot read, and keeps typed markup as text', async () => {
    const docx = await makeSampleDocx(Buffer.from('esto no es una imagen'), [
      new Paragraph('<script>alert(1)</script><img src=x onerror=alert(1)>'),
    ]);
    const { html, imageCount, droppedImages } = await convertDocxToHtml(docx);
    expect([imageCount, droppedImages]).toEqual([0, 1]);
    expect(html).not.toContain('<img');
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('refuses a macro-enabled document before converting it', async () => {
    const docm = await rewriteZip(await makeSampleDocx(await picture()), (entries) =>
      editText(entries, '[Content_Types].xml', (xml) =>
        xml.replace(
          'openxmlformats-officedocument.wordprocessingml.document.main+xml',
          'ms-word.document.macroEnabled.main+xml',
        ),
      ),
    );
    const error = await convertDocxToHtml(docm).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpProblem);
    expect((error as HttpProblem).message).toMatch(/macros/);
  });
});
