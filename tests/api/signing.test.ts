import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  signatureRejectionReasons,
  signatureRequestSigners,
  signatureRequests,
} from '../../server/db/schema/index.js';
import { requestEvents, verifyRequestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { DEFAULT_REJECTION_REASONS } from '../../server/requests/core/rejectionReasons.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { newBrowserSession, signingCaller, TINY_PNG_BASE64 } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

describe(`signing a request on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let call: ReturnType<typeof signingCaller>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    call = signingCaller(t);
  });
  afterAll(() => t.close());

  const actions = async (requestId: number) =>
    (await requestEvents(t.deps.database.db, requestId)).map((event) => event.action);

  it('shows the signer their documents page by page, only their boxes, the consent and whose turn it is', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato de arriendo',
      signers: [
        { name: 'Ana Vista', email: 'ana.vista@correo.test' },
        { name: 'Beto Vista', email: 'beto.vista@correo.test' },
      ],
    });
    const first = await call('verify_token_sign_request', { token: request.signers[0]!.token });
    expect(first.status).toBe(200);
    const view = first.json.data;
    expect(view).toMatchObject({ title: 'Contrato de arriendo', company: 'Andina Firmas', your_turn: true });
    expect(view.documents).toHaveLength(1);
    expect(view.documents[0].pages).toHaveLength(view.documents[0].page_count);
    expect(view.documents[0].pages[0].svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(view.documents[0].boxes.map((box: { field: string }) => box.field).sort()).toEqual([
      'fecha_1',
      'firma_1',
    ]);
    expect(view.consent.version).toMatch(/\S/);
    expect(view.signer).toMatchObject({
      name: 'Ana Vista',
      authenticated: true,
      email: expect.stringContaining('•'),
    });
    expect(JSON.stringify(view)).not.toContain('beto.vista@correo.test');

    const second = await call('verify_token_sign_request', { token: request.signers[1]!.token });
    expect(second.json.data.your_turn).toBe(false);
    expect(second.json.data.documents[0].boxes.map((box: { field: string }) => box.field).sort()).toEqual([
      'fecha_2',
      'firma_2',
    ]);
  });

  it('answers 404 to an unknown or malformed token, in Spanish', async () => {
    const unknown = await call('verify_token_sign_request', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/enlace de firma no existe/);
    expect(
      (
        await call(
          'do_sign_request',
          { token: '../1', consent_version: 'x', signature: { kind: 'drawn' } },
          newBrowserSession(),
        )
      ).status,
    ).toBe(404);
  });

  it('changes nothing on reads: POST readers, GET and HEAD', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Carla Lectura', email: 'carla.lectura@correo.test' }],
    });
    const token = request.signers[0]!.token;
    const before = await actions(request.requestId);
    const [signerBefore] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    await call('verify_token_sign_request', { token });
    await call('verify_token_user', { token });
    for (const method of ['GET', 'HEAD'] as const) {
      for (const path of [
        'verify_token_sign_request',
        'send_notification_attempt_open_document',
        'do_sign_request',
      ]) {
        const response = await t.app.inject({ method, url: `/api/${path}?token=${token}` });
        expect(response.statusCode).toBe(404);
      }
      const page = await t.app.inject({ method, url: `/signature-request/${token}` });
      expect(page.statusCode).toBeLessThan(500);
    }
    expect(await actions(request.requestId)).toEqual(before);
    const [signerAfter] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    expect(signerAfter).toEqual(signerBefore);
  });

  it('marks the signer viewed once and tells the company webhooks once', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Dora Apertura', email: 'dora.apertura@correo.test' }],
    });
    const token = request.signers[0]!.token;
    const first = await call('send_notification_attempt_open_document', { token });
    const second = await call('send_notification_attempt_open_document', { token });
    expect(first.status).toBe(200);
    expect(second.json.data.viewed_at).toBe(first.json.data.viewed_at);
    expect(await actions(request.requestId)).toEqual(['sent', 'invited', 'viewed', 'opened']);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    expect(signer!.status).toBe('viewed');
  });

  it('enforces the order, invites the next turn, tells the sender and completes with exactly one seal job', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [
        { name: 'Eva Primera', email: 'eva.primera@correo.test' },
        { name: 'Fabio Segundo', email: 'fabio.segundo@correo.test' },
      ],
    });
    const [eva, fabio] = request.signers;
    const fabioSession = newBrowserSession();
    const early = await call(
      'do_sign_request',
      {
        token: fabio!.token,
        consent_version: 'consentimiento-2026-01',
        signature: { kind: 'typed', text: 'Fabio Segundo' },
      },
      fabioSession,
    );
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/Aún no es su turno/);
    expect(await mailsTo(t, 'fabio.segundo@correo.test')).toHaveLength(0);

    const evaSession = newBrowserSession();
    const outdated = await call(
      'do_sign_request',
      { token: eva!.token, consent_version: 'consentimiento-viejo', signature: { kind: 'drawn' } },
      evaSession,
    );
    expect(outdated.status).toBe(409);
    const noImage = await call(
      'do_sign_request',
      { token: eva!.token, consent_version: 'consentimiento-2026-01', signature: { kind: 'drawn' } },
      evaSession,
    );
    expect(noImage.status).toBe(409);
    expect(noImage.json.message).toMatch(/dibuje o cargue su firma/);
    const upload = await call(
      'upload_sign_images',
      { token: eva!.token, image: TINY_PNG_BASE64, kind: 'drawn' },
      evaSession,
    );
    expect(upload.status).toBe(200);
    const signed = await call(
      'do_sign_request',
      { token: eva!.token, consent_version: 'consentimiento-2026-01', signature: { kind: 'drawn' } },
      evaSession,
    );
    expect(signed.status).toBe(200);
    expect(signed.json.data).toEqual({ status: 'signed', request_status: 'in_progress' });
    expect(await mailsTo(t, 'fabio.segundo@correo.test')).toHaveLength(1);
    const notices = await mailsTo(t, 'elena@andina.test');
    expect(notices.some((mail) => mail.subject.includes('Nueva firma'))).toBe(true);
    const again = await call(
      'do_sign_request',
      { token: eva!.token, consent_version: 'consentimiento-2026-01', signature: { kind: 'drawn' } },
      evaSession,
    );
    expect(again.status).toBe(410);

    const last = await call(
      'do_sign_request',
      {
        token: fabio!.token,
        consent_version: 'consentimiento-2026-01',
        signature: { kind: 'typed', text: 'Fabio Segundo' },
      },
      fabioSession,
    );
    expect(last.json.data).toEqual({ status: 'signed', request_status: 'completed' });
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row).toMatchObject({ status: 'completed', sealStatus: 'pending' });
    expect(row!.completedAt).toBeInstanceOf(Date);
    const sealJobs = await t.deps.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'request.seal'), eq(jobs.idempotencyKey, `seal:${request.requestId}`)));
    expect(sealJobs).toHaveLength(1);
    expect(sealJobs[0]!.payload).toEqual({ requestId: request.requestId });
    const [fabioRow] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, fabio!.id));
    expect(fabioRow).toMatchObject({
      status: 'signed',
      signatureKind: 'typed',
      consentVersion: 'consentimiento-2026-01',
      fieldValues: { signature_text: 'Fabio Segundo' },
    });
    expect(fabioRow!.ip).toBeTruthy();
    expect(await actions(request.requestId)).toEqual([
      'sent',
      'invited',
      'signed',
      'invited',
      'signed',
      'completed',
    ]);
    expect((await verifyRequestEvents(t.deps.database.db, request.requestId)).valid).toBe(true);
    // A finished request answers 410 to every link.
    expect((await call('verify_token_sign_request', { token: eva!.token })).status).toBe(410);
  });

  it('ignores bearer tokens: an administrator (or someone impersonating) is just a browser', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Gina Token', email: 'gina.token@correo.test', authentication: ['email_otp'] }],
    });
    const session = newBrowserSession();
    const refused = await call(
      'do_sign_request',
      {
        token: request.signers[0]!.token,
        consent_version: 'consentimiento-2026-01',
        signature: { kind: 'typed', text: 'Gina' },
      },
      session,
      bearer(tokens.admin),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/verifique su identidad/);
  });

  it('rejects with a reason: the request ends, the sender is told, the links stop working', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Acuerdo para rechazar',
      signers: [
        { name: 'Hugo Rechazo', email: 'hugo.rechazo@correo.test' },
        { name: 'Iris Después', email: 'iris.despues@correo.test' },
      ],
    });
    const session = newBrowserSession();
    const short = await call(
      'do_reject_sign_request',
      { token: request.signers[0]!.token, reason: 'no' },
      session,
    );
    expect(short.status).toBe(422);
    const rejected = await call(
      'do_reject_sign_request',
      { token: request.signers[0]!.token, reason: 'Los datos del contrato no son correctos' },
      session,
    );
    expect(rejected.status).toBe(200);
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row!.status).toBe('rejected');
    const notices = await mailsTo(t, 'elena@andina.test');
    expect(
      notices.some(
        (mail) => mail.subject.includes('Acuerdo para rechazar') && mail.subject.includes('rechazado'),
      ),
    ).toBe(true);
    expect((await call('verify_token_sign_request', { token: request.signers[0]!.token })).status).toBe(410);
    expect((await call('verify_token_sign_request', { token: request.signers[1]!.token })).status).toBe(410);
    expect(await actions(request.requestId)).toEqual(['sent', 'invited', 'rejected']);
  });

  it('offers the company its own rejection reasons, or the Spanish defaults without writing them', async () => {
    const { db } = t.deps.database;
    const ownReasons = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      signers: [{ name: 'Lina Motivos', email: 'lina.motivos@correo.test' }],
    });
    await db.insert(signatureRejectionReasons).values([
      { companyId: ids.caribe, reason: 'El precio no es el pactado', position: 0 },
      { companyId: ids.caribe, reason: 'Otro motivo', position: 1 },
    ]);
    const own = await call('verify_token_sign_request', { token: ownReasons.signers[0]!.token });
    expect(own.json.data.rejection_reasons).toEqual(['El precio no es el pactado', 'Otro motivo']);

    const defaults = await createTestRequest(t.deps, {
      companyId: ids.branch,
      signers: [{ name: 'Mario Motivos', email: 'mario.motivos@correo.test' }],
    });
    const view = await call('verify_token_sign_request', { token: defaults.signers[0]!.token });
    expect(view.json.data.rejection_reasons).toEqual([...DEFAULT_REJECTION_REASONS]);
    const stored = await db
      .select()
      .from(signatureRejectionReasons)
      .where(eq(signatureRejectionReasons.companyId, ids.branch));
    expect(stored).toEqual([]);
  });

  it('answers 410 to the links of a cancelled or expired request', async () => {
    const cancelled = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Juan Cancelado', email: 'juan.cancelado@correo.test' }],
    });
    await t.deps.database.db
      .update(signatureRequests)
      .set({ status: 'cancelled' })
      .where(eq(signatureRequests.id, cancelled.requestId));
    const response = await call('verify_token_sign_request', { token: cancelled.signers[0]!.token });
    expect(response.status).toBe(410);
    expect(response.json.message).toMatch(/cancelada/);
    const expired = await createTestRequest(t.deps, {
      companyId: ids.andina,
      expiresAt: new Date(Date.now() - 60_000),
      signers: [{ name: 'Karla Vencida', email: 'karla.vencida@correo.test' }],
    });
    const late = await call('send_notification_attempt_open_document', { token: expired.signers[0]!.token });
    expect(late.status).toBe(410);
    expect(late.json.message).toMatch(/venció/);
  });
});
