import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentPackage, createFolder } from '../../server/modules/documentGroups/factories.js';
import { FILE_MESSAGES } from '../../server/uploads/messages.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * A file that is a PDF and something else at once (an HTML page before %PDF or after %%EOF) is
 * refused with 422 by every upload that becomes a document: a PDF to sign, a PDF of a document
 * group, a PDF imported as a template. The clean file passes the same endpoints.
 */

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let documentPackage: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: 'Encuadre-Pdf-2026' }));
  const db = t.deps.database.db;
  const folder = await createFolder(db, { companyId: ids.andina, name: 'Anexos' });
  documentPackage = await createDocumentPackage(db, {
    companyId: ids.andina,
    folderId: folder,
    name: 'Grupo',
  });
});
afterAll(() => t.close());

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

const UPLOADS = {
  upload_pdf_template: (content_base64: string) => ({
    method: 'POST' as const,
    payload: { filename: 'contrato.pdf', content_base64 },
  }),
  associate_pdf_to_group: (content_base64: string) => ({
    method: 'PUT' as const,
    payload: { document_package_id: documentPackage, filename: 'anexo.pdf', content_base64 },
  }),
  convert_and_count_pages: (content_base64: string) => ({
    method: 'POST' as const,
    payload: { filename: 'plantilla.pdf', content_base64 },
  }),
};

async function upload(path: keyof typeof UPLOADS, bytes: Buffer) {
  const { method, payload } = UPLOADS[path](bytes.toString('base64'));
  const response = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: bearer(tokens.elena),
    payload,
  });
  return { status: response.statusCode, message: response.json().message as string };
}

describe('PDF uploads hold nothing but the PDF', () => {
  for (const path of Object.keys(UPLOADS) as (keyof typeof UPLOADS)[]) {
    it(`${path}: refuses HTML before %PDF or after %%EOF with 422, accepts the clean file`, async () => {
      const pdf = await makePdf(2);
      expect(await upload(path, Buffer.concat([Buffer.from(`${HTML}\n`), pdf]))).toEqual({
        status: 422,
        message: FILE_MESSAGES.pdfBeforeHeader,
      });
      expect(await upload(path, Buffer.concat([pdf, Buffer.from(`\n${HTML}\n`)]))).toEqual({
        status: 422,
        message: FILE_MESSAGES.pdfAfterEnd,
      });
      const clean = await upload(path, Buffer.concat([pdf, Buffer.from('\r\n')]));
      expect(clean.status, clean.message).toBe(200);
    });
  }
});
