import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createCompany, createPlan } from '../../server/db/factories.js';
import { packageTransactions, planAssignments } from '../../server/db/schema/index.js';
import { HttpProblem } from '../../server/errors.js';
import { consumeUnits, NO_UNITS_MESSAGE } from '../../server/modules/plans/consumption.service.js';
import { testDatabaseKind } from './support/database.js';
import { manualClock } from './support/mailbox.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const NOW = new Date('2030-11-20T15:00:00Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

let t: TestApp;
let planId: number;
let unlimitedPlanId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  planId = await createPlan(t.deps.database.db, { name: 'Cien', signatures: 100 });
  unlimitedPlanId = await createPlan(t.deps.database.db, { name: 'Sin límite', signatures: null });
});
afterAll(() => t.close());

const newCompany = (name: string) =>
  createCompany(t.deps.database.db, { fiscalName: name, taxId: `9${Math.floor(Math.random() * 1e8)}-1` });

const assignment = async (id: number) => {
  const [row] = await t.deps.database.db.select().from(planAssignments).where(eq(planAssignments.id, id));
  return row!;
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return error as HttpProblem;
};

describe('consumeUnits', () => {
  it('takes units from the current package that expires first and still has them', async () => {
    const db = t.deps.database.db;
    const company = await newCompany('Orden de vencimiento');
    const later = await assignPlan(db, {
      companyId: company,
      planId,
      startsAt: day(-10),
      expiredAt: day(20),
      unitsTotal: 10,
    });
    const sooner = await assignPlan(db, {
      companyId: company,
      planId,
      startsAt: day(-10),
      expiredAt: day(5),
      unitsTotal: 2,
    });
    await assignPlan(db, {
      companyId: company,
      planId,
      startsAt: day(-40),
      expiredAt: day(-1),
      unitsTotal: 50,
    });
    await assignPlan(db, { companyId: company, planId, startsAt: day(1), expiredAt: day(2), unitsTotal: 50 });

    const first = await consumeUnits(t.deps, { companyId: company, units: 2, reference: 'solicitud:1' });
    expect(first).toMatchObject({ assignmentId: sooner, unitsRemaining: 0 });
    // The sooner one is exhausted: the next consumption moves to the later one.
    const second = await consumeUnits(t.deps, { companyId: company, units: 1, reference: 'solicitud:2' });
    expect(second).toMatchObject({ assignmentId: later, unitsRemaining: 9 });
    // Units are never split across packages: 10 do not fit in what is left.
    const refused = await refusal(consumeUnits(t.deps, { companyId: company, units: 10, reference: 'lote' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe(NO_UNITS_MESSAGE);

    const transactions = await db
      .select({ assignmentId: packageTransactions.assignmentId, units: packageTransactions.units })
      .from(packageTransactions)
      .where(sql`${packageTransactions.reference} LIKE 'solicitud:%'`)
      .orderBy(packageTransactions.id);
    expect(transactions).toEqual([
      { assignmentId: sooner, units: 2 },
      { assignmentId: later, units: 1 },
    ]);
  });

  it('draws on an unlimited package without limit', async () => {
    const company = await newCompany('Ilimitada');
    const unlimited = await assignPlan(t.deps.database.db, {
      companyId: company,
      planId: unlimitedPlanId,
      startsAt: day(-1),
      unitsTotal: null,
    });
    const result = await consumeUnits(t.deps, { companyId: company, units: 5000, reference: 'masiva' });
    expect(result).toMatchObject({ assignmentId: unlimited, unitsRemaining: null });
    expect((await assignment(unlimited)).unitsUsed).toBe(5000);
  });

  it('refuses with 409 when the company has no current package, and 422 for a bad amount', async () => {
    const company = await newCompany('Sin paquetes');
    expect(
      (await refusal(consumeUnits(t.deps, { companyId: company, units: 1, reference: 'x' }))).statusCode,
    ).toBe(409);
    expect(
      (await refusal(consumeUnits(t.deps, { companyId: company, units: 0, reference: 'x' }))).statusCode,
    ).toBe(422);
    expect(
      (await refusal(consumeUnits(t.deps, { companyId: company, units: 1.5, reference: 'x' }))).statusCode,
    ).toBe(422);
  });

  it("rolls back with the caller's transaction", async () => {
    const db = t.deps.database.db;
    const company = await newCompany('Transacción externa');
    const id = await assignPlan(db, { companyId: company, planId, startsAt: day(-1), unitsTotal: 3 });
    await db
      .transaction(async (tx) => {
        await consumeUnits(t.deps, { companyId: company, units: 2, reference: 'revertida', within: tx });
        throw new Error('la firma falló');
      })
      .catch(() => {});
    expect((await assignment(id)).unitsUsed).toBe(0);
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)` })
      .from(packageTransactions)
      .where(eq(packageTransactions.reference, 'revertida'))) as [{ total: number }];
    expect(Number(total)).toBe(0);
  });

  it(`never overdraws a package under concurrent consumptions (${testDatabaseKind})`, async () => {
    const db = t.deps.database.db;
    const company = await newCompany('Concurrencia');
    const small = await assignPlan(db, {
      companyId: company,
      planId,
      startsAt: day(-1),
      expiredAt: day(3),
      unitsTotal: 5,
    });
    const big = await assignPlan(db, {
      companyId: company,
      planId,
      startsAt: day(-1),
      expiredAt: day(9),
      unitsTotal: 4,
    });
    const attempts = 15;
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, index) =>
        consumeUnits(t.deps, { companyId: company, units: 1, reference: `concurrente:${index}` }),
      ),
    );
    const done = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' &&
        result.reason instanceof HttpProblem &&
        result.reason.statusCode === 409,
    );
    expect(done).toHaveLength(9);
    expect(refused).toHaveLength(attempts - 9);
    expect((await assignment(small)).unitsUsed).toBe(5);
    expect((await assignment(big)).unitsUsed).toBe(4);
    const consumed = await db
      .select({ assignmentId: packageTransactions.assignmentId })
      .from(packageTransactions)
      .where(sql`${packageTransactions.reference} LIKE 'concurrente:%'`);
    expect(consumed.filter((row) => row.assignmentId === small)).toHaveLength(5);
    expect(consumed.filter((row) => row.assignmentId === big)).toHaveLength(4);
  });

  it('keeps units_used within units_total when many consumers race for one package', async () => {
    const db = t.deps.database.db;
    const company = await newCompany('Carrera');
    const only = await assignPlan(db, { companyId: company, planId, startsAt: day(-1), unitsTotal: 7 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        consumeUnits(t.deps, { companyId: company, units: 2, reference: `carrera:${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect((await assignment(only)).unitsUsed).toBe(6);
  });
});
