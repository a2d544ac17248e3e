import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createRole, createUser } from '../../server/db/factories.js';
import { companies } from '../../server/db/schema/index.js';
import { mailsTo } from './support/mailbox.js';
import { type AppSwap, onOwnApp } from './support/ownApp.js';
import { createTenants } from './support/tenants.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Usuarios-2026';
const ROLE_IMPERSONATOR = 950;
let t: TestApp;
let ids: Record<'andina' | 'branch' | 'caribe' | 'elena' | 'oscar' | 'bruno' | 'carla' | 'strong', number>;
let tokens: Record<'admin' | 'elena' | 'branch', string>;

type UserRecord = {
  id: number;
  full_name: string;
  email: string;
  company_id: number;
  role_id: number;
  status: string;
  invitation_pending: boolean;
  invited_at: string | null;
};

/** The app of these tests: the two tenants, plus Sara, who holds a role stronger than Elena's. */
async function openUsersApp(): Promise<{ t: TestApp; ids: typeof ids; tokens: typeof tokens }> {
  const app = await createTestApp();
  const db = app.deps.database.db;
  await createRole(db, {
    id: ROLE_IMPERSONATOR,
    name: 'Con suplantación',
    permissions: ['user.list', 'impersonate.user'],
  });
  const tenants = await createTenants(app, {
    password: PASSWORD,
    lastNames: { elena: 'Restrepo', oscar: 'Zuluaga', bruno: 'Cali', carla: 'Caribe' },
  });
  const strong = await createUser(db, {
    companyId: tenants.ids.andina,
    roleId: ROLE_IMPERSONATOR,
    name: 'Sara',
    lastName: 'Suplanta',
    email: 'sara@andina.test',
    password: PASSWORD,
  });
  return { t: app, ids: { ...tenants.ids, strong }, tokens: tenants.tokens };
}

/** For the describes that create or change users: the counting and sorting tests never see them. */
const ownUsersApp: AppSwap<Awaited<ReturnType<typeof openUsersApp>>> = {
  open: openUsersApp,
  current: () => ({ t, ids, tokens }),
  use: (setup) => {
    ({ t, ids, tokens } = setup);
  },
};

beforeAll(async () => {
  ({ t, ids, tokens } = await openUsersApp());
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function list(token: string, body: object = {}) {
  const response = await call(token, 'POST', 'users', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: UserRecord[]; total: number };
}

const newUser = (overrides: object = {}) => ({
  name: 'Nora',
  last_name: 'Nueva',
  email: 'nora@andina.test',
  phone: '+57 300 123 4567',
  id_type: 'CC',
  id_number: '1020304050',
  role_id: ROLE.operator,
  company_id: ids.andina,
  ...overrides,
});

describe('POST users (list)', () => {
  it('shows the administrator everyone and a company itself and its branches', async () => {
    const all = await list(tokens.admin, { itemsPerPage: 100 });
    expect(all.total).toBe(6);
    const own = await list(tokens.elena, { itemsPerPage: 100 });
    expect(own.items.map((user) => user.id).sort()).toEqual(
      [ids.elena, ids.oscar, ids.bruno, ids.strong].sort(),
    );
    const branch = await list(tokens.branch);
    expect(branch.items.map((user) => user.id)).toEqual([ids.bruno]);
  });

  it('searches name, last name and e-mail, filters and sorts, with the same record as the detail', async () => {
    expect((await list(tokens.elena, { search: 'SCAR zulu' })).items.map((user) => user.id)).toEqual([
      ids.oscar,
    ]);
    expect((await list(tokens.elena, { search: 'CALI.TEST' })).items.map((user) => user.id)).toEqual([
      ids.bruno,
    ]);
    expect((await list(tokens.admin, { company_id: ids.branch })).total).toBe(1);
    expect((await list(tokens.admin, { role_id: ROLE.companyAdministrator })).total).toBe(3);
    expect((await list(tokens.admin, { status: 'locked' })).total).toBe(0);
    const sorted = await list(tokens.elena, { sort: 'full_name', order: 'DESC' });
    // ASCII names: accented capitals sort differently under the C and the ICU collations.
    expect(sorted.items.map((user) => user.full_name)).toEqual([
      'Sara Suplanta',
      'Oscar Zuluaga',
      'Elena Restrepo',
      'Bruno Cali',
    ]);
    const page = await list(tokens.elena, { sort: 'full_name', page: 2, itemsPerPage: 3 });
    expect(page).toMatchObject({ total: 4, items: [{ id: ids.strong }] });
    const detail = await call(tokens.elena, 'GET', `users/get_user/${ids.strong}`);
    expect(detail.json().data).toEqual(page.items[0]);
  });

  it('answers 404 for a company filter the caller cannot see, and 422 for a bad sort', async () => {
    expect((await call(tokens.elena, 'POST', 'users', { company_id: ids.caribe })).statusCode).toBe(404);
    expect((await call(tokens.branch, 'POST', 'users', { company_id: ids.andina })).statusCode).toBe(404);
    const bad = await call(tokens.elena, 'POST', 'users', { sort: 'password_hash' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: 'Seleccione una opción válida' });
  });
});

describe('users of a deleted company', () => {
  it('leave the lists with it', async () => {
    const db = t.deps.database.db;
    const closed = await createCompany(db, { fiscalName: 'Cerrada', taxId: '700000001-1' });
    await createUser(db, { companyId: closed, name: 'Ida', lastName: 'Cerrada', email: 'ida@cerrada.test' });
    expect((await list(tokens.admin, { search: 'ida@cerrada' })).total).toBe(1);
    await db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, closed));
    expect((await list(tokens.admin, { search: 'ida@cerrada' })).total).toBe(0);
  });
});

