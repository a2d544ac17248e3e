import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CONTRACT_HISTORY_SORTS,
  contractHistoryRow,
  contractHistoryTotals,
} from '../../../contract/endpoints/reports.js';
import { queryRows } from '../../db/client.js';
import { intArrayLiteral } from '../../db/idArrays.js';
import { allOf, periodConditions } from '../../db/periodTotals.js';
import type { Actor, Deps } from '../../deps.js';
import { type PageInput, pageWindow } from '../common/listing.js';
import { requestColumns, type SignerParts } from './requestColumns.js';

export type ContractHistoryRow = z.output<typeof contractHistoryRow>;
export type ContractHistoryTotals = z.output<typeof contractHistoryTotals>;

/** Whose requests a report covers: the caller's company and its branches, or every company. */
export type ReportScope = 'company' | 'platform';

export type ReportFilters = {
  date_from?: string;
  date_to?: string;
  status?: ContractHistoryRow['status'];
  branch_id?: number;
  package_id?: number;
  created_by?: number;
  /** Platform report only: a top-level company and its branches. */
  company_id?: number;
};

export type ReportSort = { sort: (typeof CONTRACT_HISTORY_SORTS)[number]; order: 'ASC' | 'DESC' };

/** Days are Colombian days: "from 2026-11-23" starts at midnight COT. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00-05:00`);
const startOfNextDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** The columns a report's company and status filters read: the requests' own, or kept totals'. */
type ScopeColumns = { company: SQL; status: SQL };

/** A top-level company and its branches. */
const companyAndBranches = (company: SQL, companyId: number) =>
  sql`${company} IN (SELECT id FROM companies WHERE id = ${companyId} OR parent_id = ${companyId})`;

/** The companies of the caller's report: its own and its branches (the platform's too). */
function companyScope(actor: Actor, company: SQL): SQL {
  if (actor.visibleCompanyIds !== 'all') {
    return sql`${company} = ANY(${intArrayLiteral(actor.visibleCompanyIds)}::int[])`;
  }
  return companyAndBranches(company, actor.companyId);
}

/** The conditions of the company and status filters, over `columns`. */
function scopeConditions(actor: Actor, scope: ReportScope, filters: ReportFilters, columns: ScopeColumns) {
  const conditions: SQL[] = [];
  if (scope === 'company') conditions.push(companyScope(actor, columns.company));
  else if (filters.company_id) conditions.push(companyAndBranches(columns.company, filters.company_id));
  if (filters.branch_id) conditions.push(sql`${columns.company} = ${filters.branch_id}`);
  if (filters.status) conditions.push(sql`${columns.status} = ${filters.status}`);
  return conditions;
}

/** The WHERE over `signature_requests sr` alone, so the (company_id, created_at, id) indexes serve it. */
export function reportWhere(actor: Actor, scope: ReportScope, filters: ReportFilters): SQL {
  return allOf([
    ...scopeConditions(actor, scope, filters, { company: sql`sr.company_id`, status: sql`sr.status` }),
    filters.date_from ? sql`sr.created_at >= ${startOfDay(filters.date_from).toISOString()}` : undefined,
    filters.date_to ? sql`sr.created_at < ${startOfNextDay(filters.date_to).toISOString()}` : undefined,
    filters.package_id ? sql`sr.package_id = ${filters.package_id}` : undefined,
    filters.created_by ? sql`sr.created_by = ${filters.created_by}` : undefined,
  ]);
}

/**
 * The kept totals (`t`: status, requests, units) of the days the filters name, by month and by
 * day (server/db/periodTotals.ts).
 */
export function keptTotals(actor: Actor, scope: ReportScope, filters: ReportFilters): SQL {
  const kept = scopeConditions(actor, scope, filters, { company: sql`t.company_id`, status: sql`t.status` });
  const { months, days } = periodConditions(
    { from: filters.date_from, to: filters.date_to },
    sql`t.month`,
    sql`t.day`,
  );
  return sql`SELECT t.status, t.requests, t.units FROM request_month_totals t WHERE ${allOf([...kept, ...months])}
             UNION ALL
             SELECT t.status, t.requests, t.units FROM request_day_totals t WHERE ${allOf([...kept, ...days])}`;
}

const SORT_SQL: Record<ReportSort['sort'], SQL> = {
  created_at: sql`sr.created_at`,
  completed_at: sql`sr.completed_at`,
  expires_at: sql`sr.expires_at`,
  status: sql`sr.status`,
  title: sql`lower(sr.title)`,
};

function orderBy({ sort, order }: ReportSort): SQL {
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  // The id breaks ties in the same direction; requests not completed yet go last either way.
  // Only that column may be empty: NULLS LAST elsewhere would keep the indexes from giving the order.
  const nulls = sort === 'completed_at' ? sql` NULLS LAST` : sql``;
  return sql`${SORT_SQL[sort]} ${direction}${nulls}, sr.id ${direction}`;
}

type RawRow = {
  id: number;
  title: string;
  company_id: number;
  own_name: string;
  parent_name: string | null;
  package_id: number | null;
  package_name: string | null;
  created_by: number | null;
  creator_name: string | null;
  creator_last_name: string | null;
  status: ContractHistoryRow['status'];
  created_at: Date | string;
  completed_at: Date | string | null;
  expires_at: Date | string;
};

type SignerRow = {
  request_id: number;
  name: string;
  status: SignerParts[1];
  kind: string;
};

