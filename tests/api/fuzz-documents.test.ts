import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import {
  signatureRequestBatchRows,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { UNICODE_CORPUS, visibleCharacters } from '../../server/documents/unicode-corpus.js';
import { createBulkGroup, fillBulkSheet, sampleBulkRow } from '../../server/requests/bulk/factories.js';
import { readAll } from '../../server/storage/storage.js';
import { run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { signAndCompleteSent } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * The Unicode corpus through every path that puts text into a document: preview, single send,
 * bulk send and seal. A displayable case is sealed with every visible character of the merge
 * value, the title and the signer's name on its pages, in stored order; the others are refused
 * with a 422 on the field before anything is stored.
 */

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;
let call: ReturnType<typeof endpointCaller>;
let files: Awaited<ReturnType<typeof temporaryDirectory>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  call = endpointCaller(t.app);
  const plan = await createPlan(t.deps.database.db, { name: 'Corpus', signatures: 1000 });
  await assignPlan(t.deps.database.db, {
    companyId: ids.andina,
    planId: plan,
    startsAt: new Date(Date.now() - 86_400_000),
    unitsTotal: 1000,
  });
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
  files = await temporaryDirectory('rubrica-fuzz-documents-');
});
afterAll(async () => {
  await t.close();
  await files.remove();
});

/** The fields' own limits: a case longer than a name or a title is cut to fit. */
const fitted = (text: string, max: number) => [...text].slice(0, max).join('').trim();

async function pdfText(key: string, name: string): Promise<string> {
  const pdf = new Uint8Array((await readAll(t.deps.storage, key))!);
  const path = await writeTemp(files.dir, `${name}.pdf`, pdf);
  const text = (await run('pdftotext', [path, '-'])).stdout;
  return visibleCharacters(text.replace(/Página \d+ de \d+/g, ''));
}

/** Signs every signer of a sent request (as the signing page records it) and seals it. */
async function signAndSeal(requestId: number) {
  await signAndCompleteSent(t.deps, requestId);
  await t.deps.queue.drain();
}

describe(`Unicode through preview, send and seal on ${testDatabaseKind}`, () => {
  for (const entry of UNICODE_CORPUS.filter((each) => each.shown)) {
    it(`seals «${entry.name}» showing every character of value, title and name`, async () => {
      const title = fitted(`Título ${entry.text}`, 200);
      const name = fitted(entry.text, 150);
      const values = { ...sendingBody(group.packageId).values, cliente: entry.text };
      const preview = await call(tokens.oscar, 'previewSignatureRequest', {
        body: { document_package_id: group.packageId, values, pages: false },
      });
      expect(preview.status, preview.message).toBe(200);

      const body = sendingBody(group.packageId, { title, values });
      body.signers[0]!.name = name;
      const sent = await call(tokens.oscar, 'processSignatureRequest', { body });
      expect(sent.status, sent.message).toBe(200);
      const requestId = sent.data.request_id;
      await signAndSeal(requestId);

      const { db } = t.deps.database;
      const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
      expect(request).toMatchObject({ sealStatus: 'sealed', title });
      const [contract] = await db
        .select()
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.requestId, requestId))
        .orderBy(signatureRequestDocuments.position);
      const text = await pdfText(contract!.sealedKey!, `sellado-${requestId}`);
      expect(text).toContain(visibleCharacters(entry.text));
      expect(text).toContain(visibleCharacters(title));
      expect(text).toContain(visibleCharacters(name));
      // Stored as typed: controls and all.
      const [signer] = await db
        .select({ name: signatureRequestSigners.name })
        .from(signatureRequestSigners)
        .where(eq(signatureRequestSigners.requestId, requestId))
        .orderBy(signatureRequestSigners.id);
      expect(signer!.name).toBe(name);
    });
  }

  for (const entry of UNICODE_CORPUS.filter((each) => !each.shown)) {
    it(`refuses «${entry.name}» in the value, the title and the name with a 422 on the field`, async () => {
      const { db } = t.deps.database;
      const before = (await db.select({ id: signatureRequests.id }).from(signatureRequests)).length;
      const values = { ...sendingBody(group.packageId).values, cliente: entry.text };
      const preview = await call(tokens.oscar, 'previewSignatureRequest', {
        body: { document_package_id: group.packageId, values },
      });
      expect(preview.status).toBe(422);
      expect(preview.errors).toHaveProperty(['values.cliente']);

      const refusals: [Record<string, unknown>, string][] = [
        [{ values }, 'values.cliente'],
        [{ title: `Título ${entry.text}` }, 'title'],
      ];
      for (const [overrides, field] of refusals) {
        const refused = await call(tokens.oscar, 'processSignatureRequest', {
          body: sendingBody(group.packageId, overrides),
        });
        expect(refused.status).toBe(422);
        expect(refused.errors, JSON.stringify(refused.errors)).toHaveProperty([field]);
      }
      const body = sendingBody(group.packageId);
      body.signers[0]!.name = entry.text;
      const byName = await call(tokens.oscar, 'processSignatureRequest', { body });
      expect(byName.status).toBe(422);
      expect(byName.errors).toHaveProperty(['signers.0.name']);
      expect((await db.select({ id: signatureRequests.id }).from(signatureRequests)).length).toBe(before);
    });
  }
});

