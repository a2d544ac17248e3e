import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureDownloadLogs,
  signatureRequestDocuments,
  signedCopyLinks,
} from '../../server/db/schema/index.js';
import type { DeliveredMail, MailTransport } from '../../server/mail/mailer.js';
import { createTestRequest, type NewTestSigner } from '../../server/requests/core/factories.js';
import { readAll } from '../../server/storage/storage.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { signAndComplete } from './support/signedRequest.js';
import { signingCaller } from './support/signing.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** A transport that keeps what it delivers (with the attachments' bytes), as an SMTP server would. */
function capturingTransport() {
  const delivered: DeliveredMail[] = [];
  const transport: MailTransport = {
    name: 'outbox',
    deliver: async (message) => {
      delivered.push(message);
      return null;
    },
  };
  return { transport, delivered };
}

const COMPLETED = /fue firmado por todos/;

async function sealedBytes(t: TestApp, requestId: number) {
  const documents = await t.deps.database.db
    .select()
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, requestId))
    .orderBy(asc(signatureRequestDocuments.position));
  return Promise.all(
    documents.map(async (document) => ({
      id: document.id,
      bytes: (await readAll(t.deps.storage, document.sealedKey!))!,
    })),
  );
}

const downloadsOf = (t: TestApp, requestId: number) =>
  t.deps.database.db
    .select()
    .from(signatureDownloadLogs)
    .where(eq(signatureDownloadLogs.requestId, requestId))
    .orderBy(asc(signatureDownloadLogs.id));

async function completedRequest(
  t: TestApp,
  ids: TenantIds,
  input: { title: string; signers: NewTestSigner[]; documents?: number },
) {
  const request = await createTestRequest(t.deps, { companyId: ids.andina, createdBy: ids.elena, ...input });
  await signAndComplete(t.deps, request);
  await t.deps.queue.drain();
  return request;
}

