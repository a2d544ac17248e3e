import { PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { appendIncrementalUpdate, nextObjectNumber, readLastTrailer } from '../pades/pdf-incremental.js';
import { inspectPdf } from './pdf.js';
import { makePdf, qpdf } from './testing/files.js';

const refusal = async (bytes: Uint8Array, options?: { maxPages?: number }) => {
  const error = await inspectPdf(bytes, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  expect((error as HttpProblem).statusCode).toBe(422);
  return (error as HttpProblem).message;
};

describe('inspectPdf', () => {
  it('counts the pages of a sound PDF, also after qpdf rewrites it with object streams', async () => {
    const pdf = await makePdf(3);
    expect(await inspectPdf(pdf)).toEqual({ pageCount: 3 });
    expect(await inspectPdf(qpdf(pdf, ['--object-streams=generate']))).toEqual({ pageCount: 3 });
  });

  it('refuses a PDF encrypted with a user password', async () => {
    const encrypted = qpdf(await makePdf(1), ['--encrypt', 'usuario', 'dueno', '256', '--']);
    expect(await refusal(encrypted)).toMatch(/cifrado o protegido con contraseña/);
  });

  it('refuses a PDF encrypted with an owner password only (opens without one)', async () => {
    const encrypted = qpdf(await makePdf(1), ['--encrypt', '', 'dueno', '256', '--print=none', '--']);
    expect(await refusal(encrypted)).toMatch(/cifrado/);
    const rc4 = qpdf(await makePdf(1), ['--allow-weak-crypto', '--encrypt', '', 'dueno', '128', '--']);
    expect(await refusal(rc4)).toMatch(/cifrado/);
  });

  it('refuses truncated and unparseable files', async () => {
    const pdf = await makePdf(2);
    expect(await refusal(pdf.subarray(0, Math.floor(pdf.length / 2)))).toMatch(/dañado o incompleto/);
    // Cut only the tail: a lenient parser still finds every page, but the upload is incomplete.
    expect(await refusal(pdf.subarray(0, pdf.length - 8))).toMatch(/dañado o incompleto/);
    expect(await refusal(Buffer.from('%PDF-1.7\nesto no es un PDF\n%%EOF\n'))).toMatch(
      /dañado|no tiene páginas/,
    );
  });

  it('refuses anything before the %PDF header, an HTML page above all', async () => {
    const pdf = await makePdf(1);
    const before = /no empieza con el encabezado del PDF/;
    expect(
      await refusal(Buffer.concat([Buffer.from('<html><script>alert(1)</script></html>\n'), pdf])),
    ).toMatch(before);
    // Not even a byte-order mark, a line break or a space: the header is the first line.
    for (const prefix of ['\uFEFF', '\n', ' ', '\0']) {
      expect(await refusal(Buffer.concat([Buffer.from(prefix), pdf]))).toMatch(before);
    }
    expect(
      await refusal(Buffer.from(pdf.toString('latin1').replace('%PDF-1.7', '%PDF-x.y'), 'latin1')),
    ).toMatch(before);
  });

  it('refuses anything but PDF white-space after the last %%EOF', async () => {
    const pdf = await makePdf(1);
    expect(pdf.subarray(-5).toString('latin1')).toBe('%%EOF');
    const after = /contenido después del final del PDF/;
    expect(
      await refusal(Buffer.concat([pdf, Buffer.from('\n<html><script>alert(1)</script></html>\n')])),
    ).toMatch(after);
    expect(await refusal(Buffer.concat([pdf, Buffer.from('\n%comentario\n')]))).toMatch(after);
    expect(await refusal(Buffer.concat([pdf, Buffer.from([0x0a, 0x80])]))).toMatch(after);
    // NUL, TAB, LF, FF, CR and SPACE are the PDF white-space characters (ISO 32000-1, 7.2.2).
    const padded = Buffer.concat([pdf, Buffer.from([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x0d, 0x0a])]);
    expect(await inspectPdf(padded)).toEqual({ pageCount: 1 });
  });

  it('accepts a file saved with incremental updates: only the last %%EOF ends it', async () => {
    const pdf = await makePdf(1);
    const trailer = readLastTrailer(pdf);
    const updated = appendIncrementalUpdate(pdf, trailer, [
      { ref: nextObjectNumber(trailer, 0), body: PDFString.of('anotación') },
    ]);
    expect(Buffer.from(updated).toString('latin1').match(/%%EOF/g)).toHaveLength(2);
    expect(await inspectPdf(updated)).toEqual({ pageCount: 1 });
  });

  it('refuses a trailing %%EOF that closes no cross-reference', async () => {
    const pdf = await makePdf(1);
    const disguised = Buffer.concat([pdf, Buffer.from('\n<html><body>hola</body></html>\n%%EOF\n')]);
    expect(await refusal(disguised)).toMatch(/dañado o incompleto/);
  });

  it('refuses more pages than allowed, naming both numbers', async () => {
    expect(await refusal(await makePdf(3), { maxPages: 2 })).toBe(
      'El PDF tiene 3 páginas; el máximo permitido es 2',
    );
  });

  it('refuses JavaScript run on opening, even inside an object stream', async () => {
    const withScript = await makePdf(1, (document) => {
      const action = document.context.obj({
        Type: 'Action',
        S: 'JavaScript',
        JS: PDFString.of('app.alert(1)'),
      });
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    });
    expect(await refusal(withScript)).toMatch(/JavaScript/);
    expect(await refusal(qpdf(withScript, ['--object-streams=generate']))).toMatch(/JavaScript/);
  });

  it('refuses a link that launches a program', async () => {
    const withLaunch = await makePdf(1, (document) => {
      const link = document.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 100, 100],
        A: { S: 'Launch', F: PDFString.of('calc.exe') },
      });
      document
        .getPage(0)
        .node.set(PDFName.of('Annots'), document.context.obj([document.context.register(link)]));
    });
    expect(await refusal(withLaunch)).toMatch(/abren programas/);
  });
});
