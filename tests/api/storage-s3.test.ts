import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { companies, downloadRequests } from '../../server/db/schema/index.js';
import { createS3Storage, type S3Storage } from '../../server/storage/s3.js';
import { readAll } from '../../server/storage/storage.js';
import { type LoopbackS3, startLoopbackS3 } from '../support/s3/loopbackS3.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

/**
 * The app configured with STORAGE_DRIVER=s3 against a real S3-compatible server on loopback: a
 * logo (a buffer) and a prepared company download (a stream) land in the bucket, under the
 * prefix, are served back from it, and nothing is written under DATA_DIR/files.
 */

const PASSWORD = 'Deposito-S3-2026';
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let s3: LoopbackS3;
let bucket: S3Storage;
let t: TestApp;
let token: string;
let companyId: number;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  bucket = await createS3Storage(s3.options);
  t = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'rubrica' } });
  const db = t.deps.database.db;
  companyId = await createCompany(db, { fiscalName: 'Andina Depósitos S.A.S.', taxId: '800197268-4' });
  await createUser(db, {
    companyId,
    roleId: ROLE.companyAdministrator,
    name: 'Elena',
    lastName: 'Nube',
    email: 'elena@deposito.test',
    password: PASSWORD,
  });
  token = await t.signin('elena@deposito.test', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  bucket?.close();
  await s3?.stop();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

describe('the app on S3 storage', () => {
  it('keeps a logo in the bucket and serves it from there', async () => {
    const saved = await api('POST', 'add_company_settings', {
      company_id: companyId,
      logo: { filename: 'logo.png', content_base64: PNG_1PX },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [company] = await t.deps.database.db.select().from(companies).where(eq(companies.id, companyId));
    const stored = await readAll(bucket, `rubrica/${company!.logo}`);
    expect(stored?.subarray(1, 4).toString()).toBe('PNG');

    const served = await t.app.inject({ url: saved.json().data.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!)).toBe(true);
  });

  it('streams a prepared download into the bucket and back to its requester', async () => {
    const requested = await api('POST', 'add_download_request', { company_id: companyId });
    expect(requested.statusCode, requested.body).toBe(200);
    const id: number = requested.json().data.id;
    await t.deps.queue.drain();
    const [row] = await t.deps.database.db.select().from(downloadRequests).where(eq(downloadRequests.id, id));
    expect(row).toMatchObject({ status: 'ready', fileKey: expect.any(String) });
    const stored = await readAll(bucket, `rubrica/${row!.fileKey}`);
    expect(stored?.subarray(0, 2).toString()).toBe('PK');

    const file = await api('GET', `download_request_file/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(stored!)).toBe(true);
  });

  it('writes nothing under DATA_DIR/files', () => {
    const files = join(t.deps.config.DATA_DIR, 'files');
    expect(existsSync(files) ? readdirSync(files, { recursive: true }) : []).toEqual([]);
  });
});
