import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../server/db/factories.js';
import { auditLog, loginChallenges } from '../../server/db/schema/index.js';
import { createLogger } from '../../server/logger.js';
import { freshIp, lastCodeTo, mailsTo, manualClock, tokenPayload } from './support/mailbox.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Segundo-Factor-2026';
const logLines: string[] = [];
const clock = manualClock(new Date());
let t: TestApp;
let companyId: number;

beforeAll(async () => {
  // Everything the app logs, at the most verbose level, to prove no code ends up there.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ clock, logger: createLogger('trace', sink) });
  companyId = await createCompany(t.deps.database.db, { fiscalName: 'Doble S.A.S.', taxId: '901000001-1' });
});
afterAll(() => t.close());

let userCount = 0;
/** A fresh user with two-factor on (each test its own, so limits and challenges do not mix). */
async function twoFactorUser() {
  userCount += 1;
  const email = `doble${userCount}@doble.test`;
  const id = await createUser(t.deps.database.db, {
    companyId,
    name: 'Dora',
    lastName: `Doble ${userCount}`,
    email,
    password: PASSWORD,
    twoFactorEnabled: true,
  });
  return { id, email };
}

const post = (url: string, payload: object, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: ip });

async function startSignin(email: string) {
  const response = await post('users/signin', { email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('sign-in with two-factor on', () => {
  it('asks for the second factor, e-mails a 6-digit code, and the right code opens a session', async () => {
    const user = await twoFactorUser();
    const first = await startSignin(user.email);
    const { data, message } = first.json();
    expect(data).toEqual({
      status: 'second_factor_required',
      challenge: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sentTo: 'd***@doble.test',
      expiresInSeconds: 600,
    });
    expect(message).toBe('Le enviamos un código de verificación a su correo');
    const [mail] = await mailsTo(t, user.email);
    expect(mail?.subject).toBe('Código de verificación para iniciar sesión en Rúbrica');
    expect(mail?.text).toMatch(/Vence en 10 minutos y solo sirve una vez/);
    const code = await lastCodeTo(t, user.email);

    // Stored only as a digest.
    const [row] = await t.deps.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.id, data.challenge));
    expect(row?.codeHash).not.toContain(code);

    const second = await post('secondFactorRequest', { challenge: data.challenge, code });
    expect(second.statusCode).toBe(200);
    const { token, id } = second.json().data;
    expect(id).toBe(user.id);
    expect(tokenPayload(token).id).toBe(user.id);
    const me = await t.app.inject({ url: `/api/get_users/${user.id}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.two_factor_enabled).toBe(true);

    // Single use: the same code again is refused.
    const reused = await post('secondFactorRequest', { challenge: data.challenge, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/ya no es válida/);

    // Neither the replies nor the logs ever carry the code.
    for (const response of [first, second, reused]) expect(response.body).not.toContain(code);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('kills the challenge after 5 wrong codes: even the right one no longer works', async () => {
    const user = await twoFactorUser();
    const { challenge } = (await startSignin(user.email)).json().data;
    const code = await lastCodeTo(t, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post('secondFactorRequest', { challenge, code: wrong });
      expect(response.statusCode).toBe(422);
      messages.push(response.json().message);
      expect(response.json().errors.code).toBe(response.json().message);
    }
    expect(messages[0]).toBe('Código incorrecto. Le quedan 4 intentos');
    expect(messages[3]).toBe('Código incorrecto. Le quedan 1 intento');
    expect(messages[4]).toMatch(/Superó el número de intentos/);
    const right = await post('secondFactorRequest', { challenge, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Superó el número de intentos. Inicie sesión de nuevo');
    const resend = await post('sendCode', { challenge });
    expect(resend.statusCode).toBe(400);
    const failures = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.second_factor_failed'));
    expect(failures.filter((row) => row.effectiveUserId === user.id)).toHaveLength(5);
  });

  it('refuses an expired code; a resend brings a fresh one', async () => {
    const user = await twoFactorUser();
    const { challenge } = (await startSignin(user.email)).json().data;
    const code = await lastCodeTo(t, user.email);
    clock.advance(10 * 60_000 + 1000);
    const expired = await post('secondFactorRequest', { challenge, code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('El código expiró. Solicite uno nuevo');

    const resend = await post('sendCode', { challenge });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data).toEqual({ sentTo: 'd***@doble.test', expiresInSeconds: 600 });
    const fresh = await lastCodeTo(t, user.email);
    expect((await post('secondFactorRequest', { challenge, code: fresh })).statusCode).toBe(200);
  });

  it('a resend invalidates the previous code; resends are limited', async () => {
    const user = await twoFactorUser();
    const { challenge } = (await startSignin(user.email)).json().data;
    const first = await lastCodeTo(t, user.email);
    expect((await post('sendCode', { challenge })).statusCode).toBe(200);
    const second = await lastCodeTo(t, user.email);
    expect((await mailsTo(t, user.email)).length).toBe(2);
    if (first !== second) {
      const old = await post('secondFactorRequest', { challenge, code: first });
      expect(old.statusCode).toBe(422);
      expect(old.json().message).toMatch(/^Código incorrecto/);
    }
    // The first code and three resends; the fourth resend is refused.
    expect((await post('sendCode', { challenge })).statusCode).toBe(200);
    expect((await post('sendCode', { challenge })).statusCode).toBe(200);
    const tooMany = await post('sendCode', { challenge });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(/máximo de reenvíos/);
    const latest = await lastCodeTo(t, user.email);
    expect((await post('secondFactorRequest', { challenge, code: latest })).statusCode).toBe(200);
  });

  it('a new sign-in replaces the pending challenge', async () => {
    const user = await twoFactorUser();
    const { challenge: older } = (await startSignin(user.email)).json().data;
    const olderCode = await lastCodeTo(t, user.email);
    const { challenge: newer } = (await startSignin(user.email)).json().data;
    const replaced = await post('secondFactorRequest', { challenge: older, code: olderCode });
    expect(replaced.statusCode).toBe(400);
    const newerCode = await lastCodeTo(t, user.email);
    expect((await post('secondFactorRequest', { challenge: newer, code: newerCode })).statusCode).toBe(200);
  });

  it('refuses an unknown challenge and a malformed code in Spanish', async () => {
    const unknown = await post('secondFactorRequest', {
      challenge: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await post('secondFactorRequest', {
      challenge: '00000000-0000-4000-8000-000000000000',
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toBe('Ingrese el código de 6 dígitos');
  });
});

describe('the two-factor prompt', () => {
  it('is asked after each sign-in until answered; turning 2FA on takes effect at the next sign-in', async () => {
    const email = 'aviso@doble.test';
    const id = await createUser(t.deps.database.db, {
      companyId,
      name: 'Ana',
      lastName: 'Aviso',
      email,
      password: PASSWORD,
    });
    const signin = async () => (await post('users/signin', { email, password: PASSWORD })).json().data;
    const first = await signin();
    expect(first).toMatchObject({ status: 'authenticated', id, promptTwoFactor: true });
    expect((await signin()).promptTwoFactor).toBe(true);

    const no = await t.app.inject({
      method: 'POST',
      url: '/api/users/two_factor',
      headers: bearer(first.token),
      payload: { enabled: false },
    });
    expect(no.statusCode).toBe(200);
    expect(no.json().data).toEqual({ two_factor_enabled: false });
    const afterNo = await signin();
    expect(afterNo.promptTwoFactor).toBe(false);

    const yes = await t.app.inject({
      method: 'POST',
      url: '/api/users/two_factor',
      headers: bearer(afterNo.token),
      payload: { enabled: true },
    });
    expect(yes.json().data).toEqual({ two_factor_enabled: true });
    expect((await signin()).status).toBe('second_factor_required');
    // The choice is audited centrally, with the user as actor and effective user.
    const rows = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'twoFactorPreference'));
    expect(rows.filter((row) => row.actorUserId === id && row.effectiveUserId === id)).toHaveLength(2);
  });
});

describe('per-account and per-IP limits on codes', () => {
  it('stops codes for one account after ACCOUNT_ATTEMPTS_PER_15_MINUTES, from any address', async () => {
    const limited = await createTestApp({ env: { ACCOUNT_ATTEMPTS_PER_15_MINUTES: '3' } });
    try {
      const company = await createCompany(limited.deps.database.db, { fiscalName: 'Límite', taxId: '1' });
      const email = 'limite@doble.test';
      await createUser(limited.deps.database.db, {
        companyId: company,
        name: 'Lía',
        lastName: 'Límite',
        email,
        password: PASSWORD,
        twoFactorEnabled: true,
      });
      const call = (url: string, payload: object) =>
        limited.app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: freshIp() });
      const { challenge } = (await call('users/signin', { email, password: PASSWORD })).json().data; // 1 sent
      const code = await lastCodeTo(limited, email);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await call('secondFactorRequest', { challenge, code: wrong })).statusCode).toBe(422); // 2
      expect((await call('secondFactorRequest', { challenge, code: wrong })).statusCode).toBe(422); // 3
      const refused = await call('secondFactorRequest', { challenge, code });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call('sendCode', { challenge })).statusCode).toBe(429);
      // The password is right, but no new code is e-mailed either.
      expect((await call('users/signin', { email, password: PASSWORD })).statusCode).toBe(429);
      expect(await mailsTo(limited, email)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with Retry-After once one address passes the code limit', async () => {
    const ip = freshIp();
    const challenge = '00000000-0000-4000-8000-000000000001';
    for (let i = 0; i < 30; i++) expect((await post('sendCode', { challenge }, ip)).statusCode).toBe(400);
    const refused = await post('secondFactorRequest', { challenge, code: '123456' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('sendCode', { challenge }, freshIp())).statusCode).toBe(400);
  });
});
