import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { endpoints, fillPath } from '../../contract/index.js';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { signatureRequestDocuments } from '../../server/db/schema/index.js';
import { readAll } from '../../server/storage/storage.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { expectSealedPdfPasses } from './support/sealedPdf.js';
import { signAndCompleteSent } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** The names of the files in a ZIP. */
function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe(`a sealed PDF request on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  const call = (name: keyof typeof endpoints, body?: object, params = {}) =>
    t.app.inject({
      method: endpoints[name].method,
      url: `/api/${fillPath(endpoints[name].path, params)}`,
      headers: { authorization: `Bearer ${tokens.oscar}` },
      payload: endpoints[name].method === 'GET' ? undefined : body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Pdf-Sello-2026' }));
    const planId = await createPlan(t.deps.database.db, { name: 'Paquete PDF', signatures: 10 });
    await assignPlan(t.deps.database.db, { companyId: ids.andina, planId, unitsTotal: 10 });
  });
  afterAll(() => t.close());

  it('names the file once (no «.pdf.pdf») and the request by its title on the certificate', async () => {
    const uploaded = await call('uploadPdfTemplate', {
      filename: 'tres-paginas.pdf',
      content_base64: (await makePdf(3)).toString('base64'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const templateId = uploaded.json().data.id as number;
    const field = {
      field: 'firma_1',
      kind: 'signature',
      signer: 1,
      page: 3,
      x: 60,
      y: 120,
      width: 160,
      height: 40,
    };
    const saved = await call('updatePdfContent', {
      pdf_template_id: templateId,
      fields: [field],
      signers: [{ number: 1, label: 'Firmante 1' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call('signPdf', {
      pdf_template_id: templateId,
      title: 'Arriendo bodega 3',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      signers: [{ number: 1, name: 'Lina Pardo', email: 'lina.pardo@correo.test' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const requestId = sent.json().data.request_id as number;
    const { db } = t.deps.database;
    const signers = await signAndCompleteSent(t.deps, requestId);
    await t.deps.queue.drain();
    const [document] = await db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId));
    expect(document!.name).toBe('tres-paginas.pdf');
    const sealed = new Uint8Array((await readAll(t.deps.storage, document!.sealedKey!))!);
    await expectSealedPdfPasses(sealed, t.deps.config);

    const { dir, remove } = await temporaryDirectory('rubrica-pdf-request-seal-');
    try {
      const file = await writeTemp(dir, 'sealed.pdf', sealed);
      const certificate = (await run('pdftotext', ['-f', '4', file, '-'])).stdout.replace(
        /[\s\u200b]+/g,
        ' ',
      );
      expect(certificate).toContain('Documento: tres-paginas.pdf');
      expect(certificate).toContain(`Solicitud: Arriendo bodega 3 · n.º ${requestId}`);
      // The uploaded pages drew no placeholder, so the certificate claims none was removed.
      expect(certificate).not.toContain('casillas grises');
      const stamped = (await run('pdftotext', ['-f', '3', '-l', '3', file, '-'])).stdout;
      expect(stamped).toContain('Contrato de prueba, página 3');
      expect(stamped).toContain('Lina Pardo');
    } finally {
      await remove();
    }

    const params = { company_id: ids.andina, id: document!.id, document_package_signer_id: signers[0]!.id };
    const downloaded = await call('viewPdfDocument', params);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toContain('tres-paginas.pdf');
    expect(downloaded.headers['content-disposition']).not.toContain('.pdf.pdf');
    const zip = await call('downloadZip', { request_ids: [requestId] });
    expect(zip.statusCode).toBe(200);
    expect(await zipNames(zip.rawPayload)).toEqual([`${requestId} - Arriendo bodega 3/tres-paginas.pdf`]);
  });
});
