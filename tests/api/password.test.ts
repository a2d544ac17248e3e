import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../server/db/factories.js';
import { auditLog, jobs, passwordResetTokens, users } from '../../server/db/schema/index.js';
import { freshIp, mailsTo, manualClock } from './support/mailbox.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PUBLIC_URL = 'https://firma.rubrica.test/';
const OLD = 'Anterior-2026';
const NEW = 'Nueva-Clave-2027';
const clock = manualClock(new Date());
let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL } });
  companyId = await createCompany(t.deps.database.db, { fiscalName: 'Claves S.A.S.', taxId: '901000002-2' });
});
afterAll(() => t.close());

let userCount = 0;
async function newUser(status: 'active' | 'locked' = 'active') {
  userCount += 1;
  const email = `clave${userCount}@claves.test`;
  const id = await createUser(t.deps.database.db, {
    companyId,
    name: 'Carla',
    lastName: `Clave ${userCount}`,
    email,
    password: OLD,
    status,
  });
  return { id, email };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers, remoteAddress: ip });
const signin = (email: string, password: string) => post('users/signin', { email, password });

/** Asks for a reset link and returns the token of the link e-mailed. */
async function resetToken(email: string): Promise<string> {
  expect((await post('passwordReset', { email })).statusCode).toBe(200);
  // The newest reset e-mail (the account may also have been sent its unlock link).
  const mail = (await mailsTo(t, email)).find((sent) => sent.text.includes('/session/recover-password'));
  const link = mail?.text.match(/https:\/\/\S+/)?.[0];
  expect(link).toMatch(/^https:\/\/firma\.rubrica\.test\/session\/recover-password\?token=[\w-]{20,}$/);
  return new URL(link!).searchParams.get('token')!;
}

describe('password recovery', () => {
  it('answers an unknown e-mail exactly like a known one, and e-mails only the known one', async () => {
    const user = await newUser();
    const known = await post('passwordReset', { email: user.email });
    const unknown = await post('passwordReset', { email: 'nadie@claves.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(
      'Si el correo está registrado, recibirá un enlace para restablecer la contraseña',
    );
    // Both did the same work: one queued job each; the job decides later whether to write.
    const queued = await t.deps.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, 'session.password_reset'));
    expect(queued.map((job) => (job.payload as { email: string }).email)).toEqual(
      expect.arrayContaining([user.email, 'nadie@claves.test']),
    );
    expect(await mailsTo(t, user.email)).toHaveLength(1);
    expect(await mailsTo(t, 'nadie@claves.test')).toHaveLength(0);
  });

  it('sets the new password with a single-use link, stored hashed, and closes every session', async () => {
    const user = await newUser();
    const before = (await signin(user.email, OLD)).json().data.token as string;
    const token = await resetToken(user.email);
    const stored = await t.deps.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);

    const done = await post('password/reset', { token, password: NEW });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Contraseña restablecida. Ya puede iniciar sesión');
    expect(
      (await t.app.inject({ url: `/api/get_users/${user.id}`, headers: bearer(before) })).statusCode,
    ).toBe(401);
    expect((await signin(user.email, OLD)).statusCode).toBe(401);
    expect((await signin(user.email, NEW)).statusCode).toBe(200);

    const again = await post('password/reset', { token, password: 'Otra-Clave-2028' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Este enlace ya fue usado. Solicite uno nuevo si lo necesita');
  });

  it('refuses a link after its 60 minutes, and an invented one', async () => {
    const user = await newUser();
    const token = await resetToken(user.email);
    clock.advance(60 * 60_000 + 1000);
    const expired = await post('password/reset', { token, password: NEW });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'El enlace para restablecer la contraseña venció. Solicite uno nuevo',
    );
    expect((await signin(user.email, OLD)).statusCode).toBe(200);
    const invented = await post('password/reset', { token: 'x'.repeat(43), password: NEW });
    expect(invented.statusCode).toBe(400);
    expect(invented.json().message).toMatch(/no es válido/);
  });

  it("ends the failed-attempt delays of the account but keeps an administrator's lock", async () => {
    const user = await newUser();
    const address = freshIp();
    for (let attempt = 0; attempt < 6; attempt++)
      await post('users/signin', { email: user.email, password: 'mala' }, {}, address);
    expect((await post('users/signin', { email: user.email, password: OLD }, {}, address)).statusCode).toBe(
      429,
    );
    const token = await resetToken(user.email);
    expect((await post('password/reset', { token, password: NEW })).statusCode).toBe(200);
    expect((await post('users/signin', { email: user.email, password: NEW }, {}, address)).statusCode).toBe(
      200,
    );
    const [audited] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password_reset'));
    expect(audited).toBeDefined();

    const locked = await newUser('locked');
    const lockedToken = await resetToken(locked.email);
    expect((await post('password/reset', { token: lockedToken, password: NEW })).statusCode).toBe(200);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, locked.id));
    expect(row?.status).toBe('locked');
    expect((await signin(locked.email, NEW)).statusCode).toBe(403);
  });

  it('refuses a weak new password with a Spanish field error', async () => {
    const response = await post('password/reset', { token: 'y'.repeat(43), password: 'corta' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toBe('Mínimo 8 caracteres');
  });

  it('limits reset e-mails per address (429), whatever the e-mail', async () => {
    const email = 'inexistente@claves.test';
    for (let i = 0; i < 5; i++) expect((await post('passwordReset', { email })).statusCode).toBe(200);
    const refused = await post('passwordReset', { email });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits reset requests per IP address (429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('passwordReset', { email: `ip${i}@claves.test` }, {}, ip)).statusCode).toBe(200);
    }
    expect((await post('passwordReset', { email: 'ip10@claves.test' }, {}, ip)).statusCode).toBe(429);
  });
});

