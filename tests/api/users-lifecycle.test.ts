import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE } from '../../contract/permissions.js';
import { createRole, createUser, createUserGroup } from '../../server/db/factories.js';
import { userGroupMembers, users } from '../../server/db/schema/index.js';
import { ACTOR_CACHE_MS } from '../../server/http/guard.js';
import { mailsTo } from './support/mailbox.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Ciclo-Vida-2026';
const ROLE_ALL = 951;
let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await createRole(db, { id: ROLE_ALL, name: 'Todos los permisos', permissions: PERMISSIONS });
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

const setPassword = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });

async function invitationToken(email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`Sin invitación para ${email}`);
  return token;
}

const userRow = async (id: number) =>
  (await t.deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('invitation', () => {
  it('lets a new user set a password with the link, once, and then sign in', async () => {
    const response = await call(tokens.elena, 'POST', 'users/saveUser', {
      name: 'Inés',
      last_name: 'Invitada',
      email: 'ines@andina.test',
      role_id: ROLE.operator,
      company_id: ids.andina,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().data.id;
    const first = await invitationToken('ines@andina.test');

    // A resend replaces the link: the first one stops working.
    const resent = await call(tokens.elena, 'POST', `users/resend_invitation/${created}`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Invitación enviada. El enlace anterior dejó de servir');
    const second = await invitationToken('ines@andina.test');
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'Mi-Clave-2026')).statusCode).toBe(400);

    expect((await setPassword(second, 'Mi-Clave-2026')).statusCode).toBe(200);
    expect((await setPassword(second, 'Otra-Clave-2026')).json().message).toMatch(/ya fue usado/);
    await t.signin('ines@andina.test', 'Mi-Clave-2026');
    const record = await call(tokens.elena, 'GET', `users/get_user/${created}`);
    expect(record.json().data.invitation_pending).toBe(false);
  });

  it('refuses a resend once the password is set, and for other tenants', async () => {
    const created = await createUser(t.deps.database.db, {
      companyId: ids.andina,
      name: 'Irene',
      lastName: 'Instalada',
      email: 'irene@andina.test',
      password: PASSWORD,
    });
    const response = await call(tokens.elena, 'POST', `users/resend_invitation/${created}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('El usuario ya definió su contraseña; no necesita una invitación');
    expect((await call(tokens.branch, 'POST', `users/resend_invitation/${created}`)).statusCode).toBe(404);
  });

  it('sends a fresh link to the new address when the e-mail of an invited user is corrected', async () => {
    const response = await call(tokens.elena, 'POST', 'users/saveUser', {
      name: 'Tito',
      last_name: 'Tipeo',
      email: 'tito@andina.tset',
      role_id: ROLE.operator,
      company_id: ids.andina,
    });
    const id = response.json().data.id as number;
    const wrong = await invitationToken('tito@andina.tset');
    const fixed = await call(tokens.elena, 'POST', 'users/saveUser', {
      id,
      name: 'Tito',
      last_name: 'Tipeo',
      email: 'tito@andina.test',
      role_id: ROLE.operator,
      company_id: ids.andina,
    });
    expect(fixed.json().data.email).toBe('tito@andina.test');
    expect((await setPassword(wrong, 'Mi-Clave-2026')).statusCode).toBe(400);
    expect((await setPassword(await invitationToken('tito@andina.test'), 'Mi-Clave-2026')).statusCode).toBe(
      200,
    );
  });
});

describe('DELETE delete_user/{id}', () => {
  it('soft-deletes: the user leaves lists and groups, loses sessions and cannot sign in', async () => {
    const db = t.deps.database.db;
    const victim = await createUser(db, {
      companyId: ids.andina,
      name: 'Vera',
      lastName: 'Baja',
      email: 'vera@andina.test',
      password: PASSWORD,
    });
    const group = await createUserGroup(db, { companyId: ids.andina, name: 'Firmantes', userIds: [victim] });
    const session = await t.signin('vera@andina.test', PASSWORD);

    const response = await call(tokens.elena, 'DELETE', `delete_user/${victim}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: victim }, message: 'Usuario eliminado' });
    expect(await userRow(victim)).toMatchObject({ status: 'inactive', deletedAt: expect.any(Date) });
    expect(await db.select().from(userGroupMembers).where(eq(userGroupMembers.groupId, group))).toEqual([]);
    expect((await call(session, 'GET', `get_users/${victim}`)).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'vera@andina.test', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(401);
    expect(signin.json().message).toBe('Correo o contraseña incorrectos');
    const listed = await call(tokens.elena, 'POST', 'users', { search: 'vera' });
    expect(listed.json().data.total).toBe(0);
    expect((await call(tokens.elena, 'GET', `users/get_users/${ids.andina}`)).json().data).not.toContainEqual(
      expect.objectContaining({ id: victim }),
    );
    expect((await call(tokens.elena, 'GET', `users/get_user/${victim}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'DELETE', `delete_user/${victim}`)).statusCode).toBe(404);
    // The address stays taken: the row keeps the history.
    const reuse = await call(tokens.elena, 'POST', 'users/saveUser', {
      name: 'Vera',
      last_name: 'Nueva',
      email: 'vera@andina.test',
      role_id: ROLE.operator,
      company_id: ids.andina,
    });
    expect(reuse.statusCode).toBe(409);
  });

  it('refuses deleting yourself, someone stronger and another tenant', async () => {
    const self = await call(tokens.elena, 'DELETE', `delete_user/${ids.elena}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('No puede eliminar su propio usuario');
    expect((await call(tokens.elena, 'DELETE', `delete_user/${ids.carla}`)).statusCode).toBe(404);
    expect((await call(tokens.branch, 'DELETE', `delete_user/${ids.elena}`)).statusCode).toBe(404);
    expect((await call(tokens.oscar, 'DELETE', `delete_user/${ids.elena}`)).statusCode).toBe(403);

    // Only an administrator manages administrators, even for a platform user holding every permission.
    await createUser(t.deps.database.db, {
      companyId: 1,
      roleId: ROLE_ALL,
      name: 'Plena',
      lastName: 'Plataforma',
      email: 'plena@rubrica.test',
      password: PASSWORD,
    });
    const full = await t.signin('plena@rubrica.test', PASSWORD);
    const admin = await call(full, 'GET', `get_user_by_email/${encodeURIComponent(ADMIN.email)}/1`);
    const refused = await call(full, 'DELETE', `delete_user/${admin.json().data.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No puede gestionar a un usuario con permisos que usted no tiene');
    const stronger = await call(tokens.elena, 'POST', 'users/saveUser', {
      name: 'Fuerte',
      last_name: 'Rol',
      email: 'fuerte@andina.test',
      role_id: ROLE_ALL,
      company_id: ids.andina,
    });
    expect(stronger.statusCode).toBe(422);
  });

  it('lets a company delete its branch users but not a branch its parent', async () => {
    const branchUser = await createUser(t.deps.database.db, {
      companyId: ids.branch,
      name: 'Rama',
      lastName: 'Cali',
      email: 'rama@cali.test',
    });
    expect((await call(tokens.elena, 'DELETE', `delete_user/${branchUser}`)).statusCode).toBe(200);
    expect((await call(tokens.branch, 'DELETE', `delete_user/${ids.oscar}`)).statusCode).toBe(404);
  });
});

describe('activate_user/{id} and unlock_user/{id}', () => {
  it('unlocks a user an administrator locked, who can then sign in', async () => {
    // Failed sign-ins only slow down further attempts; a lock is an administrator's decision.
    await t.deps.database.db
      .update(users)
      .set({ status: 'locked', failedLoginAttempts: 5 })
      .where(eq(users.id, ids.bruno));
    expect(await userRow(ids.bruno)).toMatchObject({ status: 'locked', failedLoginAttempts: 5 });
    expect((await call(tokens.admin, 'POST', 'users', { status: 'locked' })).json().data.total).toBe(1);
    expect((await call(tokens.elena, 'POST', `unlock_user/${ids.oscar}`)).json().message).toBe(
      'El usuario no está bloqueado',
    );
    const unlocked = await call(tokens.elena, 'POST', `unlock_user/${ids.bruno}`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ message: 'Usuario desbloqueado', data: { status: 'active' } });
    expect(await userRow(ids.bruno)).toMatchObject({ failedLoginAttempts: 0 });
    await t.signin('bruno@cali.test', PASSWORD);
  });

  it('activates an inactive user; other tenants get 404', async () => {
    const db = t.deps.database.db;
    const olga = await createUser(db, {
      companyId: ids.andina,
      name: 'Olga',
      lastName: 'Operaria',
      email: 'olga@andina.test',
      password: PASSWORD,
    });
    const olgaToken = await t.signin('olga@andina.test', PASSWORD);
    // Straight in the database, as another server process would: refused once this process'
    // short-lived session cache lapses.
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, olga));
    await expect
      .poll(async () => (await call(olgaToken, 'GET', `get_users/${olga}`)).statusCode, {
        timeout: 10 * ACTOR_CACHE_MS,
      })
      .toBe(401);
    expect((await call(tokens.branch, 'POST', `activate_user/${olga}`)).statusCode).toBe(404);
    const activated = await call(tokens.elena, 'POST', `activate_user/${olga}`);
    expect(activated.json()).toMatchObject({ message: 'Usuario activado', data: { status: 'active' } });
    await t.signin('olga@andina.test', PASSWORD);
  });
});

describe('PUT update_user/{id}', () => {
  it('lets anyone edit their own personal data, and only that', async () => {
    const own = await call(tokens.oscar, 'PUT', `update_user/${ids.oscar}`, {
      name: 'Oscar Iván',
      phone: '3001234567',
      id_type: 'ce',
      id_number: 'E-123456',
      role_id: ROLE.administrator,
      email: 'otro@andina.test',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      message: 'Datos actualizados',
      data: {
        full_name: 'Oscar Iván Prueba',
        phone: '3001234567',
        id_type: 'CE',
        id_number: 'E-123456',
        role_id: ROLE.operator,
        email: 'oscar@andina.test',
      },
    });
    const cleared = await call(tokens.oscar, 'PUT', `update_user/${ids.oscar}`, { phone: '' });
    expect(cleared.json().data).toMatchObject({ phone: null, id_type: 'CE', name: 'Oscar Iván' });
    expect((await call(tokens.oscar, 'PUT', `update_user/${ids.elena}`, { name: 'X' })).statusCode).toBe(403);
    const bad = await call(tokens.oscar, 'PUT', `update_user/${ids.oscar}`, { name: ' ', phone: '12ab' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: 'Campo requerido', phone: 'Solo se permiten números' });
  });

  it('lets a user administrator edit the users it sees', async () => {
    const response = await call(tokens.elena, 'PUT', `update_user/${ids.bruno}`, { last_name: 'Sucursal' });
    expect(response.json()).toMatchObject({
      message: 'Usuario actualizado',
      data: { full_name: 'Bruno Sucursal' },
    });
    expect((await call(tokens.elena, 'PUT', `update_user/${ids.carla}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(tokens.branch, 'PUT', `update_user/${ids.elena}`, { name: 'X' })).statusCode).toBe(
      404,
    );
  });
});
