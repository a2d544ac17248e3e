import { eq } from 'drizzle-orm';
import { ROLE } from '../../contract/permissions.js';
import type { Db } from './client.js';
import { createCompany, createUser } from './factories.js';
import { companies } from './schema/index.js';

const DEMO_TAX_ID = '901234567-7';

/** The demo accounts (also listed in the README). Only for trying the app: never in production. */
export const DEMO_USERS = [
  {
    email: 'empresa@demo.rubrica.test',
    password: 'Demo-Empresa-2026',
    roleId: ROLE.companyAdministrator,
    branch: false,
  },
  {
    email: 'operador@demo.rubrica.test',
    password: 'Demo-Operador-2026',
    roleId: ROLE.operator,
    branch: false,
  },
  { email: 'auditor@demo.rubrica.test', password: 'Demo-Auditor-2026', roleId: ROLE.auditor, branch: false },
  {
    email: 'sucursal@demo.rubrica.test',
    password: 'Demo-Sucursal-2026',
    roleId: ROLE.companyAdministrator,
    branch: true,
  },
] as const;

/** A demo customer company with a branch and one user per role. Idempotent. */
export async function seedDemo(db: Db): Promise<{ created: boolean; companyId: number }> {
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.taxId, DEMO_TAX_ID));
  if (existing) return { created: false, companyId: existing.id };
  const companyId = await createCompany(db, {
    fiscalName: 'Demostraciones Andinas S.A.S.',
    taxId: DEMO_TAX_ID,
    storageCapacityBytes: 5 * 1024 ** 3,
  });
  const branchId = await createCompany(db, {
    fiscalName: 'Demostraciones Andinas — Sucursal Medellín',
    taxId: DEMO_TAX_ID,
    parentId: companyId,
    storageCapacityBytes: 1024 ** 3,
  });
  const names: Record<number, [string, string]> = {
    [ROLE.companyAdministrator]: ['Carolina', 'Restrepo'],
    [ROLE.operator]: ['Andrés', 'Gómez'],
    [ROLE.auditor]: ['Lucía', 'Martínez'],
  };
  for (const user of DEMO_USERS) {
    const [name, lastName] = user.branch ? ['Mateo', 'Ochoa'] : names[user.roleId]!;
    await createUser(db, {
      companyId: user.branch ? branchId : companyId,
      roleId: user.roleId,
      name,
      lastName,
      email: user.email,
      password: user.password,
    });
  }
  return { created: true, companyId };
}
