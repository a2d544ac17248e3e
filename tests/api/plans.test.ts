import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { assignPlan, createCompany, createPlan, createRole, createUser } from '../../server/db/factories.js';
import { consumeUnits } from '../../server/modules/plans/consumption.service.js';
import { endpointCaller } from './support/endpointCall.js';
import { manualClock } from './support/mailbox.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

// 20 November 2030, 10:00 in Bogotá.
const NOW = new Date('2030-11-20T15:00:00Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const PASSWORD = 'Planes-2030';
const ROLE_PACKAGES = 931;

let t: TestApp;
let ids: Record<'acme' | 'branch' | 'other' | 'gold' | 'unlimited' | 'retired' | 'bronze', number>;
let tokens: Record<'admin' | 'acmeAdmin' | 'acmeManager' | 'branchManager' | 'otherAdmin', string>;

let api: ReturnType<typeof endpointCaller>;

/** A fresh app and database with the companies, plans and people below. */
async function openApp() {
  t = await createTestApp({ clock: manualClock(NOW) });
  api = endpointCaller(t.app);
  const db = t.deps.database.db;
  await createRole(db, {
    id: ROLE_PACKAGES,
    name: 'Gestor de paquetes',
    permissions: ['packages_plans.list'],
  });
  const acme = await createCompany(db, { fiscalName: 'Acme Firmas S.A.S.', taxId: '901000010-1' });
  ids = {
    acme,
    branch: await createCompany(db, { fiscalName: 'Acme Cali', taxId: '901000010-1', parentId: acme }),
    other: await createCompany(db, { fiscalName: 'Otra Empresa', taxId: '901000011-2' }),
    gold: await createPlan(db, { name: 'Oro 100', signatures: 100, priceUsd: '90.00', validityDays: 30 }),
    unlimited: await createPlan(db, {
      name: 'Ilimitado',
      signatures: null,
      priceUsd: '500.00',
      validityDays: 365,
    }),
    retired: await createPlan(db, { name: 'Retirado', signatures: 10, status: 'inactive', validityDays: 30 }),
    bronze: await createPlan(db, { name: 'Bronce 10', signatures: 10, priceUsd: '9.50', validityDays: 90 }),
  };
  await createPlan(db, { name: 'Libre', signatures: null, priceUsd: '1200.00', validityDays: 365 });
  const user = (companyId: number, roleId: number, email: string) =>
    createUser(db, { companyId, roleId, name: 'Usuaria', lastName: email, email, password: PASSWORD });
  await user(acme, ROLE.companyAdministrator, 'admin@acme.test');
  await user(acme, ROLE_PACKAGES, 'gestor@acme.test');
  await user(ids.branch, ROLE_PACKAGES, 'gestor@cali.test');
  await user(ids.other, ROLE.companyAdministrator, 'admin@otra.test');
  tokens = {
    admin: await t.signin(ADMIN.email, ADMIN.password),
    acmeAdmin: await t.signin('admin@acme.test', PASSWORD),
    acmeManager: await t.signin('gestor@acme.test', PASSWORD),
    branchManager: await t.signin('gestor@cali.test', PASSWORD),
    otherAdmin: await t.signin('admin@otra.test', PASSWORD),
  };
}

/** Each describe works on a database of its own, so none counts the packages another one sold. */
function withOwnApp() {
  beforeAll(openApp);
  afterAll(() => t.close());
}

describe('plan catalogue', () => {
  withOwnApp();

  it('creates a plan with its price as a 2-decimal string, unlimited when signatures is null', async () => {
    const response = await api(tokens.admin, 'createPlan', {
      body: { name: 'Plata 10', signatures: 10, price_usd: 9.5, validity_days: 90 },
    });
    expect(response.status).toBe(200);
    expect(response.message).toBe('Plan creado correctamente');
    expect(response.data).toMatchObject({
      name: 'Plata 10',
      signatures: 10,
      unlimited: false,
      price_usd: '9.50',
      validity_days: 90,
      status: 'active',
      assignments_count: 0,
    });
    const unlimited = await api(tokens.admin, 'createPlan', {
      body: { name: 'Libre anual', signatures: null, price_usd: '1200', validity_days: 365 },
    });
    expect(unlimited.data).toMatchObject({ signatures: null, unlimited: true, price_usd: '1200.00' });
    // The listing test counts the seeded catalogue only.
    for (const plan of [response.data, unlimited.data])
      expect((await api(tokens.admin, 'deletePlan', { params: { id: plan.id } })).status).toBe(200);
  });

  it('refuses bad input with Spanish messages per field', async () => {
    const response = await api(tokens.admin, 'createPlan', {
      body: { name: '', signatures: 0, price_usd: '12.345', validity_days: 0 },
    });
    expect(response.status).toBe(422);
    expect(response.errors).toEqual({
      name: 'Campo requerido',
      signatures: 'Debe ser mayor o igual a 1',
      price_usd: 'Ingrese un valor en USD con máximo 2 decimales',
      validity_days: 'Debe ser mayor o igual a 1',
    });
    const missing = await api(tokens.admin, 'createPlan', { body: { name: 'X', validity_days: 1 } });
    expect(missing.errors).toEqual({ price_usd: 'Campo requerido' });
  });

  it('lists with search, status filter, sort and pagination; gets one with the same shape', async () => {
    const all = await api(tokens.admin, 'listPlans', { query: { sort: 'name', order: 'ASC' } });
    expect(all.data.items.map((plan) => plan.name)).toEqual([
      'Bronce 10',
      'Ilimitado',
      'Libre',
      'Oro 100',
      'Retirado',
    ]);
    const page = await api(tokens.admin, 'listPlans', { query: { page: 2, itemsPerPage: 2, sort: 'id' } });
    expect(page.data.total).toBe(5);
    expect(page.data.items.map((plan) => plan.id)).toEqual([ids.retired, ids.bronze]);
    const inactive = await api(tokens.admin, 'listPlans', { query: { status: 'inactive' } });
    expect(inactive.data.items.map((plan) => plan.id)).toEqual([ids.retired]);
    const search = await api(tokens.admin, 'listPlans', { query: { search: 'oro' } });
    expect(search.data.items).toHaveLength(1);
    const one = await api(tokens.admin, 'getPlan', { params: { id: ids.gold } });
    expect(one.data).toEqual(search.data.items[0]);
    expect((await api(tokens.admin, 'getPlan', { params: { id: 999_999 } })).status).toBe(404);
  });

  it('updates only what is sent and deletes a plan never assigned', async () => {
    const created = await createPlan(t.deps.database.db, {
      name: 'Cobre 10',
      signatures: 10,
      priceUsd: '9.50',
      validityDays: 90,
    });
    const updated = await api(tokens.admin, 'updatePlan', {
      params: { id: created },
      body: { price_usd: '11' },
    });
    expect(updated.data).toMatchObject({ name: 'Cobre 10', price_usd: '11.00', signatures: 10 });
    expect((await api(tokens.admin, 'deletePlan', { params: { id: created } })).status).toBe(200);
    expect((await api(tokens.admin, 'getPlan', { params: { id: created } })).status).toBe(404);
    expect((await api(tokens.admin, 'deletePlan', { params: { id: created } })).status).toBe(404);
  });

  it('is for the platform only', async () => {
    expect((await api(tokens.acmeManager, 'listPlans')).status).toBe(403);
    expect((await api(tokens.acmeAdmin, 'createPlan', { body: {} })).status).toBe(403);
  });
});

describe('assigning plans to companies', () => {
  withOwnApp();

  it('gives a plan from a date in Bogotá until the end of its validity, with a credit transaction', async () => {
    const response = await api(tokens.admin, 'savePlanAssignment', {
      body: { company_id: ids.acme, plan_id: ids.gold, starts_at: '2030-11-01' },
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      company_id: ids.acme,
      company_name: 'Acme Firmas S.A.S.',
      plan_name: 'Oro 100',
      starts_at: '2030-11-01T05:00:00.000Z',
      expired_at: '2030-12-01T05:00:00.000Z',
      units_total: 100,
      units_used: 0,
      units_remaining: 100,
      unlimited: false,
      status: 'active',
    });
    const transactions = await api(tokens.admin, 'listTransactions', {
      body: { assignment_id: response.data.id },
    });
    expect(transactions.data.items).toEqual([
      expect.objectContaining({ kind: 'credit', units: 100, reference: `plan:${ids.gold}` }),
    ]);
  });

  it('takes an explicit expiry and an unlimited plan', async () => {
    const response = await api(tokens.admin, 'savePlanAssignment', {
      body: {
        company_id: ids.branch,
        plan_id: ids.unlimited,
        starts_at: '2030-12-01T08:00',
        expired_at: '2031-01-01T00:00:00Z',
      },
    });
    expect(response.data).toMatchObject({
      starts_at: '2030-12-01T13:00:00.000Z',
      expired_at: '2031-01-01T00:00:00.000Z',
      units_total: null,
      units_remaining: null,
      unlimited: true,
      status: 'scheduled',
    });
  });

  it('refuses an inactive plan, the platform company, a missing company and an expiry before the start', async () => {
    const save = (body: object) => api(tokens.admin, 'savePlanAssignment', { body });
    const base = { company_id: ids.acme, plan_id: ids.gold, starts_at: '2030-11-01' };
    expect((await save({ ...base, plan_id: ids.retired })).errors).toEqual({
      plan_id: 'El plan no existe o está inactivo',
    });
    expect((await save({ ...base, company_id: 1 })).errors).toEqual({
      company_id: 'La empresa administradora de la plataforma no necesita paquetes',
    });
    expect((await save({ ...base, company_id: 999_999 })).errors).toEqual({
      company_id: 'La empresa no existe',
    });
    const backwards = await save({ ...base, expired_at: '2030-10-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.errors).toEqual({
      expired_at: 'La fecha de vencimiento debe ser posterior a la fecha de inicio',
    });
    expect((await save({ ...base, starts_at: '2030-02-30' })).errors).toEqual({
      starts_at: 'Ingrese una fecha válida (AAAA-MM-DD)',
    });
    expect((await api(tokens.acmeManager, 'savePlanAssignment', { body: base })).status).toBe(403);
  });
});

describe('reading packages', () => {
  withOwnApp();
  let expired: number;
  let other: number;

  beforeAll(async () => {
    const db = t.deps.database.db;
    // Sold through the API, so they carry their credit transactions.
    const sell = async (body: object) =>
      expect((await api(tokens.admin, 'savePlanAssignment', { body })).status).toBe(200);
    await sell({ company_id: ids.acme, plan_id: ids.gold, starts_at: '2030-11-01' });
    await sell({
      company_id: ids.branch,
      plan_id: ids.unlimited,
      starts_at: '2030-12-01T08:00',
      expired_at: '2031-01-01T00:00:00Z',
    });
    expired = await assignPlan(db, {
      companyId: ids.acme,
      planId: ids.gold,
      startsAt: day(-60),
      expiredAt: day(-30),
      unitsTotal: 100,
      unitsUsed: 100,
    });
    const formula = await createCompany(db, { fiscalName: '=HYPERLINK("x")', taxId: '901000012-3' });
    await assignPlan(db, { companyId: formula, planId: ids.gold, startsAt: day(-2) });
    other = await assignPlan(db, {
      companyId: ids.other,
      planId: ids.gold,
      startsAt: day(-1),
      unitsTotal: 100,
    });
  });

  it('lets any user of a company read its own packages, soonest expiry first', async () => {
    const own = await api(tokens.acmeAdmin, 'listCompanyPlans', { params: { company_id: ids.acme } });
    expect(own.status).toBe(200);
    expect(own.data.items.map((item) => [item.id, item.status])).toEqual([
      [expired, 'expired'],
      [expect.any(Number), 'active'],
    ]);
    expect(own.data.items[0]).toMatchObject({ units_remaining: 0, units_used: 100 });
    const active = await api(tokens.acmeAdmin, 'listCompanyPlans', {
      params: { company_id: ids.acme },
      query: { status: 'active' },
    });
    expect(active.data.total).toBe(1);
    // A company sees its branches; a branch does not see its parent; nobody sees another company.
    const read = (token: string, companyId: number) =>
      api(token, 'listCompanyPlans', { params: { company_id: companyId } }).then((reply) => reply.status);
    expect(await read(tokens.acmeAdmin, ids.branch)).toBe(200);
    expect(await read(tokens.branchManager, ids.acme)).toBe(404);
    expect(await read(tokens.otherAdmin, ids.acme)).toBe(404);
  });

  it('lists assignments with filters, search, sort and pagination for the administrator', async () => {
    const list = (body: object) => api(tokens.admin, 'listAssignments', { body });
    const all = await list({});
    expect(all.data.total).toBe(5);
    expect(all.data.items[0]!.id).toBe(other); // newest first
    expect((await list({ company_id: ids.acme })).data.total).toBe(2);
    expect((await list({ plan_id: ids.unlimited })).data.total).toBe(1);
    expect((await list({ status: 'expired' })).data.items.map((item) => item.id)).toEqual([expired]);
    expect((await list({ status: 'scheduled' })).data.items[0]!.company_id).toBe(ids.branch);
    const november = await list({
      date_from: '2030-11-01',
      date_to: '2030-11-30',
      sort: 'starts_at',
      order: 'ASC',
    });
    expect(november.data.items.map((item) => item.starts_at)).toEqual([
      '2030-11-01T05:00:00.000Z',
      day(-2).toISOString(),
      day(-1).toISOString(),
    ]);
    expect((await list({ search: 'otra' })).data.items.map((item) => item.id)).toEqual([other]);
    const page = await list({ page: 2, itemsPerPage: 3, sort: 'id', order: 'ASC' });
    expect(page.data.total).toBe(5);
    expect(page.data.items).toHaveLength(2);
  });

  it('limits a company manager to its company and branches', async () => {
    const own = await api(tokens.acmeManager, 'listAssignments', { body: {} });
    expect(own.data.items.map((item) => item.company_id).sort()).toEqual(
      [ids.acme, ids.acme, ids.branch].sort(),
    );
    const branch = await api(tokens.branchManager, 'listAssignments', { body: {} });
    expect(branch.data.items.map((item) => item.company_id)).toEqual([ids.branch]);
    expect(
      (await api(tokens.acmeManager, 'listAssignments', { body: { company_id: ids.other } })).status,
    ).toBe(404);
    expect((await api(tokens.acmeAdmin, 'listAssignments', { body: {} })).status).toBe(403);
  });

  it('details a package with its consumption summary, and lists its transactions', async () => {
    const activeList = await api(tokens.admin, 'listAssignments', {
      body: { company_id: ids.acme, status: 'active' },
    });
    const active = activeList.data.items[0]!;
    await consumeUnits(t.deps, { companyId: ids.acme, units: 3, reference: 'signature_request:1' });
    await consumeUnits(t.deps, { companyId: ids.acme, units: 1, reference: 'signature_request:2' });
    const details = await api(tokens.acmeManager, 'getAssignmentDetails', {
      body: { assignment_id: active.id },
    });
    expect(details.status).toBe(200);
    expect(details.data).toMatchObject({
      id: active.id,
      units_used: 4,
      units_remaining: 96,
      summary: {
        credited_units: 100,
        consumed_units: 4,
        adjusted_units: 0,
        transactions: 3,
        last_consumption_at: NOW.toISOString(),
      },
    });
    const consumptions = await api(tokens.acmeManager, 'listTransactions', {
      body: { company_id: ids.acme, kind: 'consumption' },
    });
    expect(consumptions.data.items.map((item) => item.reference)).toEqual([
      'signature_request:2',
      'signature_request:1',
    ]);
    const details404 = (token: string, assignmentId: number) =>
      api(token, 'getAssignmentDetails', { body: { assignment_id: assignmentId } }).then(
        (reply) => reply.status,
      );
    expect(await details404(tokens.otherAdmin, active.id)).toBe(403);
    expect(await details404(tokens.branchManager, active.id)).toBe(404);
    expect(
      (await api(tokens.acmeManager, 'listTransactions', { body: { assignment_id: other } })).status,
    ).toBe(404);
    const mine = await api(tokens.branchManager, 'listTransactions', { body: {} });
    expect(mine.data.items.every((item) => item.company_id === ids.branch)).toBe(true);
  });

  it('will not delete a plan that was assigned', async () => {
    const response = await api(tokens.admin, 'deletePlan', { params: { id: ids.gold } });
    expect(response.status).toBe(409);
    expect(response.message).toBe('El plan ya fue asignado a empresas; desactívelo en lugar de eliminarlo');
  });

  it('exports every matching package to .xlsx with formulas neutralised', async () => {
    const exportAs = async (token: string, payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/export_packages_assignments',
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('paquetes.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Paquetes')!;
      return { sheet, rows: (sheet.getSheetValues() as unknown[][]).slice(2) };
    };
    const { sheet, rows } = await exportAs(tokens.admin, { plan_id: ids.gold });
    expect(sheet.getRow(1).getCell(2).value).toBe('Empresa');
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row[2])).toContain(`'=HYPERLINK("x")`);
    expect(rows.find((row) => row[1] === expired)?.[9]).toBe('Vencido');
    const branch = await exportAs(tokens.branchManager, {});
    expect(branch.rows.map((row) => row[2])).toEqual(['Acme Cali']);
  });
});

describe('plan assignment counts', () => {
  withOwnApp();

  it('counts each plan its own assignments, not rows that share an id', async () => {
    const db = t.deps.database.db;
    const lonely = await createPlan(db, { name: 'Sin asignar', signatures: 5, validityDays: 30 });
    const busy = await createPlan(db, { name: 'Muy usado', signatures: 5, validityDays: 30 });
    for (let i = 0; i < 3; i++)
      await assignPlan(db, { companyId: ids.other, planId: busy, startsAt: day(-1) });
    const response = await api(tokens.admin, 'listPlans', { query: { page: 1, itemsPerPage: 100 } });
    const count = (id: number) =>
      (response.data.items as { id: number; assignments_count: number }[]).find((plan) => plan.id === id)
        ?.assignments_count;
    expect(count(lonely)).toBe(0);
    expect(count(busy)).toBe(3);
  });
});
