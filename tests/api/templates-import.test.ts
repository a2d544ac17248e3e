import { Document, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editText, makePdf, qpdf, rewriteZip } from '../../server/uploads/testing/files.js';
import { makeSampleDocx } from '../../server/uploads/testing/sample-docx.js';
import { buildOverlappingZipBomb } from '../../server/uploads/testing/zip-builder.js';
import { solidPng } from '../support/documents/tools.js';
import { createTenants } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createTenants(t, { password: 'Importar-2026' })).tokens.oscar;
});
afterAll(() => t.close());

const upload = (filename: string, bytes: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/convert_and_count_pages',
    headers: bearer(token),
    payload: { filename, content_base64: bytes.toString('base64') },
  });

const plainDocx = async () =>
  Buffer.from(
    await Packer.toBuffer(
      new Document({
        sections: [{ children: [new Paragraph({ children: [new TextRun('Contrato simple')] })] }],
      }),
    ),
  );

async function refusal(filename: string, bytes: Buffer) {
  const response = await upload(filename, bytes);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { status: response.statusCode, message: response.json().message as string };
}

describe('convert_and_count_pages', () => {
  it('turns a DOCX into sanitised editable HTML keeping headings, lists, tables, emphasis and images', async () => {
    const response = await upload('contrato.docx', await makeSampleDocx(solidPng(40, 20, [200, 30, 30])));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.kind).toBe('docx');
    expect(data.html).toContain('<h1>Contrato de prestación de servicios</h1>');
    expect(data.html).toContain('<strong>contratista</strong>');
    expect(data.html).toMatch(/<ol><li>Objeto<\/li>/);
    expect(data.html).toContain('<table>');
    expect(data.html).toMatch(/<img src="data:image\/png;base64,/);
    expect(data.image_count).toBe(1);
  });

  it('counts the pages of a PDF', async () => {
    const response = await upload('anexo.pdf', await makePdf(3));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ kind: 'pdf', page_count: 3 });
  });

  it('refuses other kinds, whatever the name says (415)', async () => {
    const png = await refusal('contrato.docx', solidPng(4, 4, [0, 0, 0]));
    expect(png.status).toBe(415);
    expect(png.message).toMatch(/PDF|Word/);
  });

  it('refuses encrypted and malformed PDFs with Spanish messages (422)', async () => {
    const encrypted = await refusal(
      'cifrado.pdf',
      qpdf(await makePdf(1), ['--encrypt', '', 'dueno', '256', '--']),
    );
    expect(encrypted.status).toBe(422);
    expect(encrypted.message).toMatch(/contraseña|cifrad|protegid/i);
    const whole = await makePdf(2);
    const truncated = await refusal('roto.pdf', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated.status).toBe(422);
  });

  it('refuses a DOCX zip bomb and a macro-enabled document (422)', async () => {
    const bomb = buildOverlappingZipBomb({
      kernel: Buffer.alloc(5 * 1024 * 1024),
      copies: 600,
      firstName: 'word/document.xml',
    });
    expect(await refusal('bomba.docx', bomb)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/bomba de compresión/),
    });
    const docm = await rewriteZip(await plainDocx(), (entries) => {
      entries.set('word/vbaProject.bin', Buffer.from('fake VBA storage'));
      editText(entries, '[Content_Types].xml', (xml) =>
        xml.replace(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          'application/vnd.ms-word.document.macroEnabled.main+xml',
        ),
      );
    });
    expect(await refusal('macros.docm', docm)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/macros/),
    });
  });

  it('refuses a file over the upload limit and content that is not base64', async () => {
    const big = await refusal('grande.pdf', Buffer.alloc(Math.round(7.2 * 1024 * 1024), 1));
    expect(big.status).toBe(422);
    expect(big.message).toBeTruthy();
    const huge = await refusal('enorme.pdf', Buffer.alloc(9 * 1024 * 1024, 1));
    expect(huge.status).toBe(413);
    expect(huge.message).toMatch(/demasiado grande|supera/i);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/convert_and_count_pages',
      headers: bearer(token),
      payload: { filename: 'x.pdf', content_base64: '%%%no es base64%%%' },
    });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json().errors)).toContain('El contenido del archivo debe venir en base64');
  });
});
