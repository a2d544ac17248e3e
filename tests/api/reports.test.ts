import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { queryRows } from '../../server/db/queryRows.js';
import { loadActor } from '../../server/http/guard.js';
import { contractHistoryBatches } from '../../server/modules/reports/contractHistoryExport.js';
import { CONTRACT_HISTORY_COLUMNS } from '../../server/modules/reports/reports.handlers.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { signAndCompleteSent } from './support/signedRequest.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Reportes-Seguros-2026';

/** Today in Colombia (the reports' days are COT days). */
const todayCot = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

describe(`contract history reports on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let carlaToken: string;
  let andinaGroup: SendingGroup;
  let call: ReturnType<typeof endpointCaller>;
  const sent: Record<'completed' | 'open' | 'byElena' | 'rejected' | 'caribe', number> = {
    completed: 0,
    open: 0,
    byElena: 0,
    rejected: 0,
    caribe: 0,
  };

  /** What the database says of a set of companies' requests, counted directly. */
  const directFigures = async (companyIds: number[]) => {
    const [row] = await queryRows<Record<string, string | number>>(
      t.deps.database.db,
      sql`SELECT count(*) AS requests,
        count(*) FILTER (WHERE status = 'completed') AS completed,
        count(*) FILTER (WHERE status = 'rejected') AS rejected,
        count(*) FILTER (WHERE status = 'in_progress') AS in_progress,
        (SELECT count(*) FROM signature_request_signers s JOIN signature_requests r ON r.id = s.request_id
          WHERE s.kind <> 'copy' AND r.company_id = ANY(${`{${companyIds.join(',')}}`}::int[])) AS units
        FROM signature_requests WHERE company_id = ANY(${`{${companyIds.join(',')}}`}::int[])`,
    );
    return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
    carlaToken = await t.signin('carla@caribe.test', PASSWORD);
    call = endpointCaller(t.app);
    const db = t.deps.database.db;
    const plan = await createPlan(db, { name: 'Reportes', signatures: 100 });
    const since = new Date(Date.now() - 86_400_000);
    await assignPlan(db, { companyId: ids.andina, planId: plan, startsAt: since, unitsTotal: 100 });
    await assignPlan(db, { companyId: ids.caribe, planId: plan, startsAt: since, unitsTotal: 100 });
    andinaGroup = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
    const caribeGroup = await createSendingGroup(t, {
      companyId: ids.caribe,
      adminToken: carlaToken,
      name: 'Arriendos Caribe',
    });
    const send = async (token: string, packageId: number) => {
      const reply = await call(token, 'processSignatureRequest', { body: sendingBody(packageId) });
      expect(reply.status).toBe(200);
      return reply.data.request_id as number;
    };
    sent.completed = await send(tokens.oscar, andinaGroup.packageId);
    await signAndCompleteSent(t.deps, sent.completed);
    sent.open = await send(tokens.oscar, andinaGroup.packageId);
    sent.byElena = await send(tokens.elena, andinaGroup.packageId);
    sent.caribe = await send(carlaToken, caribeGroup.packageId);
    // The branch's request is rejected by its signer through the signing page's call.
    const branchRequest = await createTestRequest(t.deps, {
      companyId: ids.branch,
      createdBy: ids.bruno,
      title: 'Contrato de la sucursal',
      signers: [
        { name: 'Rita Rechazo', email: 'rita@reportes.test' },
        { name: 'Pablo Segundo', email: 'pablo@reportes.test' },
      ],
    });
    const rejected = await signingCaller(t)(
      'do_reject_sign_request',
      { token: branchRequest.signers[0]!.token, reason: 'El valor no es el acordado' },
      newBrowserSession(),
    );
    expect(rejected.status).toBe(200);
    sent.rejected = branchRequest.requestId;
  });
  afterAll(() => t.close());

  it('lists the company and its branches with their figures, agreeing with the database', async () => {
    const report = await call(tokens.elena, 'contractHistoryReport', { body: { itemsPerPage: 100 } });
    expect(report.status).toBe(200);
    const listed = report.data.items.map((row) => row.id);
    expect(listed).toEqual([sent.rejected, sent.byElena, sent.open, sent.completed]);
    expect(listed).not.toContain(sent.caribe);

    const direct = await directFigures([ids.andina, ids.branch]);
    expect(report.data.total).toBe(direct.requests);
    expect(report.data.totals).toMatchObject({
      requests: direct.requests,
      completed: direct.completed,
      rejected: direct.rejected,
      in_progress: direct.in_progress,
      units: direct.units,
    });
    expect(report.data.totals.units).toBe(report.data.items.reduce((sum, row) => sum + row.units, 0));

    const completed = report.data.items.find((row) => row.id === sent.completed)!;
    expect(completed).toMatchObject({
      company_name: 'Andina Firmas',
      branch_name: null,
      package_id: andinaGroup.packageId,
      package_name: 'Vinculación de clientes',
      creator_name: 'Oscar Prueba',
      status: 'completed',
      signer_count: 2,
      signed_count: 2,
      units: 2,
      signers: 'Ana Cliente (Firmó); Germán Gerente (Firmó)',
    });
    expect(completed.completed_at).not.toBeNull();
    // The units a request shows are those sending took from the company's package.
    const [charged] = await queryRows<{ units: number }>(
      t.deps.database.db,
      sql`SELECT sum(units)::int AS units FROM package_transactions WHERE kind = 'consumption'
        AND reference = ${`signature_request:${sent.completed}`}`,
    );
    expect(completed.units).toBe(Number(charged!.units));

    const branchRow = report.data.items.find((row) => row.id === sent.rejected)!;
    expect(branchRow).toMatchObject({
      company_name: 'Andina Firmas',
      branch_name: 'Andina Cali',
      status: 'rejected',
      creator_name: 'Bruno Prueba',
      signers: 'Rita Rechazo (Rechazó); Pablo Segundo (En espera)',
    });
  });

  it('filters by status, branch, document group, creator and COT days, and sorts', async () => {
    const ids_ = async (body: Record<string, unknown>) => {
      const reply = await call(tokens.elena, 'contractHistoryReport', { body });
      expect(reply.status).toBe(200);
      return reply.data.items.map((row) => row.id);
    };
    expect(await ids_({ status: 'completed' })).toEqual([sent.completed]);
    expect(await ids_({ status: 'rejected' })).toEqual([sent.rejected]);
    expect(await ids_({ branch_id: ids.branch })).toEqual([sent.rejected]);
    expect(await ids_({ package_id: andinaGroup.packageId })).toEqual([
      sent.byElena,
      sent.open,
      sent.completed,
    ]);
    expect(await ids_({ created_by: ids.elena })).toEqual([sent.byElena]);
    expect(await ids_({ date_from: todayCot(), date_to: todayCot() })).toHaveLength(4);
    expect(await ids_({ date_from: '2099-01-01' })).toEqual([]);
    expect(await ids_({ date_to: '2000-01-01' })).toEqual([]);
    expect(await ids_({ order: 'ASC' })).toEqual([sent.completed, sent.open, sent.byElena, sent.rejected]);
    expect(await ids_({ sort: 'completed_at' })).toEqual([
      sent.completed,
      sent.rejected,
      sent.byElena,
      sent.open,
    ]);
    const paged = await call(tokens.elena, 'contractHistoryReport', { body: { itemsPerPage: 2, page: 2 } });
    expect(paged.data.items.map((row) => row.id)).toEqual([sent.open, sent.completed]);
    expect(paged.data.total).toBe(4);

    const filtered = await call(tokens.elena, 'contractHistoryReport', { body: { status: 'completed' } });
    expect(filtered.data.totals).toMatchObject({ requests: 1, completed: 1, units: 2, rejected: 0 });
  });

  it('keeps each company to its own requests', async () => {
    const branch = await call(tokens.branch, 'contractHistoryReport', { body: {} });
    expect(branch.data.items.map((row) => row.id)).toEqual([sent.rejected]);
    expect(branch.data.totals.requests).toBe((await directFigures([ids.branch])).requests);

    const caribe = await call(carlaToken, 'contractHistoryReport', { body: {} });
    expect(caribe.data.items.map((row) => row.id)).toEqual([sent.caribe]);

    // Another company's branch, group or user in a filter is refused, never answered empty.
    for (const body of [{ branch_id: ids.caribe }, { created_by: ids.carla }]) {
      const foreign = await call(tokens.elena, 'contractHistoryReport', { body });
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(foreign.status).toBeLessThan(500);
    }

    // The operator holds no report.list; a company holds no platform report.
    expect((await call(tokens.oscar, 'contractHistoryReport', { body: {} })).status).toBe(403);
    expect((await call(tokens.elena, 'contractHistoryReportCompanies', { body: {} })).status).toBe(403);
    expect((await call(tokens.elena, 'exportContractHistoryReportCompanies', { body: {} })).status).toBe(403);
  });

  it('shows the platform every company, filtered by company with its branches', async () => {
    const all = await call(tokens.admin, 'contractHistoryReportCompanies', { body: { itemsPerPage: 100 } });
    expect(all.status).toBe(200);
    expect(all.data.items.map((row) => row.id)).toEqual(
      expect.arrayContaining([sent.completed, sent.open, sent.byElena, sent.rejected, sent.caribe]),
    );
    const [everything] = await queryRows<{ requests: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS requests FROM signature_requests`,
    );
    expect(all.data.totals.requests).toBe(Number(everything!.requests));

    const andina = await call(tokens.admin, 'contractHistoryReportCompanies', {
      body: { company_id: ids.andina },
    });
    expect(andina.data.items.map((row) => row.id)).toEqual([
      sent.rejected,
      sent.byElena,
      sent.open,
      sent.completed,
    ]);
    expect(andina.data.totals).toMatchObject(await directFigures([ids.andina, ids.branch]));
    const caribe = await call(tokens.admin, 'contractHistoryReportCompanies', {
      body: { company_id: ids.caribe },
    });
    expect(caribe.data.items.map((row) => row.id)).toEqual([sent.caribe]);
    expect(caribe.data.items[0]).toMatchObject({
      company_name: 'Caribe Contratos',
      package_name: 'Arriendos Caribe',
    });
  });

  const exportRows = async (token: string, path: string, body: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  };

  it('exports the same rows as .xlsx, streamed', async () => {
    const listed = await call(tokens.elena, 'contractHistoryReport', { body: { itemsPerPage: 100 } });
    const rows = await exportRows(tokens.elena, 'export_contract_history_report', {});
    expect(rows[0]!.slice(0, 4)).toEqual(['ID', 'Empresa', 'Sucursal', 'Título']);
    const data = rows.slice(1);
    expect(data.map((row) => row[0])).toEqual(listed.data.items.map((row) => row.id));
    const completed = data.find((row) => row[0] === sent.completed)!;
    expect(completed[1]).toBe('Andina Firmas');
    expect(completed[6]).toBe('Completada');
    expect(completed[10]).toBe(2);
    const branch = data.find((row) => row[0] === sent.rejected)!;
    expect(branch[2]).toBe('Andina Cali');
    expect(branch[6]).toBe('Rechazada');

    const filtered = await exportRows(tokens.elena, 'export_contract_history_report', {
      status: 'completed',
    });
    expect(filtered.slice(1).map((row) => row[0])).toEqual([sent.completed]);

    const platform = await exportRows(tokens.admin, 'export_contract_history_report_companies', {
      company_id: ids.caribe,
    });
    expect(platform.slice(1).map((row) => row[0])).toEqual([sent.caribe]);
  });

  it("exports every cell as the screen shows its row, dates on Bogotá's clock, in batches of any size", async () => {
    const listed = await call(tokens.admin, 'contractHistoryReportCompanies', {
      body: { itemsPerPage: 100 },
    });
    const rows = (await exportRows(tokens.admin, 'export_contract_history_report_companies', {})).slice(1);
    const bogota = (iso: string | null) =>
      iso ? new Date(new Date(iso).getTime() - 5 * 3_600_000) : undefined;
    const shown = listed.data.items.map((item) => [
      item.id,
      item.company_name,
      item.branch_name ?? undefined,
      item.title,
      item.package_name ?? undefined,
      item.creator_name ?? undefined,
      CONTRACT_HISTORY_COLUMNS[6]!.value({
        ...item,
        created_at: new Date(),
        sent_at: new Date(),
        completed_at: null,
        expires_at: new Date(),
      }),
      item.signer_count,
      item.signed_count,
      item.signers || undefined,
      item.units,
      bogota(item.created_at),
      bogota(item.sent_at),
      bogota(item.completed_at),
      bogota(item.expires_at),
    ]);
    // A cell read back from the file: exceljs leaves trailing empty cells out.
    const padded = rows.map((row) =>
      Array.from({ length: shown[0]!.length }, (_, index) => row[index] ?? undefined),
    );
    expect(padded).toEqual(shown);
    expect(shown.some((row) => row[13] !== undefined)).toBe(true);

    // Two at a time, the keyset walk meets every request once, newest first.
    const [session] = await queryRows<{ id: string; user_id: number }>(
      t.deps.database.db,
      sql`SELECT s.id, s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE u.email = ${ADMIN.email} ORDER BY s.created_at DESC LIMIT 1`,
    );
    const actor = (await loadActor(t.deps.database.db, session!.id, Number(session!.user_id)))!;
    const walked: number[] = [];
    for await (const batch of contractHistoryBatches(t.deps, actor, 'platform', {}, 2)) {
      for (const row of batch) walked.push(row.id);
    }
    expect(walked).toEqual(listed.data.items.map((item) => item.id));
  });
});
