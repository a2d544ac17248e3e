import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestSigners } from '../../server/db/schema/index.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { DatabaseOtpStore, otpSubject } from '../../server/requests/signer/otpStore.js';
import { NO_TRY, OTP_MESSAGES, OTP_RULES } from '../../server/security/otp.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { newBrowserSession, signerCodeFrom, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * Wrong codes are counted per signer and round of their link, over every code sent in that round:
 * five lock the link (send_code and validate_code answer 429 with the lock's message), and only
 * the sender's resend, which starts a new round, unlocks it.
 */

const CONSENT_VERSION = 'consentimiento-2026-01';
const REPLACED = 'Este enlace fue reemplazado por uno más reciente; use el del último correo que recibió';
const LINK = /\/signature-request\/([A-Za-z0-9_-]{43})/;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe(`signer code rounds on ${testDatabaseKind}`, () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  const otpRequest = async (email: string) => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [{ name: 'Firmante Rondas', email, authentication: ['email_otp'] }],
    });
    return {
      requestId: request.requestId,
      signerId: request.signers[0]!.id,
      token: request.signers[0]!.token,
    };
  };

  const signerRow = async (signerId: number) => {
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, signerId));
    return row!;
  };

  /** Locks a link: one code, five wrong tries; the answers, for the caller to check. */
  const lockOut = async (call: ReturnType<typeof signingCaller>, token: string, email: string) => {
    const session = newBrowserSession();
    expect((await call('send_code', { token, channel: 'email' }, session)).status).toBe(200);
    const code = await signerCodeFrom(t, email);
    const answers = [];
    for (let i = 0; i < OTP_RULES.maxAttempts; i++) {
      answers.push((await call('validate_code', { token, code: otherCode(code) }, session)).status);
    }
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    return { session, code };
  };

  it('12 wrong codes over 3 codes: the fifth wrong code locks the link, and the right code is refused', async () => {
    const call = signingCaller(t, '10.31.0.1');
    const email = 'rocio.rondas@correo.test';
    const { signerId, token } = await otpRequest(email);
    const session = newBrowserSession();
    const answers: (number | string)[] = [];
    let code = '';
    for (let sent = 0; sent < 3; sent++) {
      const send = await call('send_code', { token, channel: 'email' }, session);
      answers.push(`send_code ${send.status}`);
      if (send.status === 200) code = await signerCodeFrom(t, email);
      for (let i = 0; i < 4; i++) {
        answers.push((await call('validate_code', { token, code: otherCode(code) }, session)).status);
      }
      clock.advance(OTP_RULES.resendAfterMs);
    }
    // The second code brings the one wrong try left of the round, not five new ones; the third is
    // never sent.
    expect(answers).toEqual([
      'send_code 200',
      422,
      422,
      422,
      422,
      'send_code 200',
      429,
      429,
      429,
      429,
      'send_code 429',
      429,
      429,
      429,
      429,
    ]);
    const right = await call('validate_code', { token, code }, session);
    expect(right).toEqual({ status: 429, json: { message: OTP_MESSAGES.locked } });
    const send = await call('send_code', { token, channel: 'email' }, session);
    expect(send).toEqual({ status: 429, json: { message: OTP_MESSAGES.locked } });
    const signed = await call(
      'do_sign_request',
      { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Rocío' } },
      session,
    );
    expect(signed.status).toBe(403);
    const overview = await call('verify_token_user', { token }, session);
    expect(overview.json.data.signer).toMatchObject({ authenticated: false, code_locked: true });
    expect(await signerRow(signerId)).toMatchObject({ otpFailures: 5, otpFailuresRound: 1 });
  });

  it("unlocks with the sender's resend: the new link sends, validates and signs; the old one stays dead", async () => {
    const call = signingCaller(t, '10.31.0.2');
    const api = endpointCaller(t.app);
    const email = 'simon.reenvio@correo.test';
    const { signerId, token: oldToken } = await otpRequest(email);
    const { session: oldSession, code: oldCode } = await lockOut(call, oldToken, email);

    const resent = await api(tokens.oscar, 'resendSignatureRequest', { body: { signer_id: signerId } });
    expect(resent.status).toBe(200);
    const [invitation] = await mailsTo(t, email);
    const token = invitation!.text.match(LINK)?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(oldToken);

    for (const [path, body] of [
      ['send_code', { token: oldToken, channel: 'email' }],
      ['validate_code', { token: oldToken, code: oldCode }],
    ] as const) {
      expect(await call(path, body, oldSession)).toEqual({ status: 410, json: { message: REPLACED } });
    }

    // The new round: not locked, no old code to wait for, a clean count of five.
    const session = newBrowserSession();
    const view = await call('verify_token_sign_request', { token }, session);
    expect(view.json.data.signer).toMatchObject({ authenticated: false, code_locked: false });
    expect((await call('send_code', { token, channel: 'email' }, session)).status).toBe(200);
    const code = await signerCodeFrom(t, email);
    expect(await call('validate_code', { token, code: otherCode(code) }, session)).toEqual({
      status: 422,
      json: { message: OTP_MESSAGES.wrong(4) },
    });
    expect((await call('validate_code', { token, code }, session)).status).toBe(200);
    const signed = await call(
      'do_sign_request',
      { token, consent_version: CONSENT_VERSION, signature: { kind: 'typed', text: 'Simón' } },
      session,
    );
    expect(signed.status).toBe(200);
    expect(await signerRow(signerId)).toMatchObject({ status: 'signed', tokenRound: 2, otpChannel: 'email' });
    // The dead link says so, whatever the session.
    expect(
      (await call('validate_code', { token: oldToken, code: otherCode(oldCode) }, newBrowserSession()))
        .status,
    ).toBe(410);
  });

  it('lets concurrent wrong codes through five times in a round, never more', async () => {
    const call = signingCaller(t, '10.31.0.3');
    const email = 'tania.concurrente@correo.test';
    const { signerId, token } = await otpRequest(email);
    const session = newBrowserSession();
    await call('send_code', { token, channel: 'email' }, session);
    const first = await signerCodeFrom(t, email);
    for (let i = 0; i < 3; i++) await call('validate_code', { token, code: otherCode(first) }, session);
    clock.advance(OTP_RULES.resendAfterMs);
    expect((await call('send_code', { token, channel: 'email' }, session)).status).toBe(200);
    const code = await signerCodeFrom(t, email);
    // Ten wrong codes at once, from as many browsers: two tries are left in the round.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call('validate_code', { token, code: otherCode(code) }, index === 0 ? session : newBrowserSession()),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.length - refused.length).toBe(1);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.json.message).toBe(OTP_MESSAGES.locked);
    expect(await signerRow(signerId)).toMatchObject({ otpFailures: OTP_RULES.maxAttempts });
    expect((await call('validate_code', { token, code }, session)).status).toBe(429);
  });

  it('counts tries in one statement on the database: of ten concurrent, five are counted', async () => {
    const { signerId } = await otpRequest('ulises.contador@correo.test');
    const store = new DatabaseOtpStore(t.deps.database.db);
    const subject = otpSubject({ id: signerId, tokenRound: 1 });
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => store.takeTry(subject, OTP_RULES.maxAttempts)),
    );
    expect(taken.filter((one) => typeof one === 'number').sort()).toEqual([1, 2, 3, 4, 5]);
    expect(taken.filter((one) => one === NO_TRY.locked)).toHaveLength(5);
    expect(await store.failures(subject)).toBe(5);
    await store.returnTry(subject);
    expect(await store.failures(subject)).toBe(4);
    // A round that is over counts nothing; the next round starts at zero by itself.
    await t.deps.database.db
      .update(signatureRequestSigners)
      .set({ tokenRound: 2 })
      .where(eq(signatureRequestSigners.id, signerId));
    expect(await store.takeTry(subject, OTP_RULES.maxAttempts)).toBe(NO_TRY.gone);
    const next = otpSubject({ id: signerId, tokenRound: 2 });
    expect(await store.failures(next)).toBe(0);
    expect(await store.takeTry(next, OTP_RULES.maxAttempts)).toBe(1);
    expect(await store.failures(subject)).toBe(0);
  });
});
