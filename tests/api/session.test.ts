import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID, ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { auditLog, users } from '../../server/db/schema/index.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await createCompany(t.deps.database.db, { fiscalName: 'Acme S.A.S.', taxId: '900123456-7' });
});
afterAll(() => t.close());

const signin = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: payload as object,
    headers,
    remoteAddress,
  });

describe('POST /api/users/signin', () => {
  it('returns a signed token whose payload names the user and a live session', async () => {
    const response = await signin({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toBeTypeOf('string');
    const payload = JSON.parse(Buffer.from(data.token.split('.')[1], 'base64url').toString());
    expect(payload.id).toBe(data.id);
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.isImpersonating).toBeUndefined();
  });

  it('answers a wrong password and an unknown e-mail with the same Spanish 401', async () => {
    const wrong = await signin({ email: ADMIN.email, password: 'incorrecta' });
    const unknown = await signin({ email: 'nadie@rubrica.test', password: 'incorrecta' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Correo o contraseña incorrectos' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses malformed input with 422 and field errors in Spanish', async () => {
    const response = await signin({ email: 'no-es-correo' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: 'Ingrese un correo electrónico válido',
      password: 'Campo requerido',
    });
  });

  it("never locks the user after failures; only an administrator's lock refuses the right password", async () => {
    const email = 'bloqueo@acme.test';
    const userId = await createUser(t.deps.database.db, {
      companyId,
      name: 'Bea',
      lastName: 'Bloqueo',
      email,
      password: 'Correcta-123',
    });
    const address = '10.20.30.40';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signin({ email, password: 'mala' }, {}, address)).statusCode).toBe(401);
    }
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ status: 'active', failedLoginAttempts: 5 });
    const audit = await t.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.locked'));
    expect(audit.map((row) => row.effectiveUserId)).not.toContain(userId);
    // From another address the right password works at once, and resets the count.
    expect((await signin({ email, password: 'Correcta-123' }, {}, '10.20.30.41')).statusCode).toBe(200);
    const [after] = await t.deps.database.db.select().from(users).where(eq(users.id, userId));
    expect(after?.failedLoginAttempts).toBe(0);

    // An administrator's lock is a decision: even the right password is refused.
    await t.deps.database.db.update(users).set({ status: 'locked' }).where(eq(users.id, userId));
    const locked = await signin({ email, password: 'Correcta-123' }, {}, '10.20.30.42');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/bloqueado/);
  });

  it('refuses an inactive user with a Spanish 403', async () => {
    const email = 'inactivo@acme.test';
    await createUser(t.deps.database.db, {
      companyId,
      name: 'Iván',
      lastName: 'Inactivo',
      email,
      password: 'Correcta-123',
      status: 'inactive',
    });
    const response = await signin({ email, password: 'Correcta-123' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/inactivo/);
  });
});

describe('GET /api/get_users/{id}', () => {
  it('returns the signed-in user with the fields of SPEC §3', async () => {
    const token = await t.signin(ADMIN.email, ADMIN.password);
    const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const response = await t.app.inject({ url: `/api/get_users/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const user = response.json().data;
    expect(Object.keys(user).sort()).toEqual(
      [
        'company_avatar',
        'company_id',
        'company_name',
        'full_name',
        'id',
        'isImpersonating',
        'permissions',
        'role_id',
        'role_name',
        'two_factor_enabled',
        'features',
        'support',
      ].sort(),
    );
    expect(user).toMatchObject({
      id,
      role_id: ROLE.administrator,
      role_name: 'Administrador',
      company_id: PLATFORM_COMPANY_ID,
      isImpersonating: false,
      two_factor_enabled: false,
      // The catalogue's defaults (contract/features.ts): the platform company set none of its own.
      features: ['otp_email', 'signing_order', 'reminders', 'pdf_to_sign'],
      support: { phone: '+57 601 000 0000', whatsapp: '+57 300 000 0000', email: 'soporte@rubrica.local' },
    });
    expect(user.permissions).toContain('impersonate.user');
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
  });

  it("shows another user only to a caller with user.list within their tenant; one's own record to anyone", async () => {
    const db = t.deps.database.db;
    const make = async (email: string, roleId: number, company = companyId) => ({
      email,
      id: await createUser(db, {
        companyId: company,
        name: 'Ver',
        lastName: 'Usuarios',
        email,
        password: 'Correcta-123',
        roleId,
      }),
    });
    const operator = await make('operadora-ver@acme.test', ROLE.operator);
    const auditor = await make('auditora-ver@acme.test', ROLE.auditor);
    const companyAdmin = await make('admin-ver@acme.test', ROLE.companyAdministrator);
    const otherCompany = await createCompany(db, { fiscalName: 'Ajena S.A.S.', taxId: '900765432-1' });
    const stranger = await make('ajena-ver@ajena.test', ROLE.operator, otherCompany);
    const read = async (who: { email: string }, id: number) => {
      const token = await t.signin(who.email, 'Correcta-123');
      const response = await t.app.inject({ url: `/api/get_users/${id}`, headers: bearer(token) });
      return response.statusCode;
    };
    expect(await read(operator, operator.id)).toBe(200);
    expect(await read(operator, companyAdmin.id)).toBe(403);
    expect(await read(auditor, operator.id)).toBe(403);
    expect(await read(companyAdmin, operator.id)).toBe(200);
    expect(await read(companyAdmin, stranger.id)).toBe(404);
  });

  it('refuses a tampered token with 401', async () => {
    const token = await t.signin(ADMIN.email, ADMIN.password);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), id: 2 }),
    ).toString('base64url');
    const response = await t.app.inject({
      url: '/api/get_users/1',
      headers: bearer(`${header}.${forged}.${signature}`),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/sesión/i);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session: the same token stops working', async () => {
    const token = await t.signin(ADMIN.email, ADMIN.password);
    const other = await t.signin(ADMIN.email, ADMIN.password);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ url: '/api/get_users/1', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    expect((await t.app.inject({ url: '/api/get_users/1', headers: bearer(other) })).statusCode).toBe(200);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 in Spanish with Retry-After once an address passes the limit', async () => {
    const limited = await createTestApp({ env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const attempt = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: ADMIN.email, password: 'mala' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.7')).statusCode).toBe(401);
      const refused = await attempt('10.0.0.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Demasiadas solicitudes/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await attempt('10.0.0.8')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
