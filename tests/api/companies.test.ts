import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { companies } from '../../server/db/schema/index.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Empresas-2026';
const GIB = 1024 ** 3;
let t: TestApp;
let ids: { andina: number; branch: number; caribe: number; percent: number };
let admin: string;
let andinaUser: string;
let branchUser: string;

type Item = {
  id: number;
  fiscal_name: string;
  created_at: string;
  parent_id: number | null;
  [field: string]: unknown;
};

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
  // Cali (76001) in Valle del Cauca (76); Barranquilla (8001) in Atlántico (8); Caribe near its limit.
  await db.update(companies).set({ departmentId: 76, cityId: 76001 }).where(eq(companies.id, ids.branch));
  await db
    .update(companies)
    .set({
      departmentId: 8,
      cityId: 8001,
      storageCapacityBytes: GIB,
      storageUsedBytes: Math.round(0.9 * GIB),
      status: 'inactive',
    })
    .where(eq(companies.id, ids.caribe));
  const user = (companyId: number, email: string) =>
    createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name: 'Elena',
      lastName: 'Empresa',
      email,
      password: PASSWORD,
    });
  await user(andina, 'elena@andina.test');
  await user(ids.branch, 'sucursal@andina.test');
  admin = await t.signin(ADMIN.email, ADMIN.password);
  andinaUser = await t.signin('elena@andina.test', PASSWORD);
  branchUser = await t.signin('sucursal@andina.test', PASSWORD);
});
afterAll(() => t.close());

const listResponse = (token: string, body: object = {}, page = 1, perPage = 15, companyId = 1) =>
  t.app.inject({
    method: 'POST',
    url: `/api/company_list/${page}/${perPage}/${ROLE.administrator}/${companyId}`,
    headers: bearer(token),
    payload: body,
  });

const list = async (token: string, body: object = {}, page = 1, perPage = 15, companyId = 1) => {
  const response = await listResponse(token, body, page, perPage, companyId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: Item[]; total: number };
};
const idsOf = (page: { items: Item[] }) => page.items.map((item) => item.id);

describe('POST company_list/{page}/{itemsPerPage}/{roleID}/{companyID}', () => {
  it('shows the administrator every company, paginated, with ISO dates', async () => {
    const all = await list(admin);
    expect(all.total).toBe(5);
    expect(idsOf(all)).toEqual([1, ids.andina, ids.branch, ids.caribe, ids.percent]);
    expect(new Date(all.items[1]!.created_at).toISOString()).toBe(all.items[1]!.created_at);
    expect(all.items[2]).toMatchObject({
      parent_id: ids.andina,
      parent_name: 'Andina Firmas S.A.S.',
      is_branch: true,
      status: 'active',
      tax_id: '900111222-1',
      department_name: 'Valle del Cauca',
      city_name: 'Cali',
    });
    expect(all.items[1]).toMatchObject({ branch_count: 1, storage_capacity_gb: 1.5, storage_used_gb: 0.115 });
    const second = await list(admin, {}, 2, 2);
    expect(second.total).toBe(5);
    expect(idsOf(second)).toEqual([ids.branch, ids.caribe]);
  });

  it('shows a company only itself and its branches, and a branch only itself', async () => {
    const own = await list(andinaUser, {}, 1, 15, ids.andina);
    expect(idsOf(own)).toEqual([ids.andina, ids.branch]);
    expect(own.total).toBe(2);
    expect(idsOf(await list(branchUser, {}, 1, 15, ids.branch))).toEqual([ids.branch]);
  });

  it('answers 404 for a companyID or parent_id the caller cannot see', async () => {
    expect((await listResponse(andinaUser, {}, 1, 15, ids.caribe)).statusCode).toBe(404);
    expect((await listResponse(branchUser, {}, 1, 15, ids.andina)).statusCode).toBe(404);
    expect((await listResponse(andinaUser, { parent_id: ids.caribe }, 1, 15, ids.andina)).statusCode).toBe(
      404,
    );
  });

  it('searches fiscal name and tax id without case, with % and _ taken literally', async () => {
    expect(idsOf(await list(admin, { search: 'andina' }))).toEqual([ids.andina, ids.branch]);
    expect(idsOf(await list(admin, { search: '800333' }))).toEqual([ids.caribe]);
    expect(idsOf(await list(admin, { search: '%' }))).toEqual([ids.percent]);
    expect((await list(admin, { search: '_' })).total).toBe(0);
  });

  it('filters by status, kind, parent, location and storage', async () => {
    expect(idsOf(await list(admin, { status: 'inactive' }))).toEqual([ids.caribe]);
    expect(idsOf(await list(admin, { kind: 'branch' }))).toEqual([ids.branch]);
    expect(idsOf(await list(admin, { kind: 'company' }))).toEqual([1, ids.andina, ids.caribe, ids.percent]);
    expect(idsOf(await list(admin, { parent_id: ids.andina }))).toEqual([ids.branch]);
    expect(idsOf(await list(admin, { department_id: 8 }))).toEqual([ids.caribe]);
    expect(idsOf(await list(admin, { city_id: 76001 }))).toEqual([ids.branch]);
    expect(idsOf(await list(admin, { storage: 'near_limit' }))).toEqual([ids.caribe]);
    expect(idsOf(await list(admin, { storage: 'over_limit' }))).toEqual([]);
    expect(idsOf(await list(admin, { storage: 'without_capacity' }))).toEqual([1, ids.branch, ids.percent]);
  });

  it('sorts by a whitelisted column and refuses others with a Spanish field error', async () => {
    const sorted = await list(admin, { sort: 'fiscal_name', order: 'DESC' });
    expect(sorted.items.map((item) => item.fiscal_name)).toEqual([
      'Rúbrica',
      'Cien % Digital',
      'Caribe Contratos',
      'Andina Firmas S.A.S.',
      'Andina Cali',
    ]);
    expect(idsOf(await list(admin, { sort: 'storage_used_gb', order: 'DESC' }))[0]).toBe(ids.caribe);
    const refused = await listResponse(admin, { sort: 'password' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ sort: 'Seleccione una opción válida' });
  });
});

