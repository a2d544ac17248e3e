import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Empresas-2026';
const GIB = 1024 ** 3;
let t: TestApp;
let ids: { andina: number; branch: number; caribe: number; percent: number };
let admin: string;
let andinaUser: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const andina = await createCompany(db, {
    fiscalName: 'Andina Firmas S.A.S.',
    taxId: '900111222-1',
    storageCapacityBytes: 1.5 * GIB,
    storageUsedBytes: 123_456_789,
  });
  ids = {
    andina,
    branch: await createCompany(db, { fiscalName: 'Andina Cali', taxId: '900111222-1', parentId: andina }),
    caribe: await createCompany(db, { fiscalName: 'Caribe Contratos', taxId: '800333444-2' }),
    percent: await createCompany(db, { fiscalName: 'Cien % Digital', taxId: '700555666-3' }),
  };
  await createUser(db, {
    companyId: andina,
    roleId: ROLE.companyAdministrator,
    name: 'Elena',
    lastName: 'Empresa',
    email: 'elena@andina.test',
    password: PASSWORD,
  });
  admin = await t.signin(ADMIN.email, ADMIN.password);
  andinaUser = await t.signin('elena@andina.test', PASSWORD);
});
afterAll(() => t.close());

const list = async (token: string, body: object = {}, page = 1, perPage = 15, companyId = 1) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/company_list/${page}/${perPage}/${ROLE.administrator}/${companyId}`,
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    items: { id: number; fiscal_name: string; created_at: string; parent_id: number | null }[];
    total: number;
  };
};

describe('POST company_list/{page}/{itemsPerPage}/{roleID}/{companyID}', () => {
  it('shows the administrator every company, paginated, with ISO dates', async () => {
    const all = await list(admin);
    expect(all.total).toBe(5);
    expect(all.items.map((item) => item.id)).toEqual([1, ids.andina, ids.branch, ids.caribe, ids.percent]);
    expect(new Date(all.items[1]!.created_at).toISOString()).toBe(all.items[1]!.created_at);
    expect(all.items[2]).toMatchObject({ parent_id: ids.andina, status: 'active', tax_id: '900111222-1' });
    const second = await list(admin, {}, 2, 2);
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.id)).toEqual([ids.branch, ids.caribe]);
  });

  it('shows a company only itself and its branches', async () => {
    const own = await list(andinaUser, {}, 1, 15, ids.andina);
    expect(own.items.map((item) => item.id)).toEqual([ids.andina, ids.branch]);
    expect(own.total).toBe(2);
  });

  it('searches fiscal name and tax id without case, with % and _ taken literally', async () => {
    expect((await list(admin, { search: 'andina' })).items.map((item) => item.id)).toEqual([
      ids.andina,
      ids.branch,
    ]);
    expect((await list(admin, { search: '800333' })).items.map((item) => item.id)).toEqual([ids.caribe]);
    expect((await list(admin, { search: '%' })).items.map((item) => item.id)).toEqual([ids.percent]);
    expect((await list(admin, { search: '_' })).total).toBe(0);
  });

  it('filters by status and sorts', async () => {
    expect((await list(admin, { status: 'inactive' })).total).toBe(0);
    const sorted = await list(admin, { sort: 'fiscal_name', order: 'DESC' });
    expect(sorted.items.map((item) => item.fiscal_name)).toEqual([
      'Rúbrica',
      'Cien % Digital',
      'Caribe Contratos',
      'Andina Firmas S.A.S.',
      'Andina Cali',
    ]);
  });
});

describe('POST get_company_statistics', () => {
  it('answers storage used and capacity in GB as numeric strings', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/get_company_statistics',
      headers: bearer(andinaUser),
      payload: { company_id: ids.andina },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ storage_used: '0.115', storage_capacity: '1.5' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/get_company_statistics',
      headers: bearer(andinaUser),
      payload: { company_id: ids.branch },
    });
    expect(empty.json().data).toEqual({ storage_used: '0', storage_capacity: '0' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/get_company_statistics',
      headers: bearer(andinaUser),
      payload: { company_id: ids.caribe },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
