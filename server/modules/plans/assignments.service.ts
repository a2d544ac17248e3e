import { and, count, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type assignmentDetails,
  type assignmentRecord,
  plans as planEndpoints,
} from '../../../contract/endpoints/plans.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { PLATFORM_COMPANY_ID } from '../../../contract/permissions.js';
import { queryRows } from '../../db/client.js';
import { companies, packageTransactions, planAssignments, plans } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';

export type AssignmentRecord = z.output<typeof assignmentRecord>;
export type AssignmentDetails = z.output<typeof assignmentDetails>;
export type AssignmentStatus = AssignmentRecord['status'];

export type AssignmentFilters = {
  company_id?: number;
  plan_id?: number;
  status?: AssignmentStatus;
  date_from?: Date;
  /** Exclusive upper bound of starts_at. */
  date_to?: Date;
  search?: string;
  sort?: SortKeyOf<typeof planEndpoints.listAssignments>;
  order?: 'ASC' | 'DESC';
};

// The export sorts as the list does (the same keys in the contract).
const SORT_COLUMNS = sortColumnsOf(planEndpoints.listAssignments, planAssignments, {
  company_name: companies.fiscalName,
  plan_name: plans.name,
});

export const assignmentColumns = {
  id: planAssignments.id,
  companyId: planAssignments.companyId,
  companyName: companies.fiscalName,
  planId: planAssignments.planId,
  planName: plans.name,
  startsAt: planAssignments.startsAt,
  expiredAt: planAssignments.expiredAt,
  unitsTotal: planAssignments.unitsTotal,
  unitsUsed: planAssignments.unitsUsed,
  createdAt: planAssignments.createdAt,
};

export type AssignmentRow = {
  id: number;
  companyId: number;
  companyName: string;
  planId: number;
  planName: string;
  startsAt: Date;
  expiredAt: Date;
  unitsTotal: number | null;
  unitsUsed: number;
  createdAt: Date;
};

export const assignmentStatusAt = (row: Pick<AssignmentRow, 'startsAt' | 'expiredAt'>, now: Date) =>
  row.startsAt > now ? 'scheduled' : row.expiredAt <= now ? 'expired' : 'active';

export const toAssignmentRecord = (row: AssignmentRow, now: Date): AssignmentRecord => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  plan_id: row.planId,
  plan_name: row.planName,
  starts_at: row.startsAt.toISOString(),
  expired_at: row.expiredAt.toISOString(),
  units_total: row.unitsTotal,
  units_used: row.unitsUsed,
  units_remaining: row.unitsTotal === null ? null : Math.max(row.unitsTotal - row.unitsUsed, 0),
  unlimited: row.unitsTotal === null,
  status: assignmentStatusAt(row, now),
  created_at: row.createdAt.toISOString(),
});

/** Tenant scope from the session, never from the request. */
export const visibleAssignments = (actor: Actor): SQL | undefined =>
  actor.visibleCompanyIds === 'all'
    ? undefined
    : inArray(planAssignments.companyId, [...actor.visibleCompanyIds]);

export function statusCondition(status: AssignmentStatus | undefined, now: Date): SQL | undefined {
  if (status === 'scheduled') return gt(planAssignments.startsAt, now);
  if (status === 'expired') return lte(planAssignments.expiredAt, now);
  if (status === 'active') return and(lte(planAssignments.startsAt, now), gt(planAssignments.expiredAt, now));
  return undefined;
}

function filtersWhere(actor: Actor, filters: AssignmentFilters, now: Date): SQL | undefined {
  return and(
    visibleAssignments(actor),
    filters.company_id ? eq(planAssignments.companyId, filters.company_id) : undefined,
    filters.plan_id ? eq(planAssignments.planId, filters.plan_id) : undefined,
    statusCondition(filters.status, now),
    filters.date_from ? gte(planAssignments.startsAt, filters.date_from) : undefined,
    filters.date_to ? lt(planAssignments.startsAt, filters.date_to) : undefined,
    filters.search
      ? or(
          ilike(companies.fiscalName, likePattern(filters.search)),
          ilike(plans.name, likePattern(filters.search)),
        )
      : undefined,
  );
}

