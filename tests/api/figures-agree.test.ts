import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { assignPlan, createCompany, createPlan, createUser } from '../../server/db/factories.js';
import { queryRows } from '../../server/db/queryRows.js';
import { toGigabytes } from '../../server/modules/statistics/statistics.service.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo, tokenPayload } from './support/mailbox.js';
import { createSendingGroup, sendingBody } from './support/sendingGroup.js';
import { signAndCompleteSent } from './support/signedRequest.js';
import { newBrowserSession, signingCaller, signOnThePage } from './support/signing.js';
import { createTenants } from './support/tenants.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

/**
 * One generated data set, every figure. Five companies (two of them branches) send requests through
 * the product's calls, and a seeded generator decides what becomes of each: signed and sealed,
 * rejected by its signer, or left waiting; every company also has a request signed on the signing
 * page with a code and a drawn signature. Then the dashboard, the reports and the statistics are
 * read as each company's administrator and as the platform, and every figure must equal a direct
 * SQL count over what that reader may see — and the figures of the three screens each other.
 */

const PASSWORD = 'Cifras-Cuadran-2026';

/** A small seeded generator (mulberry32): the same data set on every run, varied within it. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Viewer = { name: string; token: string; company: number; sees: number[] };

describe(`dashboard, reports and statistics agree on one data set (${testDatabaseKind})`, () => {
  let t: TestApp;
  let call: ReturnType<typeof endpointCaller>;
  let admin: string;
  let viewers: Viewer[];
  let everyCompany: number[];
  const random = seeded(20_261_128);
  let sentCount = 0;

  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<Record<string, string | number | null>>(t.deps.database.db, query);
    return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]));
  };
  const idList = (ids: number[]) => `{${ids.join(',')}}`;

  /** Requests of these companies created in the Bogotá month `month` (AAAA-MM), by status; units. */
  const requestsBySql = (ids: number[], month: string) =>
    one(sql`SELECT count(*) AS requests,
        count(*) FILTER (WHERE status = 'in_progress') AS in_progress,
        count(*) FILTER (WHERE status = 'completed') AS completed,
        count(*) FILTER (WHERE status = 'rejected') AS rejected,
        count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
        count(*) FILTER (WHERE status = 'expired') AS expired,
        (SELECT count(*) FROM signature_request_signers s JOIN signature_requests r ON r.id = s.request_id
          WHERE s.kind <> 'copy' AND r.company_id = ANY(${idList(ids)}::int[])
            AND to_char(r.created_at AT TIME ZONE 'America/Bogota', 'YYYY-MM') = ${month}) AS units
      FROM signature_requests WHERE company_id = ANY(${idList(ids)}::int[])
        AND to_char(created_at AT TIME ZONE 'America/Bogota', 'YYYY-MM') = ${month}`);

  /** The bytes of the files these companies store, summed from the sizes recorded with each file. */
  const bytesBySql = async (ids: number[]) =>
    (
      await one(sql`SELECT
        (SELECT coalesce(sum(rendered_bytes + sealed_bytes), 0) FROM signature_request_documents WHERE company_id = ANY(${idList(ids)}::int[]))
      + (SELECT coalesce(sum(signature_bytes + selfie_bytes), 0) FROM signature_request_signers WHERE company_id = ANY(${idList(ids)}::int[]))
      + (SELECT coalesce(sum(pdf_bytes), 0) FROM document_package_documents WHERE company_id = ANY(${idList(ids)}::int[]))
      + (SELECT coalesce(sum(file_bytes), 0) FROM pdf_templates WHERE company_id = ANY(${idList(ids)}::int[])) AS bytes`)
    ).bytes!;

  /** Sends a request of the company's group, then signs, rejects or leaves it as the generator says. */
  async function sendSome(sender: Viewer, packageId: number) {
    const count = 2 + Math.floor(random() * 3);
    for (let index = 0; index < count; index++) {
      sentCount += 1;
      const email = `firmante.${sentCount}@cifras.test`;
      const body = sendingBody(packageId, {
        signers: [
          { number: 1, name: `Firmante ${sentCount}`, email },
          { number: 2, name: `Gerente ${sentCount}`, email: `gerente.${sentCount}@cifras.test` },
        ],
      });
      const reply = await call(sender.token, 'processSignatureRequest', { body });
      expect(reply.status, reply.message).toBe(200);
      const fate = random();
      if (fate < 0.4) {
        await signAndCompleteSent(t.deps, reply.data.request_id);
      } else if (fate < 0.65) {
        await t.deps.queue.drain();
        const [invitation] = await mailsTo(t, email);
        const token = invitation!.text.match(/\/signature-request\/([A-Za-z0-9_-]+)/)![1]!;
        const reason = { token, reason: `Rechazo ${sentCount}` };
        const rejected = await signingCaller(t)('do_reject_sign_request', reason, newBrowserSession());
        expect(rejected.status, rejected.json.message).toBe(200);
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    call = endpointCaller(t.app);
    const db = t.deps.database.db;
    const { ids, tokens } = await createTenants(t, { password: PASSWORD });
    const pacifico = await createCompany(db, { fiscalName: 'Pacífico Legal', taxId: '901555666-3' });
    const sur = await createCompany(db, {
      fiscalName: 'Pacífico Sur',
      taxId: '901555666-3',
      parentId: pacifico,
    });
    const administrator = async (companyId: number, email: string) => {
      const userId = await createUser(db, {
        companyId,
        roleId: ROLE.companyAdministrator,
        name: 'Administra',
        lastName: email,
        email,
        password: PASSWORD,
      });
      return { userId, token: await t.signin(email, PASSWORD) };
    };
    const paula = await administrator(pacifico, 'paula@pacifico.test');
    const sergio = await administrator(sur, 'sergio@sur.test');
    admin = await t.signin(ADMIN.email, ADMIN.password);
    viewers = [
      { name: 'Andina', token: tokens.elena, company: ids.andina, sees: [ids.andina, ids.branch] },
      { name: 'Andina Cali', token: tokens.branch, company: ids.branch, sees: [ids.branch] },
      {
        name: 'Caribe',
        token: await t.signin('carla@caribe.test', PASSWORD),
        company: ids.caribe,
        sees: [ids.caribe],
      },
      { name: 'Pacífico', token: paula.token, company: pacifico, sees: [pacifico, sur] },
      { name: 'Pacífico Sur', token: sergio.token, company: sur, sees: [sur] },
    ];
    everyCompany = viewers.map((viewer) => viewer.company);
    const creators = [ids.elena, ids.bruno, ids.carla, paula.userId, sergio.userId];
    const plan = await createPlan(db, { name: 'Cifras', signatures: 200 });
    for (const [index, viewer] of viewers.entries()) {
      await assignPlan(db, {
        companyId: viewer.company,
        planId: plan,
        startsAt: new Date(Date.now() - 86_400_000),
        unitsTotal: 200,
      });
      const group = await createSendingGroup(t, {
        companyId: viewer.company,
        adminToken: viewer.token,
        name: `Grupo ${viewer.name}`,
      });
      await sendSome(viewer, group.packageId);
      await signOnThePage(t, {
        companyId: viewer.company,
        createdBy: creators[index]!,
        email: `firma.pagina.${viewer.company}@cifras.test`,
      });
    }
    // The seals of the signed requests and the invitations still queued.
    await t.deps.queue.drain();
  }, 300_000);
  afterAll(() => t.close());

  const dashboardOf = async (token: string) => {
    const reply = await call(token, 'getDashboardInfo', { params: { id: tokenPayload(token).id } });
    expect(reply.status, reply.message).toBe(200);
    return reply.data;
  };

  it('counts the same requests on the dashboard, in the reports and in the database, for each reader', async () => {
    for (const viewer of [...viewers, { name: 'Plataforma', token: admin, company: 1, sees: everyCompany }]) {
      const dashboard = await dashboardOf(viewer.token);
      const month = dashboard.this_month;
      const direct = await requestsBySql(viewer.sees, month.month);
      expect(direct.requests, viewer.name).toBeGreaterThan(0);
      expect(month, viewer.name).toMatchObject({
        total: direct.requests,
        in_progress: direct.in_progress,
        completed: direct.completed,
        rejected: direct.rejected,
        cancelled: direct.cancelled,
        expired: direct.expired,
      });
      const platform = viewer.token === admin;
      const report = await call(
        viewer.token,
        platform ? 'contractHistoryReportCompanies' : 'contractHistoryReport',
        {
          body: { date_from: month.from, date_to: month.to },
        },
      );
      expect(report.status, report.message).toBe(200);
      expect(report.data.totals, viewer.name).toEqual({
        requests: month.total,
        units: direct.units,
        in_progress: month.in_progress,
        completed: month.completed,
        rejected: month.rejected,
        cancelled: month.cancelled,
        expired: month.expired,
      });
      expect(dashboard.waiting.requests, viewer.name).toBe(direct.in_progress);
    }
  });

  it('keeps storage one fact: the menu, the companies list, the dashboard and the statistics read the bytes stored', async () => {
    const companiesStorage = await call(admin, 'getCompaniesStatistics', {
      body: { page: 1, itemsPerPage: 100 },
    });
    expect(companiesStorage.status).toBe(200);
    const list = await call(admin, 'listCompanies', {
      params: { page: 1, itemsPerPage: 100, roleID: ROLE.administrator, companyID: 1 },
      body: {},
    });
    expect(list.status, list.message).toBe(200);
    for (const viewer of viewers) {
      const bytes = await bytesBySql([viewer.company]);
      expect(bytes, viewer.name).toBeGreaterThan(0);
      const [kept] = await queryRows<{ used: number }>(
        t.deps.database.db,
        sql`SELECT storage_used_bytes AS used FROM companies WHERE id = ${viewer.company}`,
      );
      expect(Number(kept!.used), viewer.name).toBe(bytes);
      // The menu's storage bar (SPEC §2.6) with its breakdown, asked by the company itself.
      const menu = await call(viewer.token, 'getCompanyStatistics', { body: { company_id: viewer.company } });
      expect(menu.status, menu.message).toBe(200);
      expect(menu.data, viewer.name).toMatchObject({ storage_used: toGigabytes(bytes), total_bytes: bytes });
      const row = companiesStorage.data.items.find((item) => item.company_id === viewer.company);
      expect(row?.total_bytes, viewer.name).toBe(bytes);
      const listed = list.data.items.find((item) => item.id === viewer.company);
      expect(Number(listed?.storage_used_gb), viewer.name).toBe(Number(toGigabytes(bytes)));
      const dashboard = await dashboardOf(viewer.token);
      expect(dashboard.storage.used_bytes, viewer.name).toBe(await bytesBySql(viewer.sees));
    }
    const everything = await bytesBySql(await liveCompanies());
    expect((await dashboardOf(admin)).storage.used_bytes).toBe(everything);
    const total = await call(admin, 'getTotalStorage');
    expect(total.status).toBe(200);
    expect(total.data.total_bytes).toBe(everything);
  });

  const liveCompanies = async () =>
    (
      await queryRows<{ id: number }>(
        t.deps.database.db,
        sql`SELECT id FROM companies WHERE deleted_at IS NULL`,
      )
    ).map((row) => Number(row.id));

  it('counts users and packages as the database does, each company its own', async () => {
    const users = await call(admin, 'getCompaniesUsersStatistics', { query: { page: 1, itemsPerPage: 100 } });
    const units = await call(admin, 'getCompaniesUnitsPackagesStatistics', {
      query: { page: 1, itemsPerPage: 100 },
    });
    for (const viewer of viewers) {
      const directUsers = await one(sql`SELECT count(*) FILTER (WHERE status = 'active') AS active,
          count(*) FILTER (WHERE status = 'inactive') AS inactive, count(*) FILTER (WHERE status = 'locked') AS locked,
          count(*) AS total FROM users WHERE deleted_at IS NULL AND company_id = ${viewer.company}`);
      const own = await call(viewer.token, 'getCompanyUsersStatistics');
      expect(own.data, viewer.name).toMatchObject({ company_id: viewer.company, ...directUsers });
      expect(
        users.data.items.find((row) => row.company_id === viewer.company),
        viewer.name,
      ).toMatchObject(directUsers);
      const directUnits =
        await one(sql`SELECT sum(units_total) AS units_assigned, sum(units_used) AS units_consumed
          FROM plan_assignments WHERE units_total IS NOT NULL AND company_id = ${viewer.company}`);
      expect(directUnits.units_consumed, viewer.name).toBeGreaterThan(0);
      const ownUnits = await call(viewer.token, 'getCompanyUnitsPackagesStatistics');
      expect(ownUnits.data, viewer.name).toMatchObject({ company_id: viewer.company, ...directUnits });
      expect(
        units.data.items.find((row) => row.company_id === viewer.company),
        viewer.name,
      ).toMatchObject(directUnits);
    }
  });

  it('shows a company only its own figures, and none of the platform’s comparisons', async () => {
    const [caribe, andina] = [viewers[2]!, viewers[0]!];
    const foreign = await call(caribe.token, 'getCompanyStatistics', {
      body: { company_id: andina.company },
    });
    expect([403, 404]).toContain(foreign.status);
    const otherDashboard = await call(caribe.token, 'getDashboardInfo', {
      params: { id: tokenPayload(andina.token).id },
    });
    expect([403, 404]).toContain(otherDashboard.status);
    const otherBranch = await call(caribe.token, 'contractHistoryReport', {
      body: { branch_id: andina.company },
    });
    expect(otherBranch.status).toBeGreaterThanOrEqual(400);
    expect(otherBranch.status).toBeLessThan(500);
    for (const name of [
      'getTotalStorage',
      'getCompaniesUsersStatistics',
      'getCompaniesUnitsPackagesStatistics',
    ] as const)
      expect((await call(caribe.token, name, { query: { page: 1, itemsPerPage: 15 } })).status, name).toBe(
        403,
      );
    const comparison = await call(caribe.token, 'getCompaniesStatistics', {
      body: { page: 1, itemsPerPage: 15 },
    });
    expect(comparison.status).toBe(403);
  });
});
