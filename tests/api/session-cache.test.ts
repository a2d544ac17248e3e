import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { users } from '../../server/db/schema/index.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Cache-Sesion-2026';
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const companyId = await createCompany(t.deps.database.db, { fiscalName: 'Caché', taxId: '900555666-1' });
  userId = await createUser(t.deps.database.db, {
    companyId,
    roleId: ROLE.operator,
    name: 'Ana',
    lastName: 'Caché',
    email: 'ana@cache.test',
    password: PASSWORD,
  });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: `/api/get_users/${userId}`, headers: bearer(token) });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });

describe('the session actor cached per process', () => {
  it('is forgotten at once on logout', async () => {
    const token = await t.signin('ana@cache.test', PASSWORD);
    expect((await me(token)).statusCode).toBe(200);
    expect((await logout(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('is forgotten at once by any change made through this process', async () => {
    const token = await t.signin('ana@cache.test', PASSWORD);
    expect((await me(token)).statusCode).toBe(200);
    await t.deps.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, userId));
    // Someone else's change (here the administrator leaving) empties the cache for everyone.
    expect((await logout(await t.signin(ADMIN.email, ADMIN.password))).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    await t.deps.database.db.update(users).set({ status: 'active' }).where(eq(users.id, userId));
  });
});