const joined = (deps: Deps) =>
  deps.database.db
    .select(assignmentColumns)
    .from(planAssignments)
    .innerJoin(companies, eq(companies.id, planAssignments.companyId))
    .innerJoin(plans, eq(plans.id, planAssignments.planId));

/** Packages sold to the companies the caller can see, filtered, sorted (newest first) and paginated. */
export async function listAssignments(
  deps: Deps,
  actor: Actor,
  input: AssignmentFilters & { page: number; itemsPerPage: number },
): Promise<{ items: AssignmentRecord[]; total: number }> {
  const now = deps.clock.now();
  const where = filtersWhere(actor, input, now);
  const [totalRow] = await deps.database.db
    .select({ total: count() })
    .from(planAssignments)
    .innerJoin(companies, eq(companies.id, planAssignments.companyId))
    .innerJoin(plans, eq(plans.id, planAssignments.planId))
    .where(where);
  const { limit, offset } = pageWindow(input);
  const order = input.order ?? (input.sort ? 'ASC' : 'DESC');
  const rows = await joined(deps)
    .where(where)
    .orderBy(...orderFor(SORT_COLUMNS, planAssignments.id, input.sort, 'id', order))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((row) => toAssignmentRecord(row, now)), total: Number(totalRow?.total ?? 0) };
}

/** Every matching package, in id order, a batch at a time (for the streamed export). */
export function assignmentBatchFetcher(deps: Deps, actor: Actor, filters: AssignmentFilters) {
  const now = deps.clock.now();
  return async (lastId: number, size: number) => {
    const rows = await joined(deps)
      .where(and(filtersWhere(actor, filters, now), gt(planAssignments.id, lastId)))
      .orderBy(planAssignments.id)
      .limit(size);
    return rows.map((row) => toAssignmentRecord(row, now));
  };
}

/** One company's packages (the company must be visible: the route checked it), soonest expiry first. */
export async function listCompanyAssignments(
  deps: Deps,
  input: { companyId: number; status?: AssignmentStatus },
): Promise<{ items: AssignmentRecord[]; total: number }> {
  const now = deps.clock.now();
  const rows = await joined(deps)
    .where(and(eq(planAssignments.companyId, input.companyId), statusCondition(input.status, now)))
    .orderBy(planAssignments.expiredAt, planAssignments.id);
  return { items: rows.map((row) => toAssignmentRecord(row, now)), total: rows.length };
}

async function assignmentById(deps: Deps, assignmentId: number): Promise<AssignmentRecord> {
  const [row] = await joined(deps).where(eq(planAssignments.id, assignmentId));
  if (!row) throw notFound();
  return toAssignmentRecord(row, deps.clock.now());
}

type SummaryRow = {
  credited: string | number | null;
  consumed: string | number | null;
  adjusted: string | number | null;
  transactions: string | number;
  last_consumption_at: Date | string | null;
};

/** A package with what happened to its units. */
export async function getAssignmentDetails(deps: Deps, assignmentId: number): Promise<AssignmentDetails> {
  const record = await assignmentById(deps, assignmentId);
  const [summary] = await queryRows<SummaryRow>(
    deps.database.db,
    sql`
    SELECT sum(units) FILTER (WHERE kind = 'credit') AS credited,
           sum(units) FILTER (WHERE kind = 'consumption') AS consumed,
           sum(units) FILTER (WHERE kind = 'adjustment') AS adjusted,
           count(*) AS transactions,
           max(created_at) FILTER (WHERE kind = 'consumption') AS last_consumption_at
    FROM package_transactions WHERE assignment_id = ${assignmentId}`,
  );
  const last = summary?.last_consumption_at;
  return {
    ...record,
    summary: {
      credited_units: Number(summary?.credited ?? 0),
      consumed_units: Number(summary?.consumed ?? 0),
      adjusted_units: Number(summary?.adjusted ?? 0),
      transactions: Number(summary?.transactions ?? 0),
      last_consumption_at: last ? new Date(last).toISOString() : null,
    },
  };
}

/**
 * Gives a company a plan from `startsAt` until `expiredAt` (default: start plus the plan's
 * validity), with the plan's units (null: unlimited), and records the credit, in one transaction.
 */