describe(`the signer's copy of a sealed request on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  const { transport, delivered } = capturingTransport();
  beforeAll(async () => {
    t = await createTestApp({ transport });
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  it('attaches the sealed PDF to the signer’s completion e-mail; the sender gets the request’s page', async () => {
    const request = await completedRequest(t, ids, {
      title: 'Contrato con copia adjunta',
      signers: [{ name: 'Ana Adjunto', email: 'ana.adjunto@correo.test' }],
    });
    const [sealed] = await sealedBytes(t, request.requestId);
    const mail = delivered.find(
      (message) => message.to === 'ana.adjunto@correo.test' && COMPLETED.test(message.subject),
    );
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments![0]).toMatchObject({
      filename: 'Contrato con copia adjunta (1).pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.compare(mail!.attachments![0]!.content, sealed!.bytes)).toBe(0);
    expect(mail!.text).toContain('Adjuntamos el documento firmado y sellado.');
    // Its link opens the signer's own page, which downloads the document again.
    expect(mail!.text).toContain(`/signature-request/${request.signers[0]!.token}`);
    expect(mail!.text).not.toContain('/update-signature-request/');
    const [row] = (await mailsTo(t, 'ana.adjunto@correo.test')).filter((m) => COMPLETED.test(m.subject));
    expect(row!.attachments).toEqual([expect.objectContaining({ size: sealed!.bytes.length })]);

    const sender = delivered.find(
      (message) => message.to === 'elena@andina.test' && message.subject.includes('copia adjunta'),
    );
    expect(sender?.attachments).toBeUndefined();
    expect(sender!.text).toContain(`/update-signature-request/update/${request.requestId}`);
    expect(sender!.text).toMatch(/^Hola Elena Prueba:/);
  });

  it('lets the signer download the sealed document from their signing link, logged', async () => {
    const call = signingCaller(t, '10.30.0.1');
    const request = await completedRequest(t, ids, {
      title: 'Contrato para volver a bajar',
      signers: [
        { name: 'Beto Bajada', email: 'beto.bajada@correo.test' },
        { name: 'Carla Bajada', email: 'carla.bajada@correo.test' },
      ],
    });
    const [sealed] = await sealedBytes(t, request.requestId);
    const token = request.signers[1]!.token;
    // The signing page itself says the request is over; the copy is one call away.
    expect((await call('verify_token_sign_request', { token })).status).toBe(410);
    const view = await call('signed_request_documents', { token });
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({
      title: 'Contrato para volver a bajar',
      company: 'Andina Firmas',
      seal_status: 'sealed',
      documents: [{ id: sealed!.id, name: 'Contrato para volver a bajar (1)' }],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/signed_request_document?token=${token}&document_id=${sealed!.id}`,
      remoteAddress: '10.30.0.2',
      headers: { 'user-agent': 'Prueba/1.0' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(response.rawPayload, sealed!.bytes)).toBe(0);
    expect(await downloadsOf(t, request.requestId)).toEqual([
      expect.objectContaining({
        documentId: sealed!.id,
        signerId: request.signers[1]!.id,
        userId: null,
        kind: 'download',
        ip: '10.30.0.2',
        userAgent: 'Prueba/1.0',
      }),
    ]);

    const other = await completedRequest(t, ids, {
      title: 'Otro contrato',
      signers: [{ name: 'Dora Otra', email: 'dora.otra@correo.test' }],
    });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/signed_request_document?token=${token}&document_id=${other.documentIds[0]}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('El documento no pertenece a esta solicitud');
  });

  it('says the document is being sealed until it is, and that an open request is not over', async () => {
    const call = signingCaller(t, '10.30.0.3');
    const open = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Contrato abierto',
      signers: [{ name: 'Eva Abierta', email: 'eva.abierta@correo.test' }],
    });
    const refused = await call('signed_request_documents', { token: open.signers[0]!.token });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/aún no termina/);

    await signAndComplete(t.deps, open);
    const pending = await call('signed_request_documents', { token: open.signers[0]!.token });
    expect(pending.json.data.seal_status).toBe('pending');
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/signed_request_document?token=${open.signers[0]!.token}&document_id=${open.documentIds[0]}`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/se está sellando/);
    await t.deps.queue.drain();
    expect(
      (await call('signed_request_documents', { token: open.signers[0]!.token })).json.data.seal_status,
    ).toBe('sealed');
  });
});

describe(`the signer's download link when the PDFs are too large to attach on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  const clock = manualClock(new Date());
  const { transport, delivered } = capturingTransport();
  beforeAll(async () => {
    t = await createTestApp({ transport, clock, env: { MAIL_ATTACHMENTS_MAX_BYTES: '1000' } });
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  const linkIn = (to: string) => {
    const mail = delivered.find((message) => message.to === to && COMPLETED.test(message.subject));
    expect(mail?.attachments).toBeUndefined();
    const token = mail!.text.match(/\/api\/signed_document\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    return { mail: mail!, token: token! };
  };
  const download = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/signed_document?token=${token}`, remoteAddress: '10.31.0.1' });

  it('mails a link instead, which downloads without an account, is logged and keeps only its hash', async () => {
    const request = await completedRequest(t, ids, {
      title: 'Contrato grande',
      signers: [{ name: 'Fabio Grande', email: 'fabio.grande@correo.test' }],
    });
    const { mail, token } = linkIn('fabio.grande@correo.test');
    expect(mail.text).toMatch(/El enlace de descarga sirve hasta el .+; después puede descargarlo/);
    const [sealed] = await sealedBytes(t, request.requestId);
    const response = await download(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(response.rawPayload, sealed!.bytes)).toBe(0);
    expect(await downloadsOf(t, request.requestId)).toEqual([
      expect.objectContaining({ documentId: sealed!.id, signerId: request.signers[0]!.id, userId: null }),
    ]);
    const links = await t.deps.database.db
      .select()
      .from(signedCopyLinks)
      .where(eq(signedCopyLinks.requestId, request.requestId));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it('gives a ZIP of every sealed document when the request has several', async () => {
    const request = await completedRequest(t, ids, {
      title: 'Contrato en partes',
      documents: 2,
      signers: [{ name: 'Gina Partes', email: 'gina.partes@correo.test' }],
    });
    const response = await download(linkIn('gina.partes@correo.test').token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const logged = await downloadsOf(t, request.requestId);
    expect(logged.map((row) => row.documentId).sort()).toEqual([...request.documentIds].sort());
  });

  it('answers a forged link 404 and an expired one 410, in Spanish', async () => {
    await completedRequest(t, ids, {
      title: 'Contrato que vence',
      signers: [{ name: 'Hugo Vence', email: 'hugo.vence@correo.test' }],
    });
    const { token } = linkIn('hugo.vence@correo.test');
    for (const forged of [randomBytes(32).toString('base64url'), 'corto', `${token.slice(0, -1)}A`]) {
      if (forged === token) continue;
      const response = await download(forged);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('El enlace de descarga no existe. Revise que lo copió completo');
    }
    clock.advance(31 * 86_400_000);
    const expired = await download(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/^El enlace de descarga venció/);
    const [link] = await t.deps.database.db
      .select()
      .from(signedCopyLinks)
      .where(and(eq(signedCopyLinks.tokenHash, createHash('sha256').update(token).digest('hex'))));
    expect(link).toBeDefined();
  });
});
