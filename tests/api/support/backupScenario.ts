import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ROLE } from '../../../contract/permissions.js';
import { buildApp } from '../../../server/app.js';
import { bootstrap } from '../../../server/bootstrap.js';
import type { Config } from '../../../server/config.js';
import type { Database } from '../../../server/db/client.js';
import { createCompany, createUser } from '../../../server/db/factories.js';
import { signatureRequestDocuments } from '../../../server/db/schema/index.js';
import type { Deps } from '../../../server/deps.js';
import { createLogger } from '../../../server/logger.js';
import { createTestRequest } from '../../../server/requests/core/factories.js';
import { readAll } from '../../../server/storage/storage.js';
import { freshIp } from './mailbox.js';
import { expectSealedPdfPasses } from './sealedPdf.js';
import { signAndComplete } from './signedRequest.js';
import { bearer } from './testApp.js';

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PASSWORD = 'Copia-Segura-2026';

export type RunningApp = { app: FastifyInstance; deps: Deps; close(): Promise<void> };

/** A real app on `config` (its own database unless one is given), as main.ts starts it, without the port. */
export async function bootApp(config: Config, database?: Database): Promise<RunningApp> {
  const { deps } = await bootstrap({ config, logger: createLogger('silent'), database });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await deps.queue.stop();
      await app.close();
      await deps.database.close();
      (deps.storage as { close?: () => void }).close?.();
    },
  };
}

/** What a backup must keep working: a sealed document, a logo, a session and a signer's link. */
export type BackedUpState = {
  validationCode: string;
  sealed: Buffer;
  logoUrl: string;
  logo: Buffer;
  userId: number;
  sessionToken: string;
  signerToken: string;
};

/** A company with a logo, a request signed and sealed, another waiting for its signer, a session. */
export async function populate({ app, deps }: RunningApp): Promise<BackedUpState> {
  const { db } = deps.database;
  const companyId = await createCompany(db, { fiscalName: 'Respaldo Andino S.A.S.', taxId: '900555666-3' });
  const userId = await createUser(db, {
    companyId,
    roleId: ROLE.companyAdministrator,
    name: 'Rosa',
    lastName: 'Respaldo',
    email: 'rosa@respaldo.test',
    password: PASSWORD,
  });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email: 'rosa@respaldo.test', password: PASSWORD },
  });
  expect(signin.statusCode, signin.body).toBe(200);
  const sessionToken: string = signin.json().data.token;
  const saved = await app.inject({
    method: 'POST',
    url: '/api/add_company_settings',
    headers: bearer(sessionToken),
    payload: { company_id: companyId, logo: { filename: 'logo.png', content_base64: PNG_1PX } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const logoUrl: string = saved.json().data.logo_url;
  const logo = await app.inject({ url: logoUrl });
  expect(logo.statusCode).toBe(200);

  const signed = await createTestRequest(deps, {
    companyId,
    createdBy: userId,
    signers: [{ name: 'Ana Copia Núñez', email: 'ana@respaldo.test' }],
  });
  await signAndComplete(deps, signed);
  await deps.queue.drain();
  const [document] = await db
    .select()
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, signed.requestId));
  const sealed = await readAll(deps.storage, document!.sealedKey!);
  const waiting = await createTestRequest(deps, {
    companyId,
    createdBy: userId,
    signers: [{ name: 'Bruno Pendiente', email: 'bruno@respaldo.test' }],
  });
  return {
    validationCode: signed.validationCode,
    sealed: sealed!,
    logoUrl,
    logo: logo.rawPayload,
    userId,
    sessionToken,
    signerToken: waiting.signers[0]!.token,
  };
}

/** Everything `populate` made works on the restored app as it did before the backup. */
export async function expectRestored({ app, deps }: RunningApp, state: BackedUpState): Promise<void> {
  const byFile = await app.inject({
    method: 'POST',
    url: '/api/certificate_validation/pdf',
    payload: { filename: 'contrato.pdf', content_base64: state.sealed.toString('base64') },
    remoteAddress: freshIp(),
  });
  expect(byFile.statusCode, byFile.body).toBe(200);
  const checked = byFile.json().data;
  expect(checked).toMatchObject({ status: 'intact', request: { validation_code: state.validationCode } });
  expect(checked.signatures[0]).toMatchObject({ signer: 'Rúbrica Sello de Documentos', valid: true });
  const byCode = await app.inject({
    method: 'POST',
    url: '/api/certificate_validation/code',
    payload: { code: state.validationCode },
    remoteAddress: freshIp(),
  });
  expect(byCode.statusCode, byCode.body).toBe(200);
  expect(byCode.json().data).toMatchObject({ audit_trail_intact: true, seal_status: 'sealed' });
  // The restored store holds the same sealed bytes, and pdfsig trusts them with the restored CA.
  const [document] = await deps.database.db.select().from(signatureRequestDocuments).limit(1);
  const stored = await readAll(deps.storage, document!.sealedKey!);
  expect(stored?.equals(state.sealed)).toBe(true);
  await expectSealedPdfPasses(new Uint8Array(state.sealed), deps.config);

  const logo = await app.inject({ url: state.logoUrl });
  expect(logo.statusCode).toBe(200);
  expect(logo.rawPayload.equals(state.logo)).toBe(true);
  const me = await app.inject({ url: `/api/get_users/${state.userId}`, headers: bearer(state.sessionToken) });
  expect(me.statusCode, me.body).toBe(200);
  const link = await app.inject({
    method: 'POST',
    url: '/api/verify_token_sign_request',
    payload: { token: state.signerToken },
    remoteAddress: freshIp(),
  });
  expect(link.statusCode, link.body).toBe(200);
}