describe('GET get_user_by_email/{email}/{company_id} and users/get_users_admin/{companyID}', () => {
  it('finds a user of that company by e-mail, or null', async () => {
    const found = await call(tokens.elena, 'GET', `get_user_by_email/OSCAR%40andina.test/${ids.andina}`);
    expect(found.json().data).toMatchObject({ id: ids.oscar, email: 'oscar@andina.test' });
    const other = await call(tokens.elena, 'GET', `get_user_by_email/bruno%40cali.test/${ids.andina}`);
    expect(other.json().data).toBeNull();
    expect(
      (await call(tokens.elena, 'GET', `get_user_by_email/carla%40caribe.test/${ids.caribe}`)).statusCode,
    ).toBe(404);
    expect((await call(tokens.elena, 'GET', `get_user_by_email/no-correo/${ids.andina}`)).statusCode).toBe(
      400,
    );
  });

  it('lists the administrators of a company', async () => {
    const admins = await call(tokens.elena, 'GET', `users/get_users_admin/${ids.andina}`);
    expect(admins.json().data.map((user: UserRecord) => user.id)).toEqual([ids.elena]);
    const platform = await call(tokens.admin, 'GET', 'users/get_users_admin/1');
    expect(platform.json().data).toMatchObject([{ email: ADMIN.email, role_id: ROLE.administrator }]);
    expect((await call(tokens.elena, 'GET', 'users/get_users_admin/1')).statusCode).toBe(404);
  });
});

describe('GET roles/{page}/{itemsPerPage}', () => {
  it('flags the roles the caller may give', async () => {
    const roles = (await call(tokens.elena, 'GET', 'roles/1/15')).json().data.items as {
      id: number;
      assignable: boolean;
    }[];
    const assignable = Object.fromEntries(roles.map((role) => [role.id, role.assignable]));
    expect(assignable).toMatchObject({
      [ROLE.administrator]: false,
      [ROLE.companyAdministrator]: true,
      [ROLE.operator]: true,
      [ROLE_IMPERSONATOR]: false,
    });
    const admin = (await call(tokens.admin, 'GET', 'roles/1/15')).json().data.items as {
      assignable: boolean;
    }[];
    expect(admin.every((role) => role.assignable)).toBe(true);
  });
});