describe(`template content through the preview on ${testDatabaseKind}`, () => {
  const preview = (html: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pdf_preview',
      headers: bearer(tokens.elena),
      payload: { html, pages: false },
    });

  it('renders template text with every corpus case, and refuses the undisplayable ones on the content', async () => {
    for (const entry of UNICODE_CORPUS) {
      const response = await preview(`<h2>${entry.text}</h2><ul><li>${entry.text}</li></ul>`);
      expect(response.statusCode, entry.name).toBe(entry.shown ? 200 : 422);
      if (!entry.shown) expect(response.json().errors, entry.name).toHaveProperty(['html']);
    }
  });

  it('answers deep nestings of every allowed element with a document or a 4xx, never a 5xx', async () => {
    const nest = (open: string, close: string, depth: number) =>
      `${open.repeat(depth)}profundo \u202eabc${close.repeat(depth)}`;
    const nestings = [
      nest('<blockquote>', '</blockquote>', 400),
      nest('<ul><li>', '</li></ul>', 300),
      nest('<ol><li>', '</li></ol>', 300),
      nest('<strong><em><u>', '</u></em></strong>', 600),
      nest('<div>', '</div>', 1000),
      nest('<strong>', '</strong>', 100_000),
      nest('<table><tbody><tr><td>', '</td></tr></tbody></table>', 120),
      nest('<p style="text-align: center"><span>', '</span></p>', 500),
    ];
    for (const html of nestings) {
      const response = await preview(html);
      expect(response.statusCode, html.slice(0, 40)).toBeLessThan(500);
      if (response.statusCode !== 200) expect(response.json().message).toMatch(/\p{L}/u);
    }
    expect((await preview('<p>después</p>')).statusCode).toBe(200);
  });
});

describe(`Unicode through a bulk send on ${testDatabaseKind}`, () => {
  it('renders the displayable rows with all their text and holds the others as row errors', async () => {
    const { packageId } = await createBulkGroup(t.deps.database.db, {
      companyId: ids.andina,
      name: 'Corpus',
    });
    const inject = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(tokens.oscar), payload });
    const rows = UNICODE_CORPUS.map((entry, index) => ({
      ...sampleBulkRow(index + 1),
      cliente: entry.text,
      firmante_1_nombre: fitted(entry.text, 150),
    }));
    const sheet = await fillBulkSheet(Object.keys(rows[0]!), rows);
    const imported = await inject('import_documents_packages_fields', {
      document_package_id: packageId,
      filename: 'corpus.xlsx',
      content_base64: sheet.toString('base64'),
      expiry_days: 10,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const batch = imported.json().data as {
      id: number;
      rows: { row_number: number; errors: { column: string }[] }[];
    };
    const refusedRows = UNICODE_CORPUS.flatMap((entry, index) => (entry.shown ? [] : [index + 2]));
    expect(batch.rows.map((row) => row.row_number)).toEqual(refusedRows);
    for (const row of batch.rows) {
      expect(row.errors.map((error) => error.column).sort()).toEqual(['cliente', 'firmante_1_nombre']);
    }
    // Fixed in place with plain text, as the sender would, then sent.
    const fixed = await inject('update_documents_packages_detail_fields_values_massive', {
      batch_id: batch.id,
      rows: refusedRows.map((row_number) => ({
        row_number,
        values: { cliente: 'Texto corregido', firmante_1_nombre: 'Nombre corregido' },
      })),
    });
    expect(fixed.json().data).toMatchObject({ invalid: 0 });
    const sent = await inject('process_signature_request_multiple', { batch_id: batch.id });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.deps.queue.drain();

    const { db } = t.deps.database;
    const created = await db
      .select({
        rowNumber: signatureRequestBatchRows.rowNumber,
        requestId: signatureRequestBatchRows.requestId,
      })
      .from(signatureRequestBatchRows)
      .where(eq(signatureRequestBatchRows.batchId, batch.id))
      .orderBy(signatureRequestBatchRows.rowNumber);
    expect(created).toHaveLength(UNICODE_CORPUS.length);
    for (const row of created) {
      const entry = UNICODE_CORPUS[row.rowNumber - 2]!;
      expect(row.requestId, entry.name).not.toBeNull();
      if (!entry.shown) continue;
      const [document] = await db
        .select()
        .from(signatureRequestDocuments)
        .where(eq(signatureRequestDocuments.requestId, row.requestId!))
        .orderBy(signatureRequestDocuments.position);
      const text = await pdfText(document!.renderedKey, `masivo-${row.rowNumber}`);
      expect(text, entry.name).toContain(visibleCharacters(entry.text));
    }
  });
});
