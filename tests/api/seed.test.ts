import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, PLATFORM_COMPANY_ID, ROLE, SEEDED_ROLES } from '../../contract/permissions.js';
import { queryRows } from '../../server/db/client.js';
import {
  cities,
  companies,
  identificationTypes,
  rolePermissions,
  users,
} from '../../server/db/schema/index.js';
import { seedBase } from '../../server/db/seed.js';
import { DEMO_USERS, seedDemo } from '../../server/db/seed-demo.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('base seed', () => {
  it('creates the platform company, the roles and one administrator, and is idempotent', async () => {
    const db = t.deps.database.db;
    const again = await seedBase(db, { email: 'otro@rubrica.test' });
    expect(again).toEqual({ adminCreated: false });
    const [platform] = await db.select().from(companies).where(eq(companies.id, PLATFORM_COMPANY_ID));
    expect(platform?.parentId).toBeNull();
    const admins = await db.select().from(users).where(eq(users.roleId, ROLE.administrator));
    expect(admins.map((user) => user.email)).toEqual([ADMIN.email]);
    const granted = await db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, ROLE.administrator));
    expect(granted.map((row) => row.permission).sort()).toEqual([...PERMISSIONS].sort());
    expect(SEEDED_ROLES.length).toBeGreaterThanOrEqual(4);
  });

  it('lets new companies take ids after the platform company', async () => {
    const [row] = await t.deps.database.db
      .insert(companies)
      .values({ fiscalName: 'Nueva', taxId: '900555555-5' })
      .returning();
    expect(row!.id).toBeGreaterThan(PLATFORM_COMPANY_ID);
  });
});

describe('demo seed', () => {
  it('adds a company with a branch and one user per role, each able to sign in', async () => {
    const first = await seedDemo(t.deps.database.db);
    const second = await seedDemo(t.deps.database.db);
    expect(first.created).toBe(true);
    expect(second).toEqual({ created: false, companyId: first.companyId });
    const branches = await t.deps.database.db
      .select()
      .from(companies)
      .where(eq(companies.parentId, first.companyId));
    expect(branches).toHaveLength(1);
    for (const user of DEMO_USERS)
      await expect(t.signin(user.email, user.password)).resolves.toBeTypeOf('string');
  });
});

describe('location seed', () => {
  it("loads Colombia's 33 departments, 1,123 municipalities and the identification types once", async () => {
    const db = t.deps.database.db;
    await seedBase(db, { email: ADMIN.email });
    const [{ departmentsTotal }] = (await queryRows<{ departmentsTotal: number }>(
      db,
      sql`SELECT count(*)::int AS "departmentsTotal" FROM departments`,
    )) as [{ departmentsTotal: number }];
    const [{ citiesTotal }] = (await queryRows<{ citiesTotal: number }>(
      db,
      sql`SELECT count(*)::int AS "citiesTotal" FROM cities`,
    )) as [{ citiesTotal: number }];
    expect(departmentsTotal).toBe(33);
    expect(citiesTotal).toBe(1123);
    const [medellin] = await db.select().from(cities).where(eq(cities.id, 5001));
    expect(medellin).toMatchObject({ name: 'Medellín', departmentId: 5 });
    const types = await db.select().from(identificationTypes);
    expect(types.map((type) => type.code)).toEqual(
      expect.arrayContaining(['CC', 'CE', 'NIT', 'TI', 'PP', 'PEP', 'PPT']),
    );
  });
});
