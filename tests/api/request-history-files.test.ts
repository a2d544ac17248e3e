import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { endpoints, fillPath } from '../../contract/index.js';
import {
  signatureDownloadLogs,
  signatureRequestDocuments,
  signatureRequestSigners,
} from '../../server/db/schema/index.js';
import { appendRequestEvent } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** Names and bytes of every file in a ZIP. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe(`request history files on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  const post = (name: keyof typeof endpoints, token: string, body: unknown, params = {}) =>
    t.app.inject({
      method: endpoints[name].method,
      url: `/api/${fillPath(endpoints[name].path, params)}`,
      headers: { authorization: `Bearer ${token}` },
      payload: endpoints[name].method === 'GET' ? undefined : (body as object),
    });

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  it('streams a ZIP of the selected requests, sealed PDFs where sealed, and logs each file', async () => {
    const first = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Contrato: arriendo/local',
      documents: 2,
      signers: [{ name: 'Zoe Zip', email: 'zoe@zip.test' }],
    });
    const second = await createTestRequest(t.deps, {
      companyId: ids.branch,
      title: 'Acuerdo de confidencialidad',
      signers: [{ name: 'Iván Zip', email: 'ivan@zip.test' }],
    });
    // The second request is sealed: the ZIP carries the sealed file, not the rendered one.
    const sealedKey = `companies/${ids.branch}/requests/${second.requestId}/sealed-1.pdf`;
    await t.deps.storage.put(sealedKey, Buffer.from('%PDF-1.7 sellado'));
    await t.deps.database.db
      .update(signatureRequestDocuments)
      .set({ sealedKey, sealedSha256: 'x' })
      .where(eq(signatureRequestDocuments.id, second.documentIds[0]!));

    const response = await post('downloadZip', tokens.elena, {
      request_ids: [first.requestId, second.requestId],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment');
    const files = await unzip(response.rawPayload);
    expect([...files.keys()]).toEqual([
      `${first.requestId} - Contrato- arriendo-local/Contrato- arriendo-local (1).pdf`,
      `${first.requestId} - Contrato- arriendo-local/Contrato- arriendo-local (2).pdf`,
      `${second.requestId} - Acuerdo de confidencialidad/Acuerdo de confidencialidad (1).pdf`,
    ]);
    expect([...files.values()][0]!.subarray(0, 5).toString()).toBe('%PDF-');
    expect([...files.values()][2]!.toString()).toBe('%PDF-1.7 sellado');
    const logs = await t.deps.database.db
      .select()
      .from(signatureDownloadLogs)
      .where(eq(signatureDownloadLogs.kind, 'zip'));
    expect(logs.map((log) => log.documentId).sort()).toEqual(
      [...first.documentIds, ...second.documentIds].sort(),
    );

    const foreign = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      signers: [{ name: 'Ajeno', email: 'ajeno@zip.test' }],
    });
    const refused = await post('exportDocumentsPackagesPdf', tokens.elena, {
      request_ids: [first.requestId, foreign.requestId],
    });
    expect(refused.statusCode).toBe(404);
    const empty = await post('downloadZip', tokens.elena, { request_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBeTruthy();
  });

  it('shows a document inline and logs the view with the signer', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Pagaré',
      signers: [{ name: 'Vera Vista', email: 'vera@vista.test' }],
    });
    const params = {
      company_id: ids.andina,
      id: request.documentIds[0]!,
      document_package_signer_id: request.signers[0]!.id,
    };
    const shown = await post('viewPdf', tokens.oscar, undefined, params);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toContain('inline');
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const downloaded = await post('viewPdfDocument', tokens.oscar, params);
    expect(downloaded.headers['content-disposition']).toContain('attachment');
    const logs = await t.deps.database.db
      .select()
      .from(signatureDownloadLogs)
      .where(eq(signatureDownloadLogs.documentId, request.documentIds[0]!));
    expect(logs.map((log) => [log.kind, log.signerId, log.userId])).toEqual([
      ['view', request.signers[0]!.id, ids.oscar],
      ['download', request.signers[0]!.id, ids.oscar],
    ]);

    const other = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Otro', email: 'otro@vista.test' }],
    });
    const mismatched = await post('viewPdf', tokens.oscar, undefined, {
      ...params,
      document_package_signer_id: other.signers[0]!.id,
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it('exports the filtered history as .xlsx and as .csv', async () => {
    await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: '=HIPERVINCULO("x")',
      signers: [{ name: 'Eva Export', email: 'eva@export.test' }],
    });
    const xlsx = await post('exportSignatureRequests', tokens.elena, { signer: 'eva@export' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Solicitudes')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('\'=HIPERVINCULO("x")');
    expect(sheet.getRow(2).getCell(5).value).toBe('En proceso');

    const csv = await post('exportSignatureRequests', tokens.elena, { signer: 'eva@export', format: 'csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Título');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Eva Export <eva@export.test> (Invitado)');
  });

  it('lists and exports the attempts of the signers and the e-mails with their delivery status', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Contrato de intentos',
      signers: [{ name: 'Iris Intento', email: 'iris@intentos.test' }],
    });
    const signerId = request.signers[0]!.id;
    await t.deps.queue.drain();
    await t.deps.database.db.transaction(async (tx) => {
      await appendRequestEvent(tx, {
        requestId: request.requestId,
        signerId,
        action: 'opened',
        ip: '10.0.0.7',
      });
      await appendRequestEvent(tx, { requestId: request.requestId, signerId, action: 'otp_failed' });
    });
    const attempts = await post('listAttemptLogs', tokens.elena, { request_id: request.requestId });
    expect(attempts.json().data.map((event: { action: string }) => event.action)).toEqual([
      'opened',
      'otp_failed',
    ]);

    const attemptSheet = await post('exportAttemptLogs', tokens.elena, { request_id: request.requestId });
    const attemptsBook = new ExcelJS.Workbook();
    await attemptsBook.xlsx.load(attemptSheet.rawPayload as unknown as ArrayBuffer);
    const attemptRows = attemptsBook.getWorksheet('Intentos')!;
    expect(attemptRows.rowCount).toBe(3);
    expect(attemptRows.getRow(2).getCell(3).value).toBe('Abrió el enlace');
    expect(attemptRows.getRow(2).getCell(4).value).toBe('10.0.0.7');

    const emailSheet = await post('exportEmailStatus', tokens.elena, { request_id: request.requestId });
    const emailsBook = new ExcelJS.Workbook();
    await emailsBook.xlsx.load(emailSheet.rawPayload as unknown as ArrayBuffer);
    const emailRows = emailsBook.getWorksheet('Correos')!;
    expect(emailRows.rowCount).toBe(2);
    expect(emailRows.getRow(2).values).toEqual(
      expect.arrayContaining(['Invitación', 'iris@intentos.test', 'Enviado']),
    );
  });

  it("records a download on request and gives a signer's stored signature image", async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Sara Signo', email: 'sara@signo.test' }],
    });
    const signerId = request.signers[0]!.id;
    const signatureKey = `companies/${ids.andina}/requests/${request.requestId}/signers/${signerId}/signature.png`;
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.deps.storage.put(signatureKey, png);
    await t.deps.database.db
      .update(signatureRequestSigners)
      .set({ signatureKey, signatureKind: 'drawn' })
      .where(eq(signatureRequestSigners.id, signerId));
    const images = await post('getSignerImages', tokens.elena, undefined, {
      id: request.requestId,
      user_id: signerId,
    });
    expect(images.json().data).toEqual({
      signature_kind: 'drawn',
      signature_text: null,
      signature_png_base64: png.toString('base64'),
      selfie_base64: null,
    });
    const otherRequest = await post('getSignerImages', tokens.elena, undefined, {
      id: request.requestId,
      user_id: (
        await createTestRequest(t.deps, {
          companyId: ids.andina,
          signers: [{ name: 'X', email: 'x@signo.test' }],
        })
      ).signers[0]!.id,
    });
    expect(otherRequest.statusCode).toBe(404);

    const logged = await post('saveDownloadLog', tokens.elena, {
      request_id: request.requestId,
      document_id: request.documentIds[0],
    });
    expect(logged.statusCode).toBe(200);
    const [log] = await t.deps.database.db
      .select()
      .from(signatureDownloadLogs)
      .where(eq(signatureDownloadLogs.id, logged.json().data.id));
    expect(log).toMatchObject({ kind: 'download', userId: ids.elena, documentId: request.documentIds[0] });
    const mismatched = await post('saveDownloadLog', tokens.elena, {
      request_id: request.requestId,
      document_id: (
        await createTestRequest(t.deps, {
          companyId: ids.andina,
          signers: [{ name: 'Y', email: 'y@signo.test' }],
        })
      ).documentIds[0],
    });
    expect(mismatched.statusCode).toBe(404);
  });
});
