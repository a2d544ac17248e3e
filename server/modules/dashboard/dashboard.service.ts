import { and, desc, eq, gt, gte, isNull, lt, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { bogotaDay } from '../../../contract/deadline.js';
import {
  DASHBOARD_EXPIRY_DAYS,
  DASHBOARD_REJECTIONS,
  DASHBOARD_TREND_MONTHS,
  type dashboardInfo,
  type dashboardMonth,
} from '../../../contract/endpoints/dashboard.js';
import { inIds } from '../../db/idArrays.js';
import {
  companies,
  planAssignments,
  requestMonthTotals,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { forbidden } from '../../errors.js';

export type DashboardInfo = z.output<typeof dashboardInfo>;
type DashboardMonth = z.output<typeof dashboardMonth>;

export const DASHBOARD_MESSAGES = {
  ownOnly: 'Solo puede consultar el panel de su propio usuario',
} as const;

const DAY_MS = 86_400_000;
/** Bogotá keeps UTC−5 all year. */
const BOGOTA_OFFSET_MS = 5 * 3_600_000;

/** The instant a Bogotá month starts: `monthsBack` months before the month of `today` (`AAAA-MM-DD`). */
function monthStart(today: string, monthsBack: number): Date {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - monthsBack, 1) + BOGOTA_OFFSET_MS);
}

/** `AAAA-MM`, first and last day of the Bogotá month starting at `start`. */
function monthOf(start: Date): Pick<DashboardMonth, 'month' | 'from' | 'to'> {
  const from = bogotaDay(start);
  const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1) + BOGOTA_OFFSET_MS);
  return { month: from.slice(0, 7), from, to: bogotaDay(new Date(next.getTime() - DAY_MS)) };
}

/** The caller's companies as a condition on `column`; none for the platform (every company). */
const scoped = (actor: Actor, column: SQLWrapper): SQL | undefined =>
  actor.visibleCompanyIds === 'all' ? undefined : inIds(column, actor.visibleCompanyIds);

const count = (filter?: SQL) =>
  filter ? sql<number>`(count(*) FILTER (WHERE ${filter}))::int` : sql<number>`count(*)::int`;

/** Requests counted in the monthly totals, of every status or those matching `filter`. */
const total = (filter?: SQL) =>
  filter
    ? sql<number>`coalesce(sum(${requestMonthTotals.requests}) FILTER (WHERE ${filter}), 0)::int`
    : sql<number>`coalesce(sum(${requestMonthTotals.requests}), 0)::int`;

/**
 * What the dashboard shows (SPEC §7.2 get_dashboard_info/{id}): the caller's company and its
 * branches, or every company for the platform. Only the caller's own id is answered: the id names
 * whose dashboard it is, never which companies it covers (that comes from the session).
 * Every figure is one aggregate over an indexed column, never rows counted in JavaScript.
 */