describe('POST users/saveUser', () => {
  onOwnApp(ownUsersApp);

  it('creates a user who receives an invitation, and refuses the same e-mail again', async () => {
    const response = await call(tokens.elena, 'POST', 'users/saveUser', newUser());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(
      'Usuario creado. Le enviamos un correo para que defina su contraseña',
    );
    const created = response.json().data as UserRecord;
    expect(created).toMatchObject({
      full_name: 'Nora Nueva',
      email: 'nora@andina.test',
      phone: '+57 300 123 4567',
      id_type: 'CC',
      company_name: 'Andina Firmas',
      role_name: 'Operador',
      status: 'active',
      invitation_pending: true,
    });
    expect(created.invited_at).not.toBeNull();
    const [mail] = await mailsTo(t, 'nora@andina.test');
    expect(mail?.subject).toBe('Bienvenido a Rúbrica: defina su contraseña');
    expect(mail?.text).toMatch(/\/session\/recover-password\?token=[\w-]{40,}/);
    expect(mail?.text).toContain('vence en 7 días');

    const again = await call(tokens.elena, 'POST', 'users/saveUser', newUser({ email: 'NORA@andina.test' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Ya existe un usuario con este correo electrónico',
      errors: { email: 'Ya existe un usuario con este correo electrónico' },
    });
  });

  it('answers Spanish field errors for bad input', async () => {
    const response = await call(tokens.elena, 'POST', 'users/saveUser', {
      name: '',
      email: 'no-es-correo',
      phone: 'abc',
      role_id: ROLE.operator,
      company_id: ids.andina,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: 'Campo requerido',
      last_name: 'Campo requerido',
      email: 'Ingrese un correo electrónico válido',
      phone: 'Solo se permiten números',
    });
    const unknownType = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x1@a.test', id_type: 'XX' }),
    );
    expect(unknownType.json().errors).toEqual({ id_type: 'Seleccione un tipo de identificación válido' });
    const noNumber = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x2@a.test', id_number: '' }),
    );
    expect(noNumber.json().errors).toEqual({ id_number: 'Campo requerido' });
  });

  it('gives only roles the caller holds, and role 20 only inside the platform company', async () => {
    const admin = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x3@a.test', role_id: 20 }),
    );
    expect(admin.statusCode).toBe(422);
    expect(admin.json().errors).toEqual({
      role_id: 'No puede asignar un rol con permisos que usted no tiene',
    });
    const stronger = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x4@a.test', role_id: ROLE_IMPERSONATOR }),
    );
    expect(stronger.statusCode).toBe(422);
    const unknown = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x5@a.test', role_id: 777 }),
    );
    expect(unknown.json().errors).toEqual({ role_id: 'Seleccione un rol válido' });
    const outside = await call(
      tokens.admin,
      'POST',
      'users/saveUser',
      newUser({ email: 'x6@a.test', role_id: 20 }),
    );
    expect(outside.json().errors.role_id).toMatch(/solo se asigna a usuarios de la empresa administradora/);
    const foreign = await call(
      tokens.elena,
      'POST',
      'users/saveUser',
      newUser({ email: 'x7@a.test', company_id: ids.caribe }),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('updates a user by id, keeps what is not sent, and guards who may change whom', async () => {
    const updated = await call(tokens.elena, 'POST', 'users/saveUser', {
      id: ids.oscar,
      name: 'Oscar Iván',
      last_name: 'Zuluaga',
      email: 'oscar@andina.test',
      role_id: ROLE.auditor,
      company_id: ids.branch,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Usuario actualizado',
      data: {
        full_name: 'Oscar Iván Zuluaga',
        role_id: ROLE.auditor,
        company_id: ids.branch,
        status: 'active',
      },
    });
    const stronger = await call(tokens.elena, 'POST', 'users/saveUser', {
      id: ids.strong,
      name: 'Sara',
      last_name: 'Suplanta',
      email: 'sara@andina.test',
      role_id: ROLE_IMPERSONATOR,
      company_id: ids.andina,
    });
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().message).toBe('No puede gestionar a un usuario con permisos que usted no tiene');
    const self = await call(tokens.elena, 'POST', 'users/saveUser', {
      id: ids.elena,
      name: 'Elena',
      last_name: 'Restrepo',
      email: 'elena@andina.test',
      role_id: ROLE.companyAdministrator,
      company_id: ids.andina,
      status: 'inactive',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().errors).toEqual({ status: 'No puede desactivar su propio usuario' });
    const foreign = await call(tokens.elena, 'POST', 'users/saveUser', {
      ...newUser({ email: 'carla@caribe.test', company_id: ids.andina }),
      id: ids.carla,
    });
    expect(foreign.statusCode).toBe(404);
    const taken = await call(tokens.elena, 'POST', 'users/saveUser', {
      ...newUser({ email: 'carla@caribe.test' }),
      id: ids.oscar,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses to leave the platform without an active administrator', async () => {
    const admin = await call(tokens.admin, 'GET', `get_user_by_email/${encodeURIComponent(ADMIN.email)}/1`);
    const response = await call(tokens.admin, 'POST', 'users/saveUser', {
      id: admin.json().data.id,
      name: 'Administrador',
      last_name: 'Rúbrica',
      email: ADMIN.email,
      role_id: ROLE.companyAdministrator,
      company_id: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No se puede dejar la plataforma sin un administrador activo');
  });
});

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('POST export_users', () => {
  onOwnApp(ownUsersApp);

  /** A company of the export's own, with a branch, so other tests' users never enter the sheet. */
  async function exportingCompany() {
    const db = t.deps.database.db;
    const exporter = await createCompany(db, { fiscalName: 'Exportadora', taxId: '901777888-9' });
    const branchId = await createCompany(db, {
      fiscalName: 'Exportadora Neiva',
      taxId: '901777888-9',
      parentId: exporter,
    });
    const person = (companyId: number, roleId: number, name: string, lastName: string, email: string) =>
      createUser(db, { companyId, roleId, name, lastName, email, password: PASSWORD });
    await person(exporter, ROLE.companyAdministrator, 'Ester', 'Exporta', 'ester@exportadora.test');
    await person(exporter, ROLE.operator, 'Omar', 'Opera', 'omar@exportadora.test');
    await person(branchId, ROLE.operator, 'Nelly', 'Neiva', 'nelly@neiva.test');
    await person(exporter, ROLE.operator, '=HYPERLINK("http://x")', '+Fórmula', 'formula@exportadora.test');
    return t.signin('ester@exportadora.test', PASSWORD);
  }

  it('streams every matching user the caller sees, with formulas neutralised', async () => {
    const ester = await exportingCompany();
    const response = await call(ester, 'POST', 'export_users', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/filename="usuarios-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.name).toBe('Usuarios');
    expect(sheet.getRow(1).getCell(4).value).toBe('Correo electrónico');
    const emails = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) emails.add(String(row.getCell(4).value));
    });
    expect(emails).toEqual(
      new Set([
        'ester@exportadora.test',
        'omar@exportadora.test',
        'nelly@neiva.test',
        'formula@exportadora.test',
      ]),
    );
    let formulaRow: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(4).value === 'formula@exportadora.test') formulaRow = row;
    });
    expect(formulaRow?.getCell(2).value).toBe('\'=HYPERLINK("http://x")');
    expect(formulaRow?.getCell(3).value).toBe("'+Fórmula");
    expect(formulaRow?.getCell(10).value).toBe('Activo');

    const filtered = await readSheet(
      (await call(tokens.admin, 'POST', 'export_users', { company_id: ids.caribe })).rawPayload,
    );
    expect(filtered.rowCount).toBe(2);
    expect(filtered.getRow(2).getCell(4).value).toBe('carla@caribe.test');
    expect((await call(ester, 'POST', 'export_users', { company_id: ids.caribe })).statusCode).toBe(404);
  });
});
