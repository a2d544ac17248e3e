import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import {
  auditLog,
  companyApiKeys,
  companyFeatures,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { createLogger } from '../../server/logger.js';
import { createBulkGroup, fillBulkSheet, sampleBulkRow } from '../../server/requests/bulk/factories.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { registerWebhookEndpoint } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp } from './support/mailbox.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Claves-Api-2026';
/** Everything the app logs (at debug), to check that no key is ever written there. */
const logged: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let carlaToken: string;
/** Company A (Andina) and company B (Caribe): a request each, a webhook each. */
const records = {} as Record<'a' | 'b', { company: number; request: TestRequest; webhook: number }>;
const keys = { a: '', aSecond: '', aRevoked: '', b: '' };
const keyIds = { a: 0, aSecond: 0, aRevoked: 0 };

type Reply = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the assertions check the replies, not the types
  body: { data?: any; message?: string };
  raw: string;
};
const api = async (
  auth: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Reply> => {
  const response = await t.app.inject({
    method,
    url: `/api/${url}`,
    headers: auth,
    payload,
    remoteAddress: freshIp(),
  });
  const raw = response.body;
  const json = response.headers['content-type']?.toString().includes('json') ? response.json() : {};
  return { status: response.statusCode, body: json, raw };
};
const withKey = (key: string) => ({ 'x-api-key': key });

async function createKey(token: string, companyId: number, name: string) {
  const created = await api(bearer(token), 'POST', `company_api_keys/${companyId}`, { name });
  expect(created.status, created.raw).toBe(201);
  return created.body.data as { id: number; api_key: string; prefix: string; name: string };
}

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('debug', sink) });
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  carlaToken = await t.signin('carla@caribe.test', PASSWORD);
  const db = t.deps.database.db;
  const plan = await createPlan(db, { name: 'Integraciones', signatures: 100 });
  for (const company of [ids.andina, ids.caribe]) {
    await db.insert(companyFeatures).values({ companyId: company, feature: 'api_access', enabled: true });
    await assignPlan(db, { companyId: company, planId: plan, unitsTotal: 100 });
  }
  for (const [side, companyId] of [
    ['a', ids.andina],
    ['b', ids.caribe],
  ] as const) {
    const request = await createTestRequest(t.deps, {
      companyId,
      signers: [{ name: `Firmante ${side}`, email: `firmante-${side}@correo.test` }],
      expiresAt: new Date(Date.now() + 10 * 86_400_000),
    });
    const webhook = await registerWebhookEndpoint(t.deps, {
      companyId,
      url: `https://${side}.example.co/webhooks`,
      events: ['request.sent'],
    });
    records[side] = { company: companyId, request, webhook: webhook.id };
  }
  const a = await createKey(tokens.elena, ids.andina, 'ERP de nómina');
  const aSecond = await createKey(tokens.elena, ids.andina, 'CRM');
  const aRevoked = await createKey(tokens.elena, ids.andina, 'Retirada');
  const revoked = await api(bearer(tokens.elena), 'POST', `company_api_keys/revoke/${aRevoked.id}`);
  expect(revoked.status, revoked.raw).toBe(200);
  Object.assign(keys, {
    a: a.api_key,
    aSecond: aSecond.api_key,
    aRevoked: aRevoked.api_key,
    b: (await createKey(carlaToken, ids.caribe, 'Caribe')).api_key,
  });
  Object.assign(keyIds, { a: a.id, aSecond: aSecond.id, aRevoked: aRevoked.id });
});
afterAll(() => t.close());

type Record_ = (typeof records)['a'];
type Operation = {
  name: string;
  call: (key: string, record: Record_) => Promise<Reply>;
  /** Success status on company A's record. */
  ok?: number;
};

const nextMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** Every sender operation a key reaches, each naming one record of a company; cancel last. */
const OPERATIONS: Operation[] = [
  {
    name: 'history list filtered by company',
    call: (key, r) => api(withKey(key), 'POST', 'documents_sign_requests_list', { company_id: r.company }),
  },
  {
    name: 'request status',
    call: (key, r) => api(withKey(key), 'GET', `signature_request_status/${r.request.requestId}`),
  },
  {
    name: 'request detail with signers and events',
    call: (key, r) => api(withKey(key), 'POST', 'view_pdf_history', { request_id: r.request.requestId }),
  },
  {
    name: "a signer's events",
    call: (key, r) => api(withKey(key), 'GET', `get_signature_request_logs/${r.request.signers[0]!.id}`),
  },
  {
    name: 'audit trail as JSON',
    call: (key, r) => api(withKey(key), 'GET', `signature_request_audit_trail/${r.request.requestId}`),
  },
  {
    name: 'document PDF download',
    call: (key, r) =>
      api(withKey(key), 'POST', 'view_pdf_document', {
        company_id: r.company,
        id: r.request.documentIds[0],
        document_package_signer_id: r.request.signers[0]!.id,
      }),
  },
  {
    name: 'resend to a signer',
    call: (key, r) =>
      api(withKey(key), 'POST', 'resend_signature_request', { signer_id: r.request.signers[0]!.id }),
  },
  {
    name: 'extend the deadline',
    call: (key, r) =>
      api(withKey(key), 'POST', 'extend_time_limit', {
        request_id: r.request.requestId,
        expires_at: nextMonth(),
      }),
  },
  {
    name: 'upload a PDF to send',
    call: async (key, r) =>
      api(withKey(key), 'POST', 'upload_pdf_template', {
        company_id: r.company,
        filename: 'contrato.pdf',
        content_base64: (await makePdf(1)).toString('base64'),
      }),
  },
  {
    name: 'list webhooks',
    call: (key, r) => api(withKey(key), 'GET', `company_webhooks/${r.company}`),
  },
  {
    name: 'add a webhook',
    call: (key, r) =>
      api(withKey(key), 'POST', `company_webhooks/${r.company}`, {
        url: 'https://integracion.example.co/hook',
        events: ['request.completed'],
      }),
    ok: 201,
  },
  {
    name: 'webhook deliveries',
    call: (key, r) => api(withKey(key), 'GET', `company_webhook_deliveries/${r.company}`),
  },
  {
    name: 'delete a webhook',
    call: (key, r) => api(withKey(key), 'DELETE', `company_webhooks/delete/${r.webhook}`),
  },
  {
    name: 'cancel the request',
    call: (key, r) =>
      api(withKey(key), 'POST', 'cancel_signature_request', {
        request_id: r.request.requestId,
        reason: 'Cancelada por la integración',
      }),
  },
];