export async function getDashboardInfo(deps: Deps, actor: Actor, userId: number): Promise<DashboardInfo> {
  if (userId !== actor.userId) throw forbidden(DASHBOARD_MESSAGES.ownOnly);
  const { db } = deps.database;
  const now = deps.clock.now();
  const today = bogotaDay(now);
  const months = Array.from({ length: DASHBOARD_TREND_MONTHS }, (_, index) =>
    monthStart(today, DASHBOARD_TREND_MONTHS - 1 - index),
  );
  const requestScope = scoped(actor, signatureRequests.companyId);
  // A literal, not a parameter: the partial indexes on requests in progress must match it.
  const inProgress = sql`${signatureRequests.status} = 'in_progress'`;

  // Requests by the Bogotá month they were sent in and their status now, from the monthly totals
  // the database keeps (request_month_totals): a few rows per company whatever the number of requests.
  const totalsScope = scoped(actor, requestMonthTotals.companyId);
  const monthKey = sql<string>`to_char(${requestMonthTotals.month}, 'YYYY-MM')`;
  const trendQuery = db
    .select({
      month: monthKey,
      total: total(),
      in_progress: total(eq(requestMonthTotals.status, 'in_progress')),
      completed: total(eq(requestMonthTotals.status, 'completed')),
      rejected: total(eq(requestMonthTotals.status, 'rejected')),
      cancelled: total(eq(requestMonthTotals.status, 'cancelled')),
      expired: total(eq(requestMonthTotals.status, 'expired')),
    })
    .from(requestMonthTotals)
    .where(and(totalsScope, gte(requestMonthTotals.month, bogotaDay(months[0]!))))
    .groupBy(monthKey);
  // Requests in progress, and the signatures they still owe (signers and approvers who have not signed).
  const waitingQuery = db
    .select({
      requests: total(),
      signatures: sql<number>`coalesce(sum(${requestMonthTotals.signaturesWaiting}), 0)::int`,
    })
    .from(requestMonthTotals)
    .where(and(totalsScope, eq(requestMonthTotals.status, 'in_progress')));

  // Requests in progress that expire within the next days: how many (from the partial index
  // alone) and the first five (only their rows are read).
  const expiring = and(
    requestScope,
    inProgress,
    gte(signatureRequests.expiresAt, now),
    lt(signatureRequests.expiresAt, new Date(now.getTime() + DASHBOARD_EXPIRY_DAYS * DAY_MS)),
  );
  const expiringCountQuery = db.select({ count: count() }).from(signatureRequests).where(expiring);
  const expiringQuery = db
    .select({
      id: signatureRequests.id,
      title: signatureRequests.title,
      expiresAt: signatureRequests.expiresAt,
    })
    .from(signatureRequests)
    .where(expiring)
    .orderBy(signatureRequests.expiresAt, signatureRequests.id)
    .limit(5);

  const rejectionsQuery = db
    .select({
      requestId: signatureRequests.id,
      title: signatureRequests.title,
      companyName: companies.fiscalName,
      signerName: signatureRequestSigners.name,
      reason: signatureRequestSigners.rejectionReason,
      rejectedAt: signatureRequestSigners.rejectedAt,
    })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .innerJoin(companies, eq(companies.id, signatureRequestSigners.companyId))
    .where(
      and(
        scoped(actor, signatureRequestSigners.companyId),
        sql`${signatureRequestSigners.status} = 'rejected'`,
        sql`${signatureRequestSigners.rejectedAt} IS NOT NULL`,
      ),
    )
    .orderBy(desc(signatureRequestSigners.rejectedAt), desc(signatureRequestSigners.id))
    .limit(DASHBOARD_REJECTIONS);

  // Packages in force now; units left count only packages with units (an unlimited one has no end).
  const plansQuery = db
    .select({
      active: count(),
      unitsTotal: sql<number>`coalesce(sum(${planAssignments.unitsTotal}), 0)::bigint`,
      unitsLeft: sql<number>`coalesce(sum(greatest(${planAssignments.unitsTotal} - ${planAssignments.unitsUsed}, 0)), 0)::bigint`,
      unlimited: sql<boolean>`coalesce(bool_or(${planAssignments.unitsTotal} IS NULL), false)`,
      nearestExpiry: sql<string | null>`min(${planAssignments.expiredAt})`,
    })
    .from(planAssignments)
    .where(
      and(
        scoped(actor, planAssignments.companyId),
        lte(planAssignments.startsAt, now),
        gt(planAssignments.expiredAt, now),
      ),
    );

  const storageQuery = db
    .select({
      used: sql<number>`coalesce(sum(${companies.storageUsedBytes}), 0)::bigint`,
      capacity: sql<number>`coalesce(sum(${companies.storageCapacityBytes}), 0)::bigint`,
    })
    .from(companies)
    .where(and(scoped(actor, companies.id), isNull(companies.deletedAt)));

  // Independent aggregates: on a pool they run side by side.
  const [trendRows, [waiting], [expiringCount], expiringRows, rejectionRows, [plans], [storage]] =
    await Promise.all([
      trendQuery,
      waitingQuery,
      expiringCountQuery,
      expiringQuery,
      rejectionsQuery,
      plansQuery,
      storageQuery,
    ]);
  const counted = new Map(trendRows.map(({ month, ...counts }) => [month, counts]));
  const trend = months.map((start) => {
    const month = monthOf(start);
    const counts = counted.get(month.month);
    return {
      ...month,
      total: counts?.total ?? 0,
      in_progress: counts?.in_progress ?? 0,
      completed: counts?.completed ?? 0,
      rejected: counts?.rejected ?? 0,
      cancelled: counts?.cancelled ?? 0,
      expired: counts?.expired ?? 0,
    };
  });

  return {
    scope: actor.visibleCompanyIds === 'all' ? 'platform' : 'company',
    today,
    this_month: trend[trend.length - 1]!,
    trend,
    waiting: { requests: waiting?.requests ?? 0, signatures: waiting?.signatures ?? 0 },
    expiring: {
      days: DASHBOARD_EXPIRY_DAYS,
      count: expiringCount?.count ?? 0,
      items: expiringRows.map((row) => ({
        id: row.id,
        title: row.title,
        expires_at: row.expiresAt.toISOString(),
      })),
    },
    rejections: rejectionRows.map((row) => ({
      request_id: row.requestId,
      title: row.title,
      company_name: row.companyName,
      signer_name: row.signerName,
      reason: row.reason,
      rejected_at: row.rejectedAt!.toISOString(),
    })),
    plans: {
      active: plans?.active ?? 0,
      units_total: Number(plans?.unitsTotal ?? 0),
      units_left: Number(plans?.unitsLeft ?? 0),
      unlimited: Boolean(plans?.unlimited),
      nearest_expiry: plans?.nearestExpiry ? new Date(plans.nearestExpiry).toISOString() : null,
    },
    storage: { used_bytes: Number(storage?.used ?? 0), capacity_bytes: Number(storage?.capacity ?? 0) },
  };
}