/** The report's columns, followed by the caller's WHERE (over `sr`), order and limit. */
const ROWS_SELECT = sql`
  SELECT sr.id, sr.title, sr.company_id, c.fiscal_name AS own_name, parent.fiscal_name AS parent_name,
         sr.package_id, dp.name AS package_name, sr.created_by, u.name AS creator_name,
         u.last_name AS creator_last_name, sr.status, sr.created_at, sr.completed_at, sr.expires_at
  FROM signature_requests sr
  JOIN companies c ON c.id = sr.company_id
  LEFT JOIN companies parent ON parent.id = c.parent_id
  LEFT JOIN document_packages dp ON dp.id = sr.package_id
  LEFT JOIN users u ON u.id = sr.created_by`;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The rows with their signers, read in one statement for the whole batch (a JSON aggregate per
 * row cost the export more than the rows themselves).
 */
async function withSigners(deps: Pick<Deps, 'database'>, raws: RawRow[]): Promise<ContractHistoryRow[]> {
  if (raws.length === 0) return [];
  const signers = await queryRows<SignerRow>(
    deps.database.db,
    sql`SELECT request_id, name, status, kind FROM signature_request_signers
        WHERE request_id = ANY(${intArrayLiteral(raws.map((raw) => Number(raw.id)))}::int[])
        ORDER BY request_id, number`,
  );
  const byRequest = new Map<number, SignerRow[]>();
  for (const signer of signers) {
    const id = Number(signer.request_id);
    const list = byRequest.get(id);
    if (list) list.push(signer);
    else byRequest.set(id, [signer]);
  }
  return raws.map((raw) => toRow(raw, byRequest.get(Number(raw.id)) ?? []));
}

function toRow(raw: RawRow, list: SignerRow[]): ContractHistoryRow {
  return {
    ...requestColumns({
      id: Number(raw.id),
      title: raw.title,
      companyId: Number(raw.company_id),
      ownName: raw.own_name,
      parentName: raw.parent_name,
      packageId: raw.package_id === null ? null : Number(raw.package_id),
      packageName: raw.package_name,
      createdBy: raw.created_by === null ? null : Number(raw.created_by),
      creatorName: raw.creator_name,
      creatorLastName: raw.creator_last_name,
      status: raw.status,
      signers: list.map((signer) => [signer.name, signer.status, signer.kind] as const),
    }),
    created_at: iso(raw.created_at),
    sent_at: iso(raw.created_at),
    completed_at: raw.completed_at ? iso(raw.completed_at) : null,
    expires_at: iso(raw.expires_at),
  };
}

type TotalsRow = Record<keyof ContractHistoryTotals, number | string | null>;

/** Requests counted by status, as sums of `counted` (a count per row, or a daily total). */
const statusTotals = (counted: SQL, status: SQL, units: SQL) => sql`
  SELECT ${counted} AS requests,
         ${counted} FILTER (WHERE ${status} = 'in_progress') AS in_progress,
         ${counted} FILTER (WHERE ${status} = 'completed') AS completed,
         ${counted} FILTER (WHERE ${status} = 'rejected') AS rejected,
         ${counted} FILTER (WHERE ${status} = 'cancelled') AS cancelled,
         ${counted} FILTER (WHERE ${status} = 'expired') AS expired,
         ${units} AS units`;

/**
 * Counts by status and units of every matching request, in SQL aggregates: from the totals the
 * database keeps by day and month (keptTotals) when the filters are companies, status and days, from
 * the requests themselves when they name a group or a sender.
 */
async function totalsOf(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  scope: ReportScope,
  filters: ReportFilters,
): Promise<ContractHistoryTotals> {
  const query =
    filters.package_id || filters.created_by
      ? sql`${statusTotals(sql`count(*)`, sql`sr.status`, sql`sum(sr.units)`)}
          FROM signature_requests sr WHERE ${reportWhere(actor, scope, filters)}`
      : sql`${statusTotals(sql`sum(t.requests)`, sql`t.status`, sql`sum(t.units)`)}
          FROM (${keptTotals(actor, scope, filters)}) t`;
  const [row] = await queryRows<TotalsRow>(deps.database.db, query);
  const number = (key: keyof ContractHistoryTotals) => Number(row?.[key] ?? 0);
  return {
    requests: number('requests'),
    units: number('units'),
    in_progress: number('in_progress'),
    completed: number('completed'),
    rejected: number('rejected'),
    cancelled: number('cancelled'),
    expired: number('expired'),
  };
}

/** One page of the contract history, sorted, with the totals of everything that matches. */
export async function contractHistoryPage(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  scope: ReportScope,
  input: ReportFilters & ReportSort & PageInput,
): Promise<{ items: ContractHistoryRow[]; total: number; totals: ContractHistoryTotals }> {
  const where = reportWhere(actor, scope, input);
  const { limit, offset } = pageWindow(input);
  const [totals, ids] = await Promise.all([
    totalsOf(deps, actor, scope, input),
    queryRows<{ id: number }>(
      deps.database.db,
      sql`SELECT sr.id FROM signature_requests sr WHERE ${where} ORDER BY ${orderBy(input)} LIMIT ${limit} OFFSET ${offset}`,
    ),
  ]);
  const order = ids.map((row) => Number(row.id));
  const rows =
    order.length === 0
      ? []
      : await queryRows<RawRow>(
          deps.database.db,
          sql`${ROWS_SELECT} WHERE sr.id = ANY(${intArrayLiteral(order)}::int[])`,
        );
  const byId = new Map((await withSigners(deps, rows)).map((row) => [row.id, row]));
  return { items: order.flatMap((id) => byId.get(id) ?? []), total: totals.requests, totals };
}
