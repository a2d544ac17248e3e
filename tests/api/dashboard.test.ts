import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { queryRows } from '../../server/db/queryRows.js';
import { signatureRequests } from '../../server/db/schema/index.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo, manualClock, tokenPayload } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { signAndCompleteSent } from './support/signedRequest.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { ADMIN, createTestApp, type TestApp } from './support/testApp.js';

/**
 * The dashboard's figures against the database: requests sent, signed, rejected and expired through
 * the product's flows over three months, for Andina (with its branch) and Caribe; each figure is
 * compared with a direct SQL count over the caller's companies, or over all of them for the platform.
 */

const PASSWORD = 'Panel-Clave-2026';
/**
 * The story runs over three months ending in month M, three months after today's (session tokens
 * expire by the real clock, so the test's clock stays ahead of it).
 */
const REAL = new Date();
const M = REAL.getUTCMonth() + 3;
const Y = REAL.getUTCFullYear();
/** An instant of day `day` of month M + `offset`, 10:00 in Bogotá. */
const at = (offset: number, day: number) => new Date(Date.UTC(Y, M + offset, day, 15));
/** `AAAA-MM-DD` of day `day` of month M + `offset`. */
const dayOf = (offset: number, day: number) => at(offset, day).toISOString().slice(0, 10);
/** `AAAA-MM` of month M + `offset`. */
const monthOf = (offset: number) => dayOf(offset, 1).slice(0, 7);
/** The instant a Bogotá day starts. */
const startOf = (offset: number, day: number) => new Date(Date.UTC(Y, M + offset, day, 5)).toISOString();
const clock = manualClock(at(-2, 10));
let t: TestApp;
let ids: TenantIds;
let tokens: Record<'admin' | 'elena' | 'oscar' | 'branch' | 'carla', string>;
let call: ReturnType<typeof endpointCaller>;
let groups: Record<'andina' | 'branch' | 'caribe', SendingGroup>;
let adminId: number;
let sent = 0;

type Sender = 'elena' | 'branch' | 'carla';
const GROUP_OF = { elena: 'andina', branch: 'branch', carla: 'caribe' } as const;

async function send(sender: Sender, expiresAt?: string) {
  sent += 1;
  const email = `firmante.${sent}@panel.test`;
  const body = sendingBody(groups[GROUP_OF[sender]].packageId, {
    signers: [
      { number: 1, name: `Firmante ${sent}`, email },
      { number: 2, name: `Gerente ${sent}`, email: `gerente.${sent}@panel.test` },
    ],
    ...(expiresAt ? { expires_at: expiresAt } : {}),
  });
  const reply = await call(tokens[sender], 'processSignatureRequest', { body });
  expect(reply.status, reply.message).toBe(200);
  // The row takes the database's now(); the story's months are the test clock's, so the request is
  // dated when the product's clock says it was sent.
  await t.deps.database.db
    .update(signatureRequests)
    .set({ createdAt: clock.now() })
    .where(eq(signatureRequests.id, reply.data.request_id));
  return { requestId: reply.data.request_id, email };
}

/** The first signer rejects from the link of their invitation, as on the signing page. */
async function reject(email: string, reason: string) {
  const [invitation] = await mailsTo(t, email);
  const token = invitation!.text.match(/\/signature-request\/([A-Za-z0-9_-]+)/)![1]!;
  const rejected = await signingCaller(t)('do_reject_sign_request', { token, reason }, newBrowserSession());
  expect(rejected.status, rejected.json.message).toBe(200);
}

/** Moves the clock, runs what the scheduler does then, and signs everyone in again. */
async function passTime(to: Date) {
  clock.set(to);
  await t.deps.scheduler.tick();
  await t.deps.queue.drain();
  await signInAll();
}

