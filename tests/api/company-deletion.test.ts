import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { companies } from '../../server/db/schema/index.js';
import { ACTOR_CACHE_MS } from '../../server/http/guard.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Borrados-2026';
let t: TestApp;
let admin: string;
let ids: { andina: number; branch: number; caribe: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const andina = await createCompany(db, { fiscalName: 'Andina Firmas S.A.S.', taxId: '800197268-4' });
  ids = {
    andina,
    branch: await createCompany(db, { fiscalName: 'Andina Cali', taxId: '800197268-4', parentId: andina }),
    caribe: await createCompany(db, { fiscalName: 'Caribe Contratos', taxId: '890903938-8' }),
  };
  const user = (companyId: number, email: string) =>
    createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: 'U',
      lastName: email,
      email,
      password: PASSWORD,
    });
  await user(andina, 'elena@andina.test');
  await user(ids.branch, 'sucursal@andina.test');
  await user(ids.caribe, 'carla@caribe.test');
  admin = await t.signin(ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const remove = (token: string, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/delete_company/${id}`, headers: bearer(token) });
const listIds = async (token: string, companyId = 1) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/company_list/1/100/${ROLE.administrator}/${companyId}`,
    headers: bearer(token),
    payload: {},
  });
  return (response.json().data.items as { id: number }[]).map((item) => item.id);
};

describe('DELETE delete_company/{id}', () => {
  it('never deletes company 1', async () => {
    const response = await remove(admin, 1);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No se puede eliminar la empresa administradora de la plataforma');
  });

  it('refuses a company with live branches, in Spanish', async () => {
    const response = await remove(admin, ids.andina);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'No se puede eliminar una empresa con sucursales activas. Elimine primero sus sucursales',
    );
  });

  it('lets a company delete its branch but not itself, nor a branch delete itself', async () => {
    const branchUser = await t.signin('sucursal@andina.test', PASSWORD);
    expect((await remove(branchUser, ids.branch)).statusCode).toBe(403);
    const companyUser = await t.signin('elena@andina.test', PASSWORD);
    expect((await remove(companyUser, ids.caribe)).statusCode).toBe(404);
    const self = await remove(companyUser, ids.andina);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toMatch(/^Solo el administrador de la plataforma puede eliminar una empresa/);

    const deleted = await remove(companyUser, ids.branch);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { id: ids.branch }, message: 'Empresa eliminada' });
    expect(await listIds(companyUser, ids.andina)).toEqual([ids.andina]);
    expect(await listIds(admin)).not.toContain(ids.branch);
  });

  it('ends the sessions of a deleted company’s users and refuses their sign-in', async () => {
    const carla = await t.signin('carla@caribe.test', PASSWORD);
    expect(
      (await t.app.inject({ url: `/api/get_company/${ids.caribe}`, headers: bearer(carla) })).statusCode,
    ).toBe(200);
    expect((await remove(admin, ids.caribe)).statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/get_company/${ids.caribe}`, headers: bearer(carla) });
    expect(after.statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'carla@caribe.test', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().message).toBe(
      'La empresa de su usuario fue eliminada. Comuníquese con el administrador de la plataforma',
    );
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      payload: { email: 'carla@caribe.test', password: 'Otra-Clave-2026' },
    });
    expect(wrongPassword.statusCode).toBe(401);
  });

  it('makes a deleted company disappear: 404 by id, gone from lists, exports and its logo', async () => {
    expect(
      (await t.app.inject({ url: `/api/get_company/${ids.caribe}`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
    expect((await remove(admin, ids.caribe)).statusCode).toBe(404);
    expect(await listIds(admin)).toEqual([1, ids.andina]);
    const stats = await t.app.inject({
      method: 'POST',
      url: '/api/get_company_statistics',
      headers: bearer(admin),
      payload: { company_id: ids.caribe },
    });
    expect(stats.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/get_company_logo/${ids.caribe}` })).statusCode).toBe(404);
  });

  it('deletes a company once its branches are gone', async () => {
    expect((await remove(admin, ids.andina)).statusCode).toBe(200);
    expect(await listIds(admin)).toEqual([1]);
  });
});

describe('the session guard', () => {
  it('refuses a live session whose company was deleted, whatever deleted it', async () => {
    const db = t.deps.database.db;
    const companyId = await createCompany(db, { fiscalName: 'Efímera S.A.S.', taxId: '899999068-1' });
    const userId = await createUser(db, {
      companyId,
      name: 'Eva',
      lastName: 'Efímera',
      email: 'eva@efimera.test',
      password: PASSWORD,
    });
    const token = await t.signin('eva@efimera.test', PASSWORD);
    const me = () => t.app.inject({ url: `/api/get_users/${userId}`, headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    // Straight in the database (as another server process would): no session is revoked, the
    // guard alone must refuse once this process' short-lived session cache lapses.
    await db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, companyId));
    await expect.poll(async () => (await me()).statusCode, { timeout: 10 * ACTOR_CACHE_MS }).toBe(401);
    const refused = await me();
    expect(refused.json().message).toBe('Su sesión expiró o fue cerrada. Inicie sesión de nuevo');
  });
});
