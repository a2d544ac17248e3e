import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  webhookDeliveries,
} from '../../server/db/schema/index.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { approvalToken } from '../../server/requests/core/tokens.js';
import { readAll } from '../../server/storage/storage.js';
import { registerWebhookEndpoint } from '../../server/webhooks/webhooks.js';
import { solidPng } from '../support/documents/tools.js';
import { run, temporaryDirectory, writeTemp } from '../support/pades/tools.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp, mailsTo } from './support/mailbox.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';
import { startWebhookReceiver } from './support/webhookReceiver.js';

describe(`auto-sign approval on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  const call = (path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload,
      remoteAddress: freshIp(),
      headers: { 'user-agent': 'Navegador del aprobador' },
    });

  /** A request the company signs automatically once Elena approves. */
  async function autoSignRequest(): Promise<{ request: TestRequest; token: string }> {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Gabriel Cliente', email: 'gabriel.cliente@correo.test' }],
    });
    await t.deps.database.db
      .update(signatureRequests)
      .set({ autoSign: true, autoSignApproverId: ids.elena, autoSignStatus: 'pending' })
      .where(eq(signatureRequests.id, request.requestId));
    return { request, token: approvalToken(t.deps.secrets.sessionSecret, request.requestId, ids.elena) };
  }

  const signAll = (request: TestRequest) =>
    t.deps.database.db
      .update(signatureRequestSigners)
      .set({
        status: 'signed',
        signedAt: new Date(),
        signatureKind: 'typed',
        fieldValues: { signature_text: 'Gabriel' },
      })
      .where(eq(signatureRequestSigners.requestId, request.requestId));

  it('holds the last signature of an auto-sign request for the approver, who gets the approval link', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Hilda Cliente', email: 'hilda.cliente@correo.test' }],
    });
    await t.deps.database.db
      .update(signatureRequests)
      .set({ autoSign: true, autoSignApproverId: ids.elena })
      .where(eq(signatureRequests.id, request.requestId));
    const signed = await signingCaller(t)(
      'do_sign_request',
      {
        token: request.signers[0]!.token,
        consent_version: 'consentimiento-2026-01',
        signature: { kind: 'typed', text: 'Hilda Cliente' },
      },
      newBrowserSession(),
    );
    expect(signed.status).toBe(200);
    const [held] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(held).toMatchObject({ status: 'in_progress', autoSignStatus: 'pending', sealStatus: 'not_ready' });
    const token = approvalToken(t.deps.secrets.sessionSecret, request.requestId, ids.elena);
    const approvalMail = (await mailsTo(t, 'elena@andina.test')).find((mail) =>
      mail.text.includes('/approval_packages'),
    );
    expect(approvalMail?.text).toContain(`/approval_packages?token=${token}`);
    const status = (await call('check_status_auto_sign_request', { token })).json().data;
    expect(status).toMatchObject({ ready: true, auto_sign_status: 'pending' });
    expect(
      (await requestEvents(t.deps.database.db, request.requestId)).map((event) => event.action),
    ).toContain('auto_sign_requested');
  });

  it('refuses wrong and malformed links, and approval before every signer signed', async () => {
    const { request, token } = await autoSignRequest();
    const forged = `${request.requestId}.${'A'.repeat(43)}`;
    const wrong = await call('check_status_auto_sign_request', { token: forged });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('El enlace de aprobación no es válido');
    expect((await call('check_status_auto_sign_request', { token: 'no-es-un-enlace' })).statusCode).toBe(422);
    const status = (await call('check_status_auto_sign_request', { token })).json().data;
    expect(status).toMatchObject({ ready: false, auto_sign_status: 'pending', company: 'Andina Firmas' });
    const early = await call('approve_or_reject_auto_sign_request', { token, approve: false });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Aún faltan firmas');
  });

  it('asks the approver to keep a signature before approving', async () => {
    const { request, token } = await autoSignRequest();
    await signAll(request);
    const refused = await call('approve_or_reject_auto_sign_request', { token, approve: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Configuración de firma');
  });

  it('applies the approver’s stored signature, completes and seals the request, audited; only once', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/update_signature/${ids.elena}`,
      headers: bearer(tokens.elena),
      payload: {
        signature_image: {
          filename: 'firma.png',
          content_base64: solidPng(200, 60, [0, 0, 0]).toString('base64'),
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const receiver = await startWebhookReceiver();
    await registerWebhookEndpoint(t.deps, {
      companyId: ids.andina,
      url: receiver.url('/aprobadas'),
      events: ['request.completed', 'request.sealed'],
    });
    const { request, token } = await autoSignRequest();
    await signAll(request);
    const status = (await call('check_status_auto_sign_request', { token })).json().data;
    expect(status).toMatchObject({ ready: true, approver: 'Elena Prueba' });
    expect(status.signature_image).toMatch(/^data:image\/png;base64,/);
    expect(status.documents).toHaveLength(1);

    const approved = await call('approve_or_reject_auto_sign_request', { token, approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Firma automática aprobada');
    expect(approved.json().data).toMatchObject({ auto_sign_status: 'approved', status: 'completed' });
    await t.deps.queue.drain();
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row).toMatchObject({ status: 'completed', sealStatus: 'sealed' });
    // The approval completes it: its integrations hear of the completion and then of the seal.
    const announced = await t.deps.database.db
      .select({ event: webhookDeliveries.event, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(sql`(${webhookDeliveries.body})::jsonb -> 'data' ->> 'requestId' = ${String(request.requestId)}`)
      .orderBy(webhookDeliveries.id);
    expect(announced).toEqual([
      { event: 'request.completed', status: 'delivered' },
      { event: 'request.sealed', status: 'delivered' },
    ]);
    await t.deps.database.db.execute(sql`DELETE FROM webhook_endpoints WHERE company_id = ${ids.andina}`);
    await receiver.close();
    const events = await requestEvents(t.deps.database.db, request.requestId);
    const approval = events.find((event) => event.action === 'auto_sign_approved')!;
    expect(approval.userId).toBe(ids.elena);
    expect(approval.userAgent).toBe('Navegador del aprobador');
    expect(approval.details).toMatchObject({ signatureSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(events.map((event) => event.action).slice(-3)).toEqual([
      'auto_sign_approved',
      'completed',
      'sealed',
    ]);
    // The certificate of completion lists the company's signature and who approved it.
    const [document] = await t.deps.database.db
      .select()
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, request.requestId));
    const pdf = (await readAll(t.deps.storage, document!.sealedKey!))!;
    const { dir, remove } = await temporaryDirectory('rubrica-auto-sign-');
    try {
      const text = (await run('pdftotext', [await writeTemp(dir, 'sellado.pdf', pdf), '-'])).stdout.replace(
        /[\s\u200b]+/g,
        ' ',
      );
      expect(text).toContain('Andina Firmas (firma automática aprobada por Elena Prueba)');
      // The audit log names the approval in Spanish, with the approver's name.
      expect(text).toContain('Elena Prueba aprobó la firma automática de la empresa');
      expect(text).not.toContain('auto_sign_approved');
    } finally {
      await remove();
    }

    const again = await call('approve_or_reject_auto_sign_request', { token, approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta firma automática ya fue decidida');
  });

  it('records a rejection with its reason and rejects the request', async () => {
    const { request, token } = await autoSignRequest();
    await signAll(request);
    const rejected = await call('approve_or_reject_auto_sign_request', {
      token,
      approve: false,
      reason: 'El valor del contrato no coincide',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ auto_sign_status: 'rejected', status: 'rejected' });
    const events = await requestEvents(t.deps.database.db, request.requestId);
    expect(events.at(-1)).toMatchObject({
      action: 'auto_sign_rejected',
      details: expect.objectContaining({ reason: 'El valor del contrato no coincide' }),
    });
  });
});