async function signInAll() {
  tokens = {
    admin: await t.signin(ADMIN.email, ADMIN.password),
    elena: await t.signin('elena@andina.test', PASSWORD),
    oscar: await t.signin('oscar@andina.test', PASSWORD),
    branch: await t.signin('bruno@cali.test', PASSWORD),
    carla: await t.signin('carla@caribe.test', PASSWORD),
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const tenants = await createTenants(t, { password: PASSWORD });
  ids = tenants.ids;
  await signInAll();
  adminId = tokenPayload(tokens.admin).id;
  call = endpointCaller(t.app);
  const db = t.deps.database.db;
  const units = await createPlan(db, { name: 'Panel unidades', signatures: 100 });
  const unlimited = await createPlan(db, { name: 'Panel ilimitado', signatures: null });
  const since = at(-8, 1);
  await assignPlan(db, {
    companyId: ids.andina,
    planId: units,
    startsAt: since,
    expiredAt: new Date(startOf(4, 1)),
    unitsTotal: 100,
  });
  await assignPlan(db, {
    companyId: ids.branch,
    planId: units,
    startsAt: since,
    expiredAt: new Date(startOf(1, 15)),
    unitsTotal: 20,
  });
  // Expired: counts for nothing any more.
  await assignPlan(db, {
    companyId: ids.andina,
    planId: units,
    startsAt: since,
    expiredAt: new Date(startOf(-5, 1)),
    unitsTotal: 500,
  });
  await assignPlan(db, {
    companyId: ids.caribe,
    planId: unlimited,
    startsAt: since,
    expiredAt: new Date(startOf(2, 1)),
    unitsTotal: null,
  });
  groups = {
    andina: await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena }),
    branch: await createSendingGroup(t, { companyId: ids.branch, adminToken: tokens.branch, name: 'Cali' }),
    caribe: await createSendingGroup(t, { companyId: ids.caribe, adminToken: tokens.carla, name: 'Caribe' }),
  };

  // Month M−2: signed requests in both companies.
  await signAndCompleteSent(t.deps, (await send('elena')).requestId);
  await signAndCompleteSent(t.deps, (await send('carla')).requestId);
  // Month M−1: rejections, and a request left to expire.
  await passTime(at(-1, 5));
  await reject((await send('elena')).email, 'Los datos del contrato no son correctos');
  await reject((await send('carla')).email, 'El precio no es el pactado');
  await send('elena', dayOf(-1, 10));
  await passTime(at(-1, 12));
  // Month M: requests in progress, some expiring within the week, and one more rejection.
  await passTime(at(0, 20));
  await send('elena', dayOf(0, 24));
  await send('elena');
  await send('branch', dayOf(0, 25));
  await send('carla', dayOf(0, 22));
  await reject((await send('elena')).email, 'No reconozco esta solicitud');
}, 240_000);
afterAll(() => t.close());

/** A condition on `column` limiting raw SQL to these companies (none: every company). */
const within = (column: string, companyIds: number[] | 'all') =>
  companyIds === 'all' ? sql.raw('true') : sql.raw(`${column} = ANY('{${companyIds.join(',')}}'::int[])`);