export async function savePlanAssignment(
  deps: Deps,
  actor: Actor,
  input: { company_id: number; plan_id: number; starts_at: Date; expired_at?: Date },
): Promise<AssignmentRecord> {
  const { db } = deps.database;
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, signatures: plans.signatures, days: plans.validityDays })
    .from(plans)
    .where(and(eq(plans.id, input.plan_id), eq(plans.status, 'active')));
  if (!plan)
    throw unprocessable('Revise los datos del paquete', { plan_id: 'El plan no existe o está inactivo' });
  if (input.company_id === PLATFORM_COMPANY_ID) {
    throw unprocessable('Revise los datos del paquete', {
      company_id: 'La empresa administradora de la plataforma no necesita paquetes',
    });
  }
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, input.company_id), isNull(companies.deletedAt)));
  if (!company) throw unprocessable('Revise los datos del paquete', { company_id: 'La empresa no existe' });
  const expiredAt = input.expired_at ?? new Date(input.starts_at.getTime() + plan.days * 86_400_000);
  if (expiredAt <= input.starts_at) {
    throw unprocessable('Revise los datos del paquete', {
      expired_at: 'La fecha de vencimiento debe ser posterior a la fecha de inicio',
    });
  }
  const now = deps.clock.now();
  const assignmentId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(planAssignments)
      .values({
        companyId: input.company_id,
        planId: plan.id,
        startsAt: input.starts_at,
        expiredAt,
        unitsTotal: plan.signatures,
        createdBy: actor.impersonatorUserId ?? actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: planAssignments.id });
    await tx.insert(packageTransactions).values({
      assignmentId: row!.id,
      units: plan.signatures ?? 0,
      kind: 'credit',
      reference: plan.signatures === null ? `plan:${plan.id}:ilimitado` : `plan:${plan.id}`,
      createdAt: now,
    });
    return row!.id;
  });
  return assignmentById(deps, assignmentId);
}

export type TransactionListInput = {
  assignment_id?: number;
  company_id?: number;
  kind?: 'consumption' | 'credit' | 'adjustment';
  page: number;
  itemsPerPage: number;
  sort?: SortKeyOf<typeof planEndpoints.listTransactions>;
  order?: 'ASC' | 'DESC';
};

const TRANSACTION_SORT = sortColumnsOf(planEndpoints.listTransactions, packageTransactions);

/** Unit movements of the packages the caller can see, by package or by company, newest first. */
export async function listTransactions(deps: Deps, actor: Actor, input: TransactionListInput) {
  const { db } = deps.database;
  const where = and(
    visibleAssignments(actor),
    input.assignment_id ? eq(packageTransactions.assignmentId, input.assignment_id) : undefined,
    input.company_id ? eq(planAssignments.companyId, input.company_id) : undefined,
    input.kind ? eq(packageTransactions.kind, input.kind) : undefined,
  );
  const base = () =>
    db
      .select({
        id: packageTransactions.id,
        assignmentId: packageTransactions.assignmentId,
        companyId: planAssignments.companyId,
        companyName: companies.fiscalName,
        planName: plans.name,
        units: packageTransactions.units,
        kind: packageTransactions.kind,
        reference: packageTransactions.reference,
        createdAt: packageTransactions.createdAt,
      })
      .from(packageTransactions)
      .innerJoin(planAssignments, eq(planAssignments.id, packageTransactions.assignmentId))
      .innerJoin(companies, eq(companies.id, planAssignments.companyId))
      .innerJoin(plans, eq(plans.id, planAssignments.planId));
  const [totalRow] = await db
    .select({ total: count() })
    .from(packageTransactions)
    .innerJoin(planAssignments, eq(planAssignments.id, packageTransactions.assignmentId))
    .where(where);
  const { limit, offset } = pageWindow(input);
  const order = input.order ?? (input.sort ? 'ASC' : 'DESC');
  const rows = await base()
    .where(where)
    .orderBy(...orderFor(TRANSACTION_SORT, packageTransactions.id, input.sort, 'id', order))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      assignment_id: row.assignmentId,
      company_id: row.companyId,
      company_name: row.companyName,
      plan_name: row.planName,
      units: row.units,
      kind: row.kind,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}
