import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { mailsTo } from './support/mailbox.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Descargas-2026';
let t: TestApp;
let andinaUser: string;
let caribeUser: string;
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
  const user = (companyId: number, email: string, name = 'Ana') =>
    createUser(db, {
      companyId,
      roleId: ROLE.companyAdministrator,
      name,
      lastName: 'Pérez',
      email,
      password: PASSWORD,
    });
  await user(andina, 'elena@andina.test', 'Elena');
  await user(ids.branch, 'sara@andina.test', '=cmd|"/c calc"!A1');
  await user(ids.caribe, 'carla@caribe.test', 'Carla');
  andinaUser = await t.signin('elena@andina.test', PASSWORD);
  caribeUser = await t.signin('carla@caribe.test', PASSWORD);
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), payload });
const get = (token: string, url: string) => t.app.inject({ url: `/api/${url}`, headers: bearer(token) });

describe('download requests', () => {
  /** Andina's full download, requested by Elena and prepared by the queue before any test reads it. */
  let requestId: number;

  beforeAll(async () => {
    const requested = await post(andinaUser, 'add_download_request', { company_id: ids.andina });
    expect(requested.statusCode, requested.body).toBe(200);
    requestId = requested.json().data.id;
    await t.deps.queue.drain();
  });

  // On the branch, so Andina's own list keeps the one prepared request above.
  it('queues one request per scope and answers the pending one again', async () => {
    const first = await post(andinaUser, 'add_download_request', { company_id: ids.branch });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(
      'Estamos preparando su descarga. Le avisaremos por correo cuando esté lista',
    );
    expect(first.json().data).toMatchObject({
      company_id: ids.branch,
      scope: 'all',
      status: 'pending',
      requested_by_name: 'Elena Pérez',
      completed_at: null,
    });
    const pendingId = first.json().data.id;
    const again = await post(andinaUser, 'add_download_request', { company_id: ids.branch, scope: 'all' });
    expect(again.json().data.id).toBe(pendingId);
    const notReady = await get(andinaUser, `download_request_file/${pendingId}`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe('La descarga aún no está lista');
  });

  it('prepares the file in the background and e-mails the requester', async () => {
    const [mail] = await mailsTo(t, 'elena@andina.test');
    expect(mail?.subject).toBe('Su descarga de datos está lista');
    expect(mail?.text).toContain('http://127.0.0.1:3000/user/company');
    const listed = await get(andinaUser, `download_requests/${ids.andina}/1/15`);
    expect(listed.json().data).toMatchObject({ total: 1, items: [{ id: requestId, status: 'ready' }] });
    expect(listed.json().data.items[0].completed_at).toEqual(expect.any(String));
  });

  it('holds the company’s users and branches only, with formulas neutralised', async () => {
    const response = await get(andinaUser, `download_request_file/${requestId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="datos-empresa-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const usersSheet = workbook.getWorksheet('Usuarios')!;
    expect(usersSheet.getColumn(4).values.slice(2)).toEqual(['elena@andina.test', 'sara@andina.test']);
    expect(usersSheet.getRow(3).getCell(2).value).toBe(`'=cmd|"/c calc"!A1`);
    expect(usersSheet.getRow(2).getCell(7).value).toBe('Activo');
    const branches = workbook.getWorksheet('Sucursales')!;
    expect(branches.getColumn(2).values.slice(2)).toEqual(['Andina Cali']);
  });

  it('keeps other companies out', async () => {
    expect((await get(caribeUser, `download_request_file/${requestId}`)).statusCode).toBe(404);
    expect((await get(caribeUser, `download_requests/${ids.andina}/1/15`)).statusCode).toBe(404);
    expect((await post(caribeUser, 'add_download_request', { company_id: ids.andina })).statusCode).toBe(404);
    const admin = await t.signin(ADMIN.email, ADMIN.password);
    expect((await get(admin, `download_request_file/${requestId}`)).statusCode).toBe(200);
  });

  it('prepares a users-only file with one sheet', async () => {
    const created = await post(andinaUser, 'add_download_request', {
      company_id: ids.branch,
      scope: 'users',
    });
    await t.deps.queue.drain();
    const response = await get(andinaUser, `download_request_file/${created.json().data.id}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Usuarios']);
    expect(workbook.getWorksheet('Usuarios')!.getColumn(4).values.slice(2)).toEqual(['sara@andina.test']);
  });
});