describe('GET get_company/{companyId} and get_branch_companies/{companyId}', () => {
  it('answers the same record the list shows', async () => {
    const fromList = (await list(admin)).items.find((item) => item.id === ids.branch);
    const response = await t.app.inject({
      url: `/api/get_company/${ids.branch}`,
      headers: bearer(andinaUser),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(fromList);
    expect(response.json().data).not.toHaveProperty('api_key');
  });

  it('hides other tenants and a branch’s parent', async () => {
    const get = async (token: string, id: number) =>
      (await t.app.inject({ url: `/api/get_company/${id}`, headers: bearer(token) })).statusCode;
    expect(await get(andinaUser, ids.caribe)).toBe(404);
    expect(await get(branchUser, ids.andina)).toBe(404);
    expect(await get(branchUser, ids.branch)).toBe(200);
    expect(await get(admin, 999_999)).toBe(404);
  });

  it('lists a company’s live branches', async () => {
    const response = await t.app.inject({
      url: `/api/get_branch_companies/${ids.andina}`,
      headers: bearer(andinaUser),
    });
    expect(response.json().data).toMatchObject({
      total: 1,
      items: [{ id: ids.branch, fiscal_name: 'Andina Cali' }],
    });
    const foreign = await t.app.inject({
      url: `/api/get_branch_companies/${ids.caribe}`,
      headers: bearer(andinaUser),
    });
    expect(foreign.statusCode).toBe(404);
  });
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('POST export_companies', () => {
  it('streams every matching company as .xlsx, with formulas neutralised', async () => {
    const db = t.deps.database.db;
    const formula = await createCompany(db, {
      fiscalName: '=HYPERLINK("http://x.test","clic")',
      taxId: '123456789-1',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/export_companies',
      headers: bearer(admin),
      payload: { kind: 'company' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="empresas-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Empresas')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Razón social');
    const names = sheet.getColumn(2).values.slice(2);
    expect(names).toEqual([
      'Rúbrica',
      'Andina Firmas S.A.S.',
      'Caribe Contratos',
      'Cien % Digital',
      `'=HYPERLINK("http://x.test","clic")`,
    ]);
    expect(sheet.getRow(4).getCell(8).value).toBe('Barranquilla');
    await db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, formula));
  });

  it('exports only what the caller can see', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/export_companies',
      headers: bearer(andinaUser),
      payload: {},
    });
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Empresas')!;
    expect(sheet.getColumn(1).values.slice(2)).toEqual([ids.andina, ids.branch]);
  });
});

describe('POST get_company_statistics', () => {
  it('answers storage used and capacity in GB as numeric strings', async () => {
    const stats = (token: string, companyId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/get_company_statistics',
        headers: bearer(token),
        payload: { company_id: companyId },
      });
    const response = await stats(andinaUser, ids.andina);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ storage_used: '0.115', storage_capacity: '1.5' });
    expect((await stats(andinaUser, ids.branch)).json().data).toMatchObject({
      storage_used: '0',
      storage_capacity: '0',
    });
    expect((await stats(andinaUser, ids.caribe)).statusCode).toBe(404);
  });
});