describe('change password', () => {
  it('needs the right current password', async () => {
    const user = await newUser();
    const token = (await signin(user.email, OLD)).json().data.token as string;
    const wrong = await post(
      'password/change_password',
      { current_password: 'no-es-esta', new_password: NEW },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'La contraseña actual es incorrecta',
      errors: { current_password: 'La contraseña actual es incorrecta' },
    });
    const same = await post(
      'password/change_password',
      { current_password: OLD, new_password: OLD },
      bearer(token),
    );
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.new_password).toBe('La nueva contraseña debe ser distinta de la actual');
  });

  it("closes the user's other sessions but keeps the caller's", async () => {
    const user = await newUser();
    const caller = (await signin(user.email, OLD)).json().data.token as string;
    const other = (await signin(user.email, OLD)).json().data.token as string;
    const changed = await post(
      'password/change_password',
      { current_password: OLD, new_password: NEW },
      bearer(caller),
    );
    expect(changed.statusCode).toBe(200);
    const me = (token: string) => t.app.inject({ url: `/api/get_users/${user.id}`, headers: bearer(token) });
    expect((await me(caller)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signin(user.email, NEW)).statusCode).toBe(200);
    const audited = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'changePassword'));
    expect(audited.some((row) => row.actorUserId === user.id && row.effectiveUserId === user.id)).toBe(true);
  });
});

describe('per-account sign-in limit', () => {
  it('slows an account down after ACCOUNT_ATTEMPTS_PER_15_MINUTES failures, from any address', async () => {
    // A still clock: the one-second delay cannot run out between two requests on a slow machine.
    const limited = await createTestApp({
      clock: manualClock(new Date()),
      env: { ACCOUNT_ATTEMPTS_PER_15_MINUTES: '3' },
    });
    try {
      const attempt = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email, password: 'adivinanza' },
          remoteAddress: freshIp(),
        });
      for (let i = 0; i < 3; i++) expect((await attempt('objetivo@claves.test')).statusCode).toBe(401);
      const refused = await attempt('objetivo@claves.test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not affected.
      expect((await attempt('otro@claves.test')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
