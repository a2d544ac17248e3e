import { ROLE } from '../../../contract/permissions.js';
import { createCompany, createUser } from '../../../server/db/factories.js';
import { ADMIN, type TestApp } from './testApp.js';

/** The people of the two-company setup: who they are, where they work, their role. */
const PEOPLE = {
  elena: { company: 'andina', role: ROLE.companyAdministrator, name: 'Elena', email: 'elena@andina.test' },
  oscar: { company: 'andina', role: ROLE.operator, name: 'Oscar', email: 'oscar@andina.test' },
  bruno: { company: 'branch', role: ROLE.companyAdministrator, name: 'Bruno', email: 'bruno@cali.test' },
  carla: { company: 'caribe', role: ROLE.companyAdministrator, name: 'Carla', email: 'carla@caribe.test' },
} as const;

type Person = keyof typeof PEOPLE;
export type TenantIds = Record<'andina' | 'branch' | 'caribe' | Person, number>;
export type TenantTokens = Record<'admin' | 'elena' | 'oscar' | 'branch', string>;

/**
 * The two tenants most API tests need: Andina Firmas with its branch Andina Cali, and Caribe
 * Contratos; Elena (Andina's administrator), Oscar (Andina's operator), Bruno (the branch's
 * administrator) and Carla (Caribe's administrator), all with `password`; signed in: the
 * platform administrator, Elena, Oscar and Bruno. `lastNames` overrides the default "Prueba".
 */
export async function createTenants(
  t: TestApp,
  options: { password: string; lastNames?: Partial<Record<Person, string>> },
): Promise<{ ids: TenantIds; tokens: TenantTokens }> {
  const db = t.deps.database.db;
  const andina = await createCompany(db, { fiscalName: 'Andina Firmas', taxId: '900111222-1' });
  const branch = await createCompany(db, {
    fiscalName: 'Andina Cali',
    taxId: '900111222-1',
    parentId: andina,
  });
  const caribe = await createCompany(db, { fiscalName: 'Caribe Contratos', taxId: '800333444-2' });
  const companies = { andina, branch, caribe };
  const person = (key: Person) =>
    createUser(db, {
      companyId: companies[PEOPLE[key].company],
      roleId: PEOPLE[key].role,
      name: PEOPLE[key].name,
      lastName: options.lastNames?.[key] ?? 'Prueba',
      email: PEOPLE[key].email,
      password: options.password,
    });
  const ids: TenantIds = {
    ...companies,
    elena: await person('elena'),
    oscar: await person('oscar'),
    bruno: await person('bruno'),
    carla: await person('carla'),
  };
  const tokens: TenantTokens = {
    admin: await t.signin(ADMIN.email, ADMIN.password),
    elena: await t.signin(PEOPLE.elena.email, options.password),
    oscar: await t.signin(PEOPLE.oscar.email, options.password),
    branch: await t.signin(PEOPLE.bruno.email, options.password),
  };
  return { ids, tokens };
}