/** Every figure of the dashboard, counted straight from the tables. */
async function expectedFigures(companyIds: number[] | 'all') {
  const db = t.deps.database.db;
  const now = clock.now().toISOString();
  const months = await queryRows<{ month: string; status: string; count: number }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'America/Bogota', 'YYYY-MM') AS month, status, count(*)::int AS count
        FROM signature_requests WHERE ${within('company_id', companyIds)} GROUP BY 1, 2`,
  );
  const [waiting] = await queryRows<{ requests: number; signatures: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM signature_requests
                 WHERE status = 'in_progress' AND ${within('company_id', companyIds)}) AS requests,
               (SELECT count(*)::int FROM signature_request_signers s JOIN signature_requests r ON r.id = s.request_id
                 WHERE r.status = 'in_progress' AND s.kind <> 'copy' AND s.status IN ('waiting', 'invited', 'viewed')
                   AND ${within('r.company_id', companyIds)}) AS signatures`,
  );
  const expiring = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM signature_requests WHERE status = 'in_progress' AND ${within('company_id', companyIds)}
          AND expires_at >= ${now}::timestamptz AND expires_at < ${now}::timestamptz + interval '7 days'
        ORDER BY expires_at, id`,
  );
  const rejections = await queryRows<{ request_id: number; reason: string }>(
    db,
    sql`SELECT request_id, rejection_reason AS reason FROM signature_request_signers
        WHERE status = 'rejected' AND ${within('company_id', companyIds)} ORDER BY rejected_at DESC, id DESC LIMIT 5`,
  );
  const [plans] = await queryRows<{
    active: number;
    left: string;
    total: string;
    unlimited: boolean;
    nearest: Date | string;
  }>(
    db,
    sql`SELECT count(*)::int AS active, coalesce(sum(units_total - units_used), 0) AS left,
               coalesce(sum(units_total), 0) AS total, coalesce(bool_or(units_total IS NULL), false) AS unlimited,
               min(expired_at) AS nearest
        FROM plan_assignments WHERE ${within('company_id', companyIds)}
          AND starts_at <= ${now}::timestamptz AND expired_at > ${now}::timestamptz`,
  );
  const [storage] = await queryRows<{ used: string; capacity: string }>(
    db,
    sql`SELECT coalesce(sum(storage_used_bytes), 0) AS used, coalesce(sum(storage_capacity_bytes), 0) AS capacity
        FROM companies WHERE deleted_at IS NULL AND ${within('id', companyIds)}`,
  );
  const count = (month: string, status?: string) =>
    months
      .filter((row) => row.month === month && (!status || row.status === status))
      .reduce((sum, row) => sum + row.count, 0);
  return {
    month: (month: string) => ({
      total: count(month),
      in_progress: count(month, 'in_progress'),
      completed: count(month, 'completed'),
      rejected: count(month, 'rejected'),
      cancelled: count(month, 'cancelled'),
      expired: count(month, 'expired'),
    }),
    waiting: waiting!,
    expiring: expiring.map((row) => row.id),
    rejections: rejections.map((row) => ({ request_id: row.request_id, reason: row.reason })),
    plans: {
      active: plans!.active,
      units_left: Number(plans!.left),
      units_total: Number(plans!.total),
      unlimited: plans!.unlimited,
      nearest_expiry: plans!.nearest ? new Date(plans!.nearest).toISOString() : null,
    },
    storage: { used_bytes: Number(storage!.used), capacity_bytes: Number(storage!.capacity) },
  };
}

async function dashboardOf(token: string, userId: number) {
  const reply = await call(token, 'getDashboardInfo', { params: { id: userId } });
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

async function expectAgreement(token: string, userId: number, companyIds: number[] | 'all') {
  const data = await dashboardOf(token, userId);
  const expected = await expectedFigures(companyIds);
  expect(data.trend).toHaveLength(12);
  expect(data.trend.map((month) => month.month)).toEqual(
    Array.from({ length: 12 }, (_, index) => monthOf(index - 11)),
  );
  for (const month of data.trend) {
    expect({ ...month, month: undefined, from: undefined, to: undefined }, month.month).toEqual({
      ...expected.month(month.month),
      month: undefined,
      from: undefined,
      to: undefined,
    });
  }
  expect(data.this_month).toEqual(data.trend[11]);
  expect(data.waiting).toEqual(expected.waiting);
  expect(data.expiring.count).toBe(expected.expiring.length);
  expect(data.expiring.items.map((item) => item.id)).toEqual(expected.expiring.slice(0, 5));
  expect(data.rejections.map(({ request_id, reason }) => ({ request_id, reason }))).toEqual(
    expected.rejections,
  );
  expect(data.plans).toEqual(expected.plans);
  expect(data.storage).toEqual(expected.storage);
  return data;
}

describe(`the dashboard on ${testDatabaseKind}`, () => {
  it('gives a company its own and its branches’ figures, each equal to a direct count', async () => {
    const data = await expectAgreement(tokens.elena, ids.elena, [ids.andina, ids.branch]);
    expect(data).toMatchObject({
      scope: 'company',
      today: dayOf(0, 20),
      this_month: {
        month: monthOf(0),
        from: dayOf(0, 1),
        to: dayOf(1, 0),
        total: 4,
        in_progress: 3,
        rejected: 1,
      },
      waiting: { requests: 3, signatures: 6 },
      expiring: { days: 7, count: 2 },
      plans: { active: 2, units_total: 120, unlimited: false, nearest_expiry: startOf(1, 15) },
    });
    // The documents rendered, sealed and uploaded above (figures-agree.test.ts sums them file by file).
    expect(data.storage.used_bytes).toBeGreaterThan(0);
    expect(data.trend[9]).toMatchObject({ month: monthOf(-2), completed: 1, total: 1 });
    expect(data.trend[10]).toMatchObject({ month: monthOf(-1), rejected: 1, expired: 1, total: 2 });
    expect(data.rejections.map((row) => row.reason)).toEqual([
      'No reconozco esta solicitud',
      'Los datos del contrato no son correctos',
    ]);
    // Units consumed by the sends come off what is left.
    expect(data.plans.units_left).toBeLessThan(120);
    // The operator of the same company sees the same figures.
    expect(await dashboardOf(tokens.oscar, ids.oscar)).toEqual(data);
  });

  it('keeps each company to its own figures: the branch, and the other company', async () => {
    const branch = await expectAgreement(tokens.branch, ids.bruno, [ids.branch]);
    expect(branch).toMatchObject({ this_month: { total: 1, in_progress: 1 }, rejections: [] });
    const caribe = await expectAgreement(tokens.carla, ids.carla, [ids.caribe]);
    expect(caribe).toMatchObject({
      scope: 'company',
      this_month: { total: 1, in_progress: 1 },
      waiting: { requests: 1, signatures: 2 },
      expiring: { count: 1 },
      plans: { active: 1, unlimited: true, units_left: 0, nearest_expiry: startOf(2, 1) },
    });
    expect(caribe.rejections).toEqual([expect.objectContaining({ reason: 'El precio no es el pactado' })]);
    expect(caribe.rejections[0]!.company_name).toBe('Caribe Contratos');
  });

  it('gives the platform administrator every company’s figures', async () => {
    const platform = await expectAgreement(tokens.admin, adminId, 'all');
    expect(platform).toMatchObject({
      scope: 'platform',
      this_month: { total: 5, in_progress: 4, rejected: 1 },
      waiting: { requests: 4, signatures: 8 },
      expiring: { count: 3 },
      plans: { active: 3, unlimited: true },
    });
    expect(platform.rejections).toHaveLength(3);
  });

  it('answers only the caller’s own id, in Spanish, whoever asks', async () => {
    const colleague = await call(tokens.elena, 'getDashboardInfo', { params: { id: ids.oscar } });
    expect(colleague.status).toBe(403);
    expect(colleague.message).toBe('Solo puede consultar el panel de su propio usuario');
    const foreign = await call(tokens.elena, 'getDashboardInfo', { params: { id: ids.carla } });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toMatch(/no existe/);
    const byAdmin = await call(tokens.admin, 'getDashboardInfo', { params: { id: ids.elena } });
    expect(byAdmin.status).toBe(403);
    const anonymous = await call(null, 'getDashboardInfo', { params: { id: ids.elena } });
    expect(anonymous.status).toBe(401);
  });
});
