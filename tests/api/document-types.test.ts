import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createDocumentType, createUser } from '../../server/db/factories.js';
import { documentTypes } from '../../server/db/schema/index.js';
import { createTenants } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Tipos-2026';
let t: TestApp;
let ids: Record<'andina' | 'branch' | 'caribe' | 'caribeType' | 'pacifico' | 'pacificoBranch', number>;
let tokens: Record<'admin' | 'elena' | 'auditor' | 'branch' | 'paula', string>;

type DocumentType = {
  id: number;
  company_id: number;
  name: string;
  code: string | null;
  description: string | null;
  status: 'active' | 'inactive';
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const tenants = await createTenants(t, { password: PASSWORD });
  const { andina, branch, caribe } = tenants.ids;
  // Pacífico's catalogue changes under the writing tests, so Andina's stays as seeded below.
  const pacifico = await createCompany(db, { fiscalName: 'Pacífico Legal', taxId: '901222333-4' });
  const pacificoBranch = await createCompany(db, {
    fiscalName: 'Pacífico Cali',
    taxId: '901222333-4',
    parentId: pacifico,
  });
  const user = (companyId: number, roleId: number, email: string) =>
    createUser(db, { companyId, roleId, name: 'Usuario', lastName: 'Prueba', email, password: PASSWORD });
  await user(andina, ROLE.auditor, 'auditor@andina.test');
  await user(pacifico, ROLE.companyAdministrator, 'paula@pacifico.test');
  ids = {
    andina,
    branch,
    caribe,
    caribeType: await createDocumentType(db, { companyId: caribe, name: 'Póliza', code: 'POL' }),
    pacifico,
    pacificoBranch,
  };
  tokens = {
    admin: tenants.tokens.admin,
    elena: tenants.tokens.elena,
    auditor: await t.signin('auditor@andina.test', PASSWORD),
    branch: tenants.tokens.branch,
    paula: await t.signin('paula@pacifico.test', PASSWORD),
  };
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function list(token: string, companyId: number, key = '-', query = '', page = 1, perPage = 15) {
  const response = await call(
    token,
    'GET',
    `document_types_list/${companyId}/${page}/${perPage}/${encodeURIComponent(key)}${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: DocumentType[]; total: number };
}

const add = (token: string, body: object) => call(token, 'POST', 'add_document_type', body);

describe('document types', () => {
  /** Andina's "Contrato laboral"; the reading tests rely on Andina's three types and its branch's one. */
  let contrato: number;

  beforeAll(async () => {
    const db = t.deps.database.db;
    contrato = await createDocumentType(db, {
      companyId: ids.andina,
      name: 'Contrato laboral',
      code: 'CTR-LAB',
      description: 'Contratos de trabajo',
    });
    await createDocumentType(db, { companyId: ids.andina, name: 'Acuerdo de confidencialidad', code: 'NDA' });
    await createDocumentType(db, { companyId: ids.andina, name: '=1+1', status: 'inactive' });
    await createDocumentType(db, { companyId: ids.branch, name: 'Contrato laboral' });
    await createDocumentType(db, {
      companyId: ids.pacifico,
      name: 'Acuerdo de confidencialidad',
      code: 'NDA',
    });
  });

  it('creates types with a unique name per company', async () => {
    const response = await add(tokens.paula, {
      company_id: ids.pacifico,
      name: 'Contrato laboral',
      code: 'ctr-lab',
      description: 'Contratos de trabajo',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Tipo de documento creado');
    const created: DocumentType = response.json().data;
    expect(created).toMatchObject({
      company_id: ids.pacifico,
      company_name: 'Pacífico Legal',
      name: 'Contrato laboral',
      code: 'CTR-LAB',
      status: 'active',
    });
    expect((await call(tokens.paula, 'GET', `get_document_type/${created.id}`)).json().data).toEqual(created);

    const repeated = await add(tokens.paula, { company_id: ids.pacifico, name: 'CONTRATO LABORAL' });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().errors).toEqual({
      name: 'Ya existe un tipo de documento con este nombre en la empresa',
    });
    const inBranch = await add(tokens.paula, { company_id: ids.pacificoBranch, name: 'Contrato laboral' });
    expect(inBranch.statusCode).toBe(200);
  });

  it('answers Spanish field errors', async () => {
    const response = await add(tokens.elena, {
      company_id: ids.andina,
      name: '   ',
      code: 'con espacios',
      status: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: 'Campo requerido',
      code: 'Use hasta 30 letras, números, guiones o guiones bajos, sin espacios',
      status: 'Seleccione una opción válida',
    });
  });

  it('lists one company’s types; {key} searches and "-" means no search', async () => {
    const all = await list(tokens.elena, ids.andina);
    expect(all.items.map((type) => type.name)).toEqual([
      '=1+1',
      'Acuerdo de confidencialidad',
      'Contrato laboral',
    ]);
    expect((await list(tokens.elena, ids.andina, 'nda')).items.map((type) => type.code)).toEqual(['NDA']);
    expect((await list(tokens.elena, ids.andina, 'trabajo')).items.map((type) => type.id)).toEqual([
      contrato,
    ]);
    expect((await list(tokens.elena, ids.andina, 'de conf')).total).toBe(1);
    expect((await list(tokens.elena, ids.andina, '-', '?status=inactive')).items.map((t) => t.name)).toEqual([
      '=1+1',
    ]);
    const byCode = await list(tokens.elena, ids.andina, '-', '?sort=created_at&order=DESC', 1, 2);
    expect(byCode).toMatchObject({
      total: 3,
      items: [{ name: '=1+1' }, { name: 'Acuerdo de confidencialidad' }],
    });
    expect((await call(tokens.auditor, 'GET', `document_types_list/${ids.andina}/1/15/-`)).statusCode).toBe(
      403,
    );
    expect((await list(tokens.branch, ids.branch)).total).toBe(1);
  });

  it('updates only what is sent and keeps names unique', async () => {
    const typeId = await createDocumentType(t.deps.database.db, {
      companyId: ids.pacifico,
      name: 'Contrato de servicios',
      code: 'CTR-SRV',
      description: 'Prestación de servicios',
    });
    const response = await call(tokens.paula, 'PUT', `update_document_type/${typeId}`, {
      description: '',
      status: 'inactive',
    });
    expect(response.json()).toMatchObject({
      message: 'Tipo de documento actualizado',
      data: { name: 'Contrato de servicios', code: 'CTR-SRV', description: null, status: 'inactive' },
    });
    // Codes may repeat; only names are unique.
    const sameAsCode = await call(tokens.paula, 'PUT', `update_document_type/${typeId}`, { name: 'nda' });
    expect(sameAsCode.statusCode).toBe(200);
    const taken = await call(tokens.paula, 'PUT', `update_document_type/${typeId}`, {
      name: 'Acuerdo de Confidencialidad',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('keeps types apart between companies and between a branch and its parent', async () => {
    expect((await call(tokens.elena, 'GET', `get_document_type/${ids.caribeType}`)).statusCode).toBe(404);
    expect(
      (await call(tokens.elena, 'PUT', `update_document_type/${ids.caribeType}`, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call(tokens.elena, 'DELETE', `delete_document_type/${ids.caribeType}`)).statusCode).toBe(
      404,
    );
    expect((await call(tokens.elena, 'GET', `document_types_list/${ids.caribe}/1/15/-`)).statusCode).toBe(
      404,
    );
    expect((await call(tokens.branch, 'GET', `get_document_type/${contrato}`)).statusCode).toBe(404);
    expect((await add(tokens.branch, { company_id: ids.andina, name: 'X' })).statusCode).toBe(404);
    expect(
      (await call(tokens.branch, 'POST', 'export_document_types', { company_id: ids.andina })).statusCode,
    ).toBe(404);
    expect((await call(tokens.admin, 'GET', `get_document_type/${ids.caribeType}`)).statusCode).toBe(200);
  });

  it('exports every matching type as .xlsx with formulas neutralised', async () => {
    const response = await call(tokens.elena, 'POST', 'export_document_types', { company_id: ids.andina });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/tipos-de-documento-\d{4}-\d{2}-\d{2}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Empresa',
      'Nombre',
      'Código',
      'Descripción',
      'Estado',
      'Creado',
    ]);
    const names = [2, 3, 4].map((row) => sheet.getRow(row).getCell(3).value);
    expect(names).toEqual(['Contrato laboral', 'Acuerdo de confidencialidad', "'=1+1"]);
    expect(sheet.getRow(4).getCell(6).value).toBe('Inactivo');

    // Without company_id: every company the caller sees (Andina and its branch).
    const visible = new ExcelJS.Workbook();
    await visible.xlsx.load(
      (await call(tokens.elena, 'POST', 'export_document_types', { search: 'contrato' }))
        .rawPayload as unknown as ArrayBuffer,
    );
    expect(visible.worksheets[0]!.rowCount).toBe(3);
    const everything = new ExcelJS.Workbook();
    await everything.xlsx.load(
      (await call(tokens.admin, 'POST', 'export_document_types', {})).rawPayload as unknown as ArrayBuffer,
    );
    // Every company's types: the header row and one row per type stored.
    const [stored] = await t.deps.database.db.select({ types: count() }).from(documentTypes);
    expect(everything.worksheets[0]!.rowCount).toBe(stored!.types + 1);
    const companyNames = everything.worksheets[0]!.getColumn(2).values.slice(2);
    expect(companyNames).toEqual(
      expect.arrayContaining(['Andina Firmas', 'Andina Cali', 'Caribe Contratos']),
    );
  });

  it('deletes a type', async () => {
    const typeId = await createDocumentType(t.deps.database.db, { companyId: ids.andina, name: 'Pagaré' });
    const response = await call(tokens.elena, 'DELETE', `delete_document_type/${typeId}`);
    expect(response.json()).toEqual({ data: { id: typeId }, message: 'Tipo de documento eliminado' });
    expect((await call(tokens.elena, 'GET', `get_document_type/${typeId}`)).statusCode).toBe(404);
    expect((await call(tokens.auditor, 'DELETE', `delete_document_type/${typeId}`)).statusCode).toBe(403);
  });
});
