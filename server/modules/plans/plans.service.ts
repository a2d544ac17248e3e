import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { plans as planEndpoints, type planRecord } from '../../../contract/endpoints/plans.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { planAssignments, plans } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';

export type PlanRecord = z.output<typeof planRecord>;
type PlanStatus = 'active' | 'inactive';

export type PlanInput = {
  name: string;
  signatures?: number | null;
  price_usd: string;
  validity_days: number;
  status: PlanStatus;
};

export type PlanListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: PlanStatus;
  sort?: SortKeyOf<typeof planEndpoints.listPlans>;
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = sortColumnsOf(planEndpoints.listPlans, plans);

// Qualified by hand: inside the subquery an unqualified "id" would be the assignment's own id.
const assignmentsCount = sql<number>`(SELECT count(*) FROM plan_assignments pa WHERE pa.plan_id = "plans"."id")`;

const planColumns = {
  id: plans.id,
  name: plans.name,
  signatures: plans.signatures,
  priceUsd: plans.priceUsd,
  validityDays: plans.validityDays,
  status: plans.status,
  assignmentsCount,
  createdAt: plans.createdAt,
  updatedAt: plans.updatedAt,
};

type PlanRow = {
  id: number;
  name: string;
  signatures: number | null;
  priceUsd: string;
  validityDays: number;
  status: PlanStatus;
  assignmentsCount: number | string;
  createdAt: Date;
  updatedAt: Date;
};

const toRecord = (row: PlanRow): PlanRecord => ({
  id: row.id,
  name: row.name,
  signatures: row.signatures,
  unlimited: row.signatures === null,
  price_usd: Number(row.priceUsd).toFixed(2),
  validity_days: row.validityDays,
  status: row.status,
  assignments_count: Number(row.assignmentsCount),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The plan catalogue, searched by name, filtered by status, sorted and paginated. */
export async function listPlans(
  deps: Deps,
  input: PlanListInput,
): Promise<{ items: PlanRecord[]; total: number }> {
  const { db } = deps.database;
  const where = and(
    input.status ? eq(plans.status, input.status) : undefined,
    input.search ? ilike(plans.name, likePattern(input.search)) : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(plans).where(where);
  const { limit, offset } = pageWindow(input);
  const rows = await db
    .select(planColumns)
    .from(plans)
    .where(where)
    .orderBy(...orderFor(SORT_COLUMNS, plans.id, input.sort, 'id', input.order))
    .limit(limit)
    .offset(offset);
  return { items: rows.map(toRecord), total: Number(totalRow?.total ?? 0) };
}

export async function getPlan(deps: Deps, planId: number): Promise<PlanRecord> {
  const [row] = await deps.database.db.select(planColumns).from(plans).where(eq(plans.id, planId));
  if (!row) throw notFound();
  return toRecord(row);
}

export async function createPlan(deps: Deps, input: PlanInput): Promise<PlanRecord> {
  const [row] = await deps.database.db
    .insert(plans)
    .values({
      name: input.name,
      signatures: input.signatures ?? null,
      priceUsd: input.price_usd,
      validityDays: input.validity_days,
      status: input.status,
    })
    .returning({ id: plans.id });
  return getPlan(deps, row!.id);
}

/** Changes a plan; packages already assigned keep the units and dates they were sold with. */
export async function updatePlan(deps: Deps, planId: number, input: Partial<PlanInput>): Promise<PlanRecord> {
  const changes: Partial<typeof plans.$inferInsert> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.signatures !== undefined ? { signatures: input.signatures } : {}),
    ...(input.price_usd !== undefined ? { priceUsd: input.price_usd } : {}),
    ...(input.validity_days !== undefined ? { validityDays: input.validity_days } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
  };
  const updated = await deps.database.db
    .update(plans)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(eq(plans.id, planId))
    .returning({ id: plans.id });
  if (updated.length === 0) throw notFound();
  return getPlan(deps, planId);
}

/** Deletes a plan never sold; one with packages is history and can only be deactivated. */
export async function deletePlan(deps: Deps, planId: number): Promise<{ id: number }> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).for('update');
    if (!plan) throw notFound();
    const used: SQL = eq(planAssignments.planId, planId);
    const [assigned] = await tx.select({ total: count() }).from(planAssignments).where(used);
    if (Number(assigned?.total ?? 0) > 0) {
      throw conflict('El plan ya fue asignado a empresas; desactívelo en lugar de eliminarlo');
    }
    await tx.delete(plans).where(eq(plans.id, planId));
    return { id: planId };
  });
}
