import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { signatureRequestDocuments } from '../../server/db/schema/index.js';
import type { Actor } from '../../server/deps.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { saveDownloadLog } from '../../server/requests/history/files.service.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { signAndComplete } from './support/signedRequest.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

type LogRow = {
  id: number;
  how: string;
  who: string | null;
  ip: string | null;
  request_id: number;
  action: string;
};

describe(`document download logs on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let carla: string;
  let call: ReturnType<typeof endpointCaller>;
  let andina: TestRequest;
  let branch: TestRequest;
  let caribe: TestRequest;
  let signed: TestRequest;

  const count = async (where = sql`true`) => {
    const [row] = await queryRows<{ n: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS n FROM signature_download_logs WHERE ${where}`,
    );
    return Number(row!.n);
  };
  const list = async (token: string, body: Record<string, unknown> = {}) => {
    const reply = await call(token, 'listDownloadLogs', { body: { itemsPerPage: 100, ...body } });
    expect(reply.status).toBe(200);
    return reply.data as unknown as { items: LogRow[]; total: number };
  };
  const inject = (token: string, path: string, payload: object, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'Prueba/1.0' },
      payload,
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    carla = await t.signin('carla@caribe.test', 'Clave-Segura-2026');
    call = endpointCaller(t.app);
    andina = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato Andina',
      documents: 2,
      signers: [{ name: 'Ana Andina', email: 'ana.andina@correo.test' }],
    });
    branch = await createTestRequest(t.deps, {
      companyId: ids.branch,
      title: 'Contrato Cali',
      signers: [{ name: 'Beto Cali', email: 'beto.cali@correo.test' }],
    });
    caribe = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      title: 'Contrato Caribe',
      signers: [{ name: 'Caro Caribe', email: 'caro.caribe@correo.test' }],
    });
    signed = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato firmado',
      signers: [{ name: 'Sara Firmante', email: 'sara.firmante@correo.test' }],
    });
    await signAndComplete(t.deps, signed);
    await t.deps.queue.drain();

    // The sender reads a document, records a download, and takes a ZIP of the first request.
    expect(
      (await inject(tokens.elena, 'view_pdf_by_user', { document_id: andina.documentIds[0] }, '10.40.0.1'))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(tokens.branch, 'save_download_log', { request_id: branch.requestId }, '10.40.0.2'))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(tokens.elena, 'download_zip', { request_ids: [andina.requestId] }, '10.40.0.3'))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject(carla, 'view_pdf_by_user', { document_id: caribe.documentIds[0] }, '10.40.0.4'))
        .statusCode,
    ).toBe(200);
    // The signer downloads the sealed copy from their link.
    const [sealed] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, signed.requestId))
      .orderBy(asc(signatureRequestDocuments.position));
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/signed_request_document?token=${signed.signers[0]!.token}&document_id=${sealed!.id}`,
      remoteAddress: '10.40.0.5',
    });
    expect(download.statusCode).toBe(200);
    // A server-to-server client (the company's API key) has no user.
    const apiClient = {
      userId: 0,
      sessionId: '',
      companyId: ids.andina,
      roleId: 0,
      permissions: new Set<string>(),
      impersonatorUserId: null,
      visibleCompanyIds: [ids.andina],
      apiClient: true,
    } satisfies Actor;
    await saveDownloadLog(t.deps, {
      actor: apiClient,
      requestId: andina.requestId,
      kind: 'download',
      ip: '10.40.0.6',
    });
  });
  afterAll(() => t.close());

  it('lists every download for the platform and only its own (and branches) for a company', async () => {
    const all = await list(tokens.admin);
    expect(all.total).toBe(await count());
    expect(all.total).toBe(7);
    const own = await list(tokens.elena);
    expect(own.total).toBe(await count(sql`company_id IN (${ids.andina}, ${ids.branch})`));
    expect(own.items.every((row) => row.request_id !== caribe.requestId)).toBe(true);
    expect((await list(carla)).items.map((row) => row.request_id)).toEqual([caribe.requestId]);
    // Another company's request is not found; the operator lacks the permission.
    expect(
      (await call(tokens.elena, 'listDownloadLogs', { body: { request_id: caribe.requestId } })).status,
    ).toBe(404);
    expect((await call(tokens.oscar, 'listDownloadLogs', { body: {} })).status).toBe(403);
  });

  it('says who, from where and how: sender, signer, ZIP or API', async () => {
    const sender = await list(tokens.elena, { how: 'sender' });
    expect(sender.items.map((row) => [row.who, row.ip, row.action]).sort()).toEqual([
      ['Bruno Prueba', '10.40.0.2', 'download'],
      ['Elena Prueba', '10.40.0.1', 'view'],
    ]);
    const zip = await list(tokens.elena, { how: 'zip' });
    expect(zip.total).toBe(await count(sql`kind = 'zip'`));
    expect(zip.items.every((row) => row.who === 'Elena Prueba' && row.ip === '10.40.0.3')).toBe(true);
    const signer = await list(tokens.elena, { how: 'signer' });
    expect(signer.items).toEqual([
      expect.objectContaining({ who: 'Sara Firmante', ip: '10.40.0.5', request_id: signed.requestId }),
    ]);
    const api = await list(tokens.elena, { how: 'api' });
    expect(api.items).toEqual([
      expect.objectContaining({ who: null, ip: '10.40.0.6', request_id: andina.requestId }),
    ]);
  });

  it('filters by request, person and dates (days in Colombian time)', async () => {
    expect((await list(tokens.elena, { request_id: andina.requestId })).total).toBe(
      await count(sql`request_id = ${andina.requestId}`),
    );
    expect((await list(tokens.admin, { search: 'sara.firm' })).items.map((row) => row.who)).toEqual([
      'Sara Firmante',
    ]);
    expect((await list(tokens.admin, { search: 'elena' })).total).toBe(
      await count(sql`user_id = ${ids.elena}`),
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect((await list(tokens.admin, { date_from: today, date_to: today })).total).toBe(await count());
    expect((await list(tokens.admin, { date_from: '2099-01-01' })).total).toBe(0);
    const paged = await call(tokens.admin, 'listDownloadLogs', { body: { page: 2, itemsPerPage: 5 } });
    expect((paged.data as unknown as { items: LogRow[] }).items).toHaveLength(2);
  });

  it('exports the filtered downloads as a streamed .xlsx, within the company', async () => {
    const response = await inject(tokens.elena, 'export_document_download_logs', { how: 'zip' }, '10.40.0.9');
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Descargas')!;
    expect(sheet.rowCount).toBe(1 + (await count(sql`kind = 'zip'`)));
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining(['Contrato Andina', 'Elena Prueba', 'ZIP']),
    );
    const caribeExport = await inject(carla, 'export_document_download_logs', {}, '10.40.0.9');
    const caribeBook = new ExcelJS.Workbook();
    await caribeBook.xlsx.load(caribeExport.rawPayload as unknown as ArrayBuffer);
    expect(caribeBook.getWorksheet('Descargas')!.rowCount).toBe(2);
  });
});
