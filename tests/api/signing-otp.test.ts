import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestSigners, signerOtpCodes } from '../../server/db/schema/index.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { newBrowserSession, signerCodeFrom, signingCaller, TINY_PNG_BASE64 } from './support/signing.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const CONSENT_VERSION = 'consentimiento-2026-01';
const fixture = (name: string) => readFileSync(`server/uploads/fixtures/${name}`).toString('base64');

describe(`signer authentication on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  const otpRequest = (email: string, name = 'Firmante Código') =>
    createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name, email, authentication: ['email_otp'] }],
    });

  it('mails a code, keeps only its HMAC, and lets only the asking browser sign after validating it', async () => {
    const call = signingCaller(t, '10.30.0.1');
    const request = await otpRequest('lina.codigo@correo.test');
    const token = request.signers[0]!.token;
    const session = newBrowserSession();
    const sent = await call('send_code', { token, channel: 'email' }, session);
    expect(sent.status).toBe(200);
    expect(sent.json.data.sent_to).toMatch(/^li•+@c•+\.test$/);
    expect(JSON.stringify(sent.json)).not.toMatch(/\b\d{6}\b/);
    const code = await signerCodeFrom(t, 'lina.codigo@correo.test');
    const [stored] = await t.deps.database.db
      .select()
      .from(signerOtpCodes)
      .where(eq(signerOtpCodes.signerId, request.signers[0]!.id));
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(await call('send_code', { token, channel: 'sms' }, session)).toMatchObject({ status: 422 });
    expect((await call('send_code', { token, channel: 'email' })).status).toBe(400);

    const sign = (browser: string) =>
      call(
        'do_sign_request',
        { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Lina' } },
        browser,
      );
    expect((await sign(session)).status).toBe(403);
    const otherBrowser = newBrowserSession();
    const elsewhere = await call('validate_code', { token, code }, otherBrowser);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.message).toMatch(/otro navegador/);
    const validated = await call('validate_code', { token, code }, session);
    expect(validated.status).toBe(200);
    expect((await call('verify_token_user', { token }, session)).json.data.signer.authenticated).toBe(true);
    expect((await call('verify_token_user', { token }, otherBrowser)).json.data.signer.authenticated).toBe(
      false,
    );
    expect((await sign(otherBrowser)).status).toBe(403);
    expect((await sign(session)).status).toBe(200);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    expect(signer).toMatchObject({ otpChannel: 'email', otpDestination: sent.json.data.sent_to });
    const events = await requestEvents(t.deps.database.db, request.requestId);
    expect(events.map((event) => event.action)).toEqual([
      'sent',
      'invited',
      'otp_sent',
      'otp_failed',
      'otp_validated',
      'signed',
      'completed',
    ]);
    expect(events[2]!.details).toMatchObject({ channel: 'email', destination: sent.json.data.sent_to });
  });

  it('locks the link after 5 wrong codes: even the right one is refused', async () => {
    const call = signingCaller(t, '10.30.0.2');
    const request = await otpRequest('mario.bloqueo@correo.test');
    const token = request.signers[0]!.token;
    const session = newBrowserSession();
    await call('send_code', { token, channel: 'email' }, session);
    const code = await signerCodeFrom(t, 'mario.bloqueo@correo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await call('validate_code', { token, code: wrong }, session)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const right = await call('validate_code', { token, code }, session);
    expect(right.status).toBe(429);
    expect(right.json.message).toMatch(/bloqueado/);
    expect((await call('send_code', { token, channel: 'email' }, session)).status).toBe(429);
  });

  it('ends an authentication with updated_code_as_used', async () => {
    const call = signingCaller(t, '10.30.0.3');
    const request = await otpRequest('nora.cierre@correo.test');
    const token = request.signers[0]!.token;
    const session = newBrowserSession();
    await call('send_code', { token, channel: 'email' }, session);
    await call('validate_code', { token, code: await signerCodeFrom(t, 'nora.cierre@correo.test') }, session);
    expect((await call('updated_code_as_used', { token }, session)).status).toBe(200);
    const sign = await call(
      'do_sign_request',
      { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Nora' } },
      session,
    );
    expect(sign.status).toBe(403);
  });

  it('signs every pending request of the same e-mail and company with one authentication, and nothing else', async () => {
    const call = signingCaller(t, '10.30.0.4');
    const email = 'olga.varias@correo.test';
    const requests = [];
    for (let index = 0; index < 3; index++) requests.push(await otpRequest(email, 'Olga Varias'));
    const foreign = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      signers: [{ name: 'Olga Varias', email, authentication: ['email_otp'] }],
    });
    const token = requests[0]!.signers[0]!.token;
    const overview = await call('verify_token_user', { token });
    expect(overview.json.data.pending.map((row: { request_id: number }) => row.request_id)).toEqual(
      requests.map((request) => request.requestId),
    );
    const session = newBrowserSession();
    await call('send_code', { token, channel: 'email' }, session);
    await call('validate_code', { token, code: await signerCodeFrom(t, email) }, session);
    await call('upload_sign_images', { token, image: TINY_PNG_BASE64, kind: 'drawn' }, session);
    const body = { token, consent_version: CONSENT_VERSION, signature: { kind: 'drawn' } };
    const intruder = await call(
      'do_sign_request_multiple',
      { ...body, request_ids: [requests[1]!.requestId, foreign.requestId] },
      session,
    );
    expect(intruder.status).toBe(404);
    const signed = await call(
      'do_sign_request_multiple',
      { ...body, request_ids: requests.map((request) => request.requestId) },
      session,
    );
    expect(signed.status).toBe(200);
    expect(signed.json.data.signed).toEqual(requests.map((request) => request.requestId));
    for (const request of requests) {
      const [signer] = await t.deps.database.db
        .select()
        .from(signatureRequestSigners)
        .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
      expect(signer).toMatchObject({
        status: 'signed',
        signatureKind: 'drawn',
        consentVersion: CONSENT_VERSION,
      });
      expect(signer!.signatureKey).toContain(`/signers/${signer!.id}/signature.png`);
    }
    const [other] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, foreign.signers[0]!.id));
    expect(other!.status).toBe('invited');
    expect((await mailsTo(t, email)).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps a selfie with one face and its SHA-256, refuses a photo without a face', async () => {
    const call = signingCaller(t, '10.30.0.5');
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Pia Selfie', email: 'pia.selfie@correo.test', authentication: ['selfie'] }],
    });
    const token = request.signers[0]!.token;
    const session = newBrowserSession();
    const face = await call('detect_face', { token, image: fixture('astronaut.jpg') });
    expect(face.json.data).toEqual({ faces: 1, ok: true });
    const cup = await call('upload_photos_logs', { token, image: fixture('coffee.jpg'), consent: true });
    expect(cup.status).toBe(422);
    const unsigned = await call(
      'do_sign_request',
      { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Pia' } },
      session,
    );
    expect(unsigned.status).toBe(403);
    expect(unsigned.json.message).toMatch(/foto/);
    const noConsent = await call('upload_photos_logs', {
      token,
      image: fixture('astronaut.jpg'),
      consent: false,
    });
    expect(noConsent.status).toBe(422);
    const kept = await call('upload_photos_logs', { token, image: fixture('astronaut.jpg'), consent: true });
    expect(kept.status).toBe(200);
    expect(kept.json.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const signed = await call(
      'do_sign_request',
      { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Pia' } },
      session,
    );
    expect(signed.status).toBe(200);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    expect(signer!.selfieSha256).toBe(kept.json.data.sha256);
  });

  it('re-encodes signature images and refuses what is not an image', async () => {
    const call = signingCaller(t, '10.30.0.6');
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [{ name: 'Quique Imagen', email: 'quique.imagen@correo.test' }],
    });
    const token = request.signers[0]!.token;
    const text = await call('upload_sign_images', {
      token,
      image: Buffer.from('<svg/>').toString('base64'),
      kind: 'uploaded',
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    const jpeg = await call('upload_sign_images', { token, image: fixture('chelsea.jpg'), kind: 'uploaded' });
    expect(jpeg.status).toBe(200);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    const stored = await t.deps.storage.get(signer!.signatureKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
  });
});