describe(`named API keys on ${testDatabaseKind}`, () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: works on company A's record, 404 on B's, 403 with a revoked key`, async () => {
      const revoked = await operation.call(keys.aRevoked, records.a);
      expect(revoked.status, revoked.raw).toBe(403);
      expect(revoked.body.message).toBe('La clave de API fue revocada; use otra clave activa de la empresa');
      const foreign = await operation.call(keys.a, records.b);
      expect(foreign.status, foreign.raw).toBe(404);
      const own = await operation.call(keys.a, records.a);
      expect(own.status, own.raw).toBe(operation.ok ?? 200);
      expect(own.raw).not.toContain(keys.a);
    });
  }

  it("lists the company's history with its filters, never another company's", async () => {
    const listed = await api(withKey(keys.aSecond), 'POST', 'documents_sign_requests_list', {
      // Cancelled by the operations above (B's cancel was refused, so only A's matches).
      status: 'cancelled',
      signer: 'Firmante',
    });
    expect(listed.status).toBe(200);
    const listedIds = listed.body.data.items.map((item: { id: number }) => item.id);
    expect(listedIds).toContain(records.a.request.requestId);
    const everything = await api(withKey(keys.aSecond), 'POST', 'documents_sign_requests_list', {
      signer: 'Firmante',
      itemsPerPage: 100,
    });
    const everyId = everything.body.data.items.map((item: { id: number }) => item.id);
    expect(everyId).toContain(records.a.request.requestId);
    expect(everyId).not.toContain(records.b.request.requestId);
  });

  it('reads the chained audit trail with its sentences, intact', async () => {
    const trail = await api(
      withKey(keys.aSecond),
      'GET',
      `signature_request_audit_trail/${records.a.request.requestId}`,
    );
    expect(trail.status).toBe(200);
    expect(trail.body.data).toMatchObject({ request_id: records.a.request.requestId, intact: true });
    expect(trail.body.data.entries.length).toBeGreaterThan(0);
    expect(trail.body.data.entries[0]).toMatchObject({
      sequence: 1,
      previous_hash: '0'.repeat(64),
      sentence: expect.any(String),
    });
  });

  it("creates requests from a PDF, from JSON rows and from the group's sheet, only with its own records", async () => {
    const key = withKey(keys.aSecond);
    // A PDF: upload, place the boxes, send.
    const uploaded = await api(key, 'POST', 'upload_pdf_template', {
      filename: 'contrato.pdf',
      content_base64: (await makePdf(1)).toString('base64'),
    });
    expect(uploaded.status, uploaded.raw).toBe(200);
    const pdfId = uploaded.body.data.id as number;
    const placed = await api(key, 'PUT', 'update_pdf_content', {
      pdf_template_id: pdfId,
      fields: [
        { field: 'firma_1', kind: 'signature', signer: 1, page: 1, x: 60, y: 180, width: 160, height: 40 },
      ],
      signers: [{ number: 1, label: 'Firmante 1' }],
    });
    expect(placed.status, placed.raw).toBe(200);
    const sent = await api(key, 'POST', 'sign_pdf', {
      pdf_template_id: pdfId,
      title: 'Contrato por API',
      expires_at: nextMonth(),
      signers: [{ number: 1, name: 'Ana Integración', email: 'ana.integracion@correo.test' }],
    });
    expect(sent.status, sent.raw).toBe(200);
    const [created] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, sent.body.data.request_id));
    expect(created).toMatchObject({ companyId: ids.andina, createdBy: null });

    // A bulk batch from JSON rows, then from the group's sheet; both sent by the key.
    const db = t.deps.database.db;
    const groupA = await createBulkGroup(db, { companyId: ids.andina, name: 'API A' });
    const groupB = await createBulkGroup(db, { companyId: ids.caribe, name: 'API B' });
    const rows = [sampleBulkRow(1), sampleBulkRow(2)];
    const fromJson = await api(key, 'POST', 'import_documents_packages_rows', {
      document_package_id: groupA.packageId,
      rows,
    });
    expect(fromJson.status, fromJson.raw).toBe(200);
    expect(fromJson.body.data).toMatchObject({ status: 'draft', total: 2, valid: 2 });
    const foreignJson = await api(key, 'POST', 'import_documents_packages_rows', {
      document_package_id: groupB.packageId,
      rows,
    });
    expect(foreignJson.status).toBe(404);
    const revokedJson = await api(withKey(keys.aRevoked), 'POST', 'import_documents_packages_rows', {
      document_package_id: groupA.packageId,
      rows,
    });
    expect(revokedJson.status).toBe(403);
    const unknown = await api(key, 'POST', 'import_documents_packages_rows', {
      document_package_id: groupA.packageId,
      rows: [{ ...sampleBulkRow(3), columna_rara: 'x' }],
    });
    expect(unknown.status).toBe(422);

    const sheetFile = await api(key, 'GET', `export_documents_packages_fields/${groupA.packageId}/CO`);
    expect(sheetFile.status).toBe(200);
    const headers = Object.keys(sampleBulkRow(1));
    const content = (await fillBulkSheet(headers, rows)).toString('base64');
    const fromSheet = await api(key, 'POST', 'import_documents_packages_fields', {
      document_package_id: groupA.packageId,
      filename: 'masivo.xlsx',
      content_base64: content,
    });
    expect(fromSheet.status, fromSheet.raw).toBe(200);
    const foreignSheet = await api(key, 'POST', 'import_documents_packages_fields', {
      document_package_id: groupB.packageId,
      filename: 'masivo.xlsx',
      content_base64: content,
    });
    expect(foreignSheet.status).toBe(404);
    for (const batch of [fromJson.body.data.id, fromSheet.body.data.id]) {
      const queued = await api(key, 'POST', 'process_signature_request_multiple', { batch_id: batch });
      expect(queued.status, queued.raw).toBe(200);
    }
    await t.deps.queue.drain();
    const progress = await api(key, 'POST', 'generate_multiple_sign_request', {
      batch_id: fromJson.body.data.id,
    });
    expect(progress.status).toBe(200);
    expect(progress.body.data).toMatchObject({ sent: 2 });
  });

  it('downloads the sealed PDF and the certificate of completion alone', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Sara Sellada', email: 'sara.sellada@correo.test' }],
    });
    const documentId = request.documentIds[0]!;
    const certificate = (key: string, id: number) =>
      t.app.inject({
        url: `/api/signature_request_certificate/${id}`,
        headers: withKey(key),
        remoteAddress: freshIp(),
      });
    const early = await certificate(keys.aSecond, documentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/aún no está sellado/);
    await signAndComplete(t.deps, request);
    await t.deps.queue.drain();
    const sealed = await t.app.inject({
      method: 'POST',
      url: '/api/view_pdf_document',
      headers: withKey(keys.aSecond),
      payload: { company_id: ids.andina, id: documentId, document_package_signer_id: request.signers[0]!.id },
      remoteAddress: freshIp(),
    });
    expect(sealed.statusCode).toBe(200);
    const sealedPages = (await PDFDocument.load(sealed.rawPayload)).getPageCount();
    const alone = await certificate(keys.aSecond, documentId);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.headers['content-type']).toBe('application/pdf');
    const certificatePages = (await PDFDocument.load(alone.rawPayload)).getPageCount();
    // The document has one page; the certificate is every page the seal added after it.
    expect(certificatePages).toBe(sealedPages - 1);
    expect(certificatePages).toBeGreaterThan(0);
    expect((await certificate(keys.aSecond, records.b.request.documentIds[0]!)).statusCode).toBe(404);
    expect((await certificate(keys.aRevoked, documentId)).statusCode).toBe(403);
  });

  it('lists keys without their secret, and a second key works on its own', async () => {
    const listed = await api(bearer(tokens.elena), 'GET', `company_api_keys/${ids.andina}`);
    expect(listed.status).toBe(200);
    const names = listed.body.data.map((key: { name: string }) => key.name);
    expect(names).toEqual(expect.arrayContaining(['ERP de nómina', 'CRM', 'Retirada']));
    for (const key of Object.values(keys)) expect(listed.raw).not.toContain(key);
    expect(listed.raw).not.toContain('hash');
    const retired = listed.body.data.find((key: { name: string }) => key.name === 'Retirada');
    expect(retired.revoked_at).toEqual(expect.any(String));
    // Another company's admin reaches neither the list nor a key.
    expect((await api(bearer(carlaToken), 'GET', `company_api_keys/${ids.andina}`)).status).toBe(404);
    expect((await api(bearer(carlaToken), 'POST', `company_api_keys/revoke/${keyIds.a}`)).status).toBe(404);
    // Key management is not open to keys themselves.
    expect((await api(withKey(keys.a), 'GET', `company_api_keys/${ids.andina}`)).status).toBe(403);

    const second = await api(
      withKey(keys.aSecond),
      'GET',
      `signature_request_status/${records.a.request.requestId}`,
    );
    expect(second.status).toBe(200);
    const [row] = await t.deps.database.db
      .select()
      .from(companyApiKeys)
      .where(eq(companyApiKeys.id, keyIds.aSecond));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    // Revoking the first key leaves the second working.
    const revoked = await api(bearer(tokens.elena), 'POST', `company_api_keys/revoke/${keyIds.a}`);
    expect(revoked.status).toBe(200);
    expect((await api(withKey(keys.a), 'GET', `company_webhooks/${ids.andina}`)).status).toBe(403);
    expect((await api(withKey(keys.aSecond), 'GET', `company_webhooks/${ids.andina}`)).status).toBe(200);
  });

  it('notes the last use at most once a minute per key', async () => {
    const db = t.deps.database.db;
    const lastUsed = async () =>
      (await db.select().from(companyApiKeys).where(eq(companyApiKeys.id, keyIds.aSecond)))[0]!.lastUsedAt;
    await api(withKey(keys.aSecond), 'GET', `company_webhooks/${ids.andina}`);
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await api(withKey(keys.aSecond), 'GET', `company_webhooks/${ids.andina}`);
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
  });

  it('audits every call with the key id and name, never the key', async () => {
    const audited = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, ids.andina), eq(auditLog.entity, 'api_key')));
    expect(audited.length).toBeGreaterThan(OPERATIONS.length);
    expect(audited.map((row) => row.details)).toContainEqual({
      api_key_id: keyIds.a,
      api_key_name: 'ERP de nómina',
    });
    expect(audited.map((row) => row.details)).toContainEqual({
      api_key_id: keyIds.aSecond,
      api_key_name: 'CRM',
    });
    const stored = JSON.stringify(await t.deps.database.db.select().from(auditLog));
    for (const key of Object.values(keys)) expect(stored).not.toContain(key);
    // Nor in the logs, though every call above carried one.
    expect(logged.length).toBeGreaterThan(0);
    const log = logged.join('');
    for (const key of Object.values(keys)) expect(log).not.toContain(key);
  });
});
