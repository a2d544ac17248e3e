import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/define.js';
import { endpoints } from '../../contract/index.js';
import { PERMISSIONS, ROLE } from '../../contract/permissions.js';
import { handlers } from '../../server/app.js';
import { createCompany, createRole, createUser } from '../../server/db/factories.js';
import { auditLog } from '../../server/db/schema/index.js';
import { tokenPayload } from './support/mailbox.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Suplantar-2026';
const ROLE_ALL = 950;

// A state-changing endpoint of the kind later issues add, to watch the route layer's audit.
const probeEndpoint = endpoint({
  method: 'POST',
  path: 'test_probe/{id}',
  summary: 'Cambio de prueba',
  area: 'Pruebas',
  scope: 'company',
  permissions: [],
  params: z.object({ id: z.coerce.number() }),
  reply: z.object({}),
});

let t: TestApp;
let ids: { companyA: number; companyB: number; target: number; inactive: number; otherCompanyUser: number };
let admin: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp({
    endpoints: { ...endpoints, auditProbe: probeEndpoint },
    handlers: { ...handlers, auditProbe: async () => ({ data: {} }) } as never,
  });
  const db = t.deps.database.db;
  await createRole(db, { id: ROLE_ALL, name: 'Todos', permissions: PERMISSIONS });
  const companyA = await createCompany(db, { fiscalName: 'Suplantada S.A.S.', taxId: '901000003-3' });
  const companyB = await createCompany(db, { fiscalName: 'Otra S.A.S.', taxId: '901000004-4' });
  const user = (companyId: number, email: string, extra: object = {}) =>
    createUser(db, { companyId, name: 'Usuario', lastName: email, email, password: PASSWORD, ...extra });
  ids = {
    companyA,
    companyB,
    target: await user(companyA, 'objetivo@suplantada.test', { roleId: ROLE.companyAdministrator }),
    inactive: await user(companyA, 'inactivo@suplantada.test', { status: 'inactive' }),
    otherCompanyUser: await user(companyB, 'otro@otra.test'),
  };
  await user(companyA, 'todo@suplantada.test', { roleId: ROLE_ALL });
  const signin = await t.app.inject({ method: 'POST', url: '/api/users/signin', payload: ADMIN });
  admin = signin.json().data;
});
afterAll(() => t.close());

const impersonate = (token: string, companyId: number, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/start_impersonation/${companyId}`,
    headers: bearer(token),
    payload: { user_id: userId },
  });

async function startAsAdmin() {
  const response = await impersonate(admin.token, ids.companyA, ids.target);
  expect(response.statusCode).toBe(200);
  return response.json().data.token as string;
}

describe('start impersonation', () => {
  it('returns a token for the user flagged isImpersonating; the administrator stays signed in', async () => {
    const response = await impersonate(admin.token, ids.companyA, ids.target);
    expect(response.statusCode).toBe(200);
    const { token, id } = response.json().data;
    expect(id).toBe(ids.target);
    expect(tokenPayload(token)).toMatchObject({ id: ids.target, isImpersonating: true });

    const me = await t.app.inject({ url: `/api/get_users/${ids.target}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: ids.target, company_id: ids.companyA, isImpersonating: true });
    // The administrator's own token (kept as original_token by the web app) still works.
    const own = await t.app.inject({ url: `/api/get_users/${admin.id}`, headers: bearer(admin.token) });
    expect(own.json().data.isImpersonating).toBe(false);

    const [started] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.impersonation_started'));
    expect(started).toMatchObject({
      actorUserId: admin.id,
      effectiveUserId: ids.target,
      companyId: ids.companyA,
      entityId: String(ids.target),
    });
  });

  it('is refused (403) to a customer company, even with every permission', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'todo@suplantada.test', password: PASSWORD },
    });
    const response = await impersonate(signin.json().data.token, ids.companyA, ids.target);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/empresa administradora/);
  });

  it('answers 404 for a user of another company than the one in the path, or an unknown user', async () => {
    expect((await impersonate(admin.token, ids.companyA, ids.otherCompanyUser)).statusCode).toBe(404);
    expect((await impersonate(admin.token, ids.companyA, 999_999)).statusCode).toBe(404);
    expect((await impersonate(admin.token, 999_999, ids.target)).statusCode).toBe(404);
  });

  it('refuses an inactive user and the administrator themself', async () => {
    const inactive = await impersonate(admin.token, ids.companyA, ids.inactive);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toBe('Solo se puede suplantar a un usuario activo');
    const self = await impersonate(admin.token, 1, admin.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('No puede suplantarse a sí mismo');
  });
});

describe('while impersonating', () => {
  it('refuses changing the password and two-factor (403), and starting another impersonation', async () => {
    const token = await startAsAdmin();
    const again = await impersonate(token, ids.companyA, ids.target);
    expect(again.statusCode).toBe(403);
    const refused = [
      {
        url: 'password/change_password',
        payload: { current_password: PASSWORD, new_password: 'Nueva-2027' },
      },
      { url: 'users/two_factor', payload: { enabled: true } },
    ];
    for (const call of refused) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/${call.url}`,
        headers: bearer(token),
        payload: call.payload,
      });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json().message).toBe('Esta acción no está permitida mientras suplanta a otro usuario');
    }
  });

  it('audits every change with the administrator as actor and the user as effective user', async () => {
    const token = await startAsAdmin();
    const probe = await t.app.inject({ method: 'POST', url: '/api/test_probe/77', headers: bearer(token) });
    expect(probe.statusCode).toBe(200);
    const [row] = await t.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'auditProbe'));
    expect(row).toMatchObject({
      actorUserId: admin.id,
      effectiveUserId: ids.target,
      companyId: ids.companyA,
      entityId: '77',
    });

    // Leaving (logout of the impersonation session) is audited the same way and ends only that session.
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const [left] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.logout'), eq(auditLog.effectiveUserId, ids.target)));
    expect(left?.actorUserId).toBe(admin.id);
    expect(
      (await t.app.inject({ url: `/api/get_users/${ids.target}`, headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/get_users/${admin.id}`, headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
  });
});

describe('GET users/get_users/{company_id}', () => {
  it("lists the company's users by name, without its branches' users", async () => {
    const db = t.deps.database.db;
    const company = await createCompany(db, { fiscalName: 'Lista S.A.S.', taxId: '901000005-5' });
    const branch = await createCompany(db, {
      fiscalName: 'Lista Sucursal',
      taxId: '901000005-5',
      parentId: company,
    });
    for (const [name, email] of [
      ['Zoe', 'zoe@lista.test'],
      ['Andrés', 'andres@lista.test'],
      ['Marta', 'marta@lista.test'],
    ] as const) {
      await createUser(db, { companyId: company, name, lastName: 'Lista', email });
    }
    await createUser(db, {
      companyId: branch,
      name: 'Bruno',
      lastName: 'Sucursal',
      email: 'bruno@lista.test',
    });
    const response = await t.app.inject({
      url: `/api/users/get_users/${company}`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { full_name: string; email: string; company_id: number }[];
    expect(list.map((user) => user.full_name)).toEqual(['Andrés Lista', 'Marta Lista', 'Zoe Lista']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      full_name: 'Andrés Lista',
      email: 'andres@lista.test',
      role_id: ROLE.operator,
      role_name: expect.any(String),
      company_id: company,
      status: 'active',
    });
  });
});
