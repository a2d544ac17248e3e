import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requestHistory, type requestSummary } from '../../../contract/endpoints/requestHistory.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import type { Db } from '../../db/client.js';
import { inIds } from '../../db/idArrays.js';
import { preparedByIds } from '../../db/preparedByIds.js';
import {
  companies,
  documentPackages,
  signatureRequestSigners,
  signatureRequests,
  signerSearchDocument,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { COUNT_AHEAD, listPage, type PageInput, pageWindow } from '../../modules/common/listing.js';
import { sortColumnsOf } from '../../modules/common/listSorts.js';
import { requestIdIn, resolveSignerFilter, typedWordsQuery } from './signerSearch.js';

export type RequestSummary = z.output<typeof requestSummary>;

export type HistoryFilters = {
  company_id?: number;
  status?: RequestSummary['status'];
  date_from?: string;
  date_to?: string;
  signer?: string;
  package_id?: number;
  created_by?: number;
  /** The requests the signer filter matched, when `resolveSignerFilter` found few enough. */
  signerRequestIds?: readonly number[];
};

export type HistorySort = {
  sort: SortKeyOf<typeof requestHistory.listSignatureRequests>;
  order: 'ASC' | 'DESC';
};

export const HISTORY_MESSAGES = {
  notFound: 'La solicitud de firma no existe',
} as const;

/** Days are Colombian days: a filter "from 2026-11-23" starts at midnight COT. */
const COT_OFFSET = '-05:00';
const startOfDay = (day: string) => new Date(`${day}T00:00:00${COT_OFFSET}`);
const startOfNextDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** The WHERE of the history: the caller's companies (or one of them) and the filters. */
export function historyWhere(actor: Actor, filters: HistoryFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.company_id) conditions.push(eq(signatureRequests.companyId, filters.company_id));
  else if (actor.visibleCompanyIds !== 'all') {
    conditions.push(inIds(signatureRequests.companyId, actor.visibleCompanyIds));
  }
  if (filters.status) conditions.push(eq(signatureRequests.status, filters.status));
  if (filters.date_from) conditions.push(gte(signatureRequests.createdAt, startOfDay(filters.date_from)));
  if (filters.date_to) conditions.push(lt(signatureRequests.createdAt, startOfNextDay(filters.date_to)));
  if (filters.package_id) conditions.push(eq(signatureRequests.packageId, filters.package_id));
  if (filters.created_by) conditions.push(eq(signatureRequests.createdBy, filters.created_by));
  const signerQuery = typedWordsQuery(filters.signer ?? '');
  if (filters.signerRequestIds) conditions.push(requestIdIn(filters.signerRequestIds));
  else if (signerQuery) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${signatureRequestSigners} WHERE ${signatureRequestSigners.requestId} = ${signatureRequests.id}
        AND ${signerSearchDocument(signatureRequestSigners)} @@ to_tsquery('simple', ${signerQuery}))`,
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS = sortColumnsOf(requestHistory.listSignatureRequests, signatureRequests, {
  title: sql`lower(${signatureRequests.title})`,
});

function orderOf({ sort, order }: HistorySort): SQL {
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  // The id breaks ties in the same direction, so the (company_id, created_at, id) index serves it.
  return sql`${SORT_COLUMNS[sort]} ${direction}, ${signatureRequests.id} ${direction}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type SummarySigner = { id: number; name: string; email: string; status: string; kind: string };

/**
 * The requests with their names and their signers in order, in one statement: the signers come as
 * a JSON array from a correlated subquery (a second statement cost each page ~1 ms of PGlite's
 * parse and plan).
 */
const summaryRowsByIds = preparedByIds('history_summaries_by_ids', (db, ids) =>
  db
    .select({
      id: signatureRequests.id,
      companyId: signatureRequests.companyId,
      title: signatureRequests.title,
      source: signatureRequests.source,
      status: signatureRequests.status,
      packageId: signatureRequests.packageId,
      createdBy: signatureRequests.createdBy,
      sealStatus: signatureRequests.sealStatus,
      createdAt: signatureRequests.createdAt,
      expiresAt: signatureRequests.expiresAt,
      completedAt: signatureRequests.completedAt,
      companyName: companies.fiscalName,
      packageName: documentPackages.name,
      creatorName: users.name,
      creatorLastName: users.lastName,
      signers: sql<SummarySigner[]>`(SELECT coalesce(json_agg(json_build_object(
          'id', ${signatureRequestSigners.id}, 'name', ${signatureRequestSigners.name},
          'email', ${signatureRequestSigners.email}, 'status', ${signatureRequestSigners.status},
          'kind', ${signatureRequestSigners.kind}) ORDER BY ${signatureRequestSigners.number}), '[]'::json)
        FROM ${signatureRequestSigners} WHERE ${signatureRequestSigners.requestId} = ${signatureRequests.id})`,
    })
    .from(signatureRequests)
    .innerJoin(companies, eq(companies.id, signatureRequests.companyId))
    .leftJoin(documentPackages, eq(documentPackages.id, signatureRequests.packageId))
    .leftJoin(users, eq(users.id, signatureRequests.createdBy))
    .where(sql`${signatureRequests.id} = ANY(${ids})`),
);

/** Full summaries of the given requests (any order; callers re-order). */
export async function summariesOf(db: Db, ids: number[]): Promise<RequestSummary[]> {
  return (await summaryRowsByIds(db, ids)).map(toSummary);
}

type SummaryRow = Awaited<ReturnType<typeof summaryRowsByIds>>[number];

function toSummary(row: SummaryRow): RequestSummary {
  const signing = row.signers.filter((signer) => signer.kind !== 'copy');
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    title: row.title,
    source: row.source,
    status: row.status,
    package_id: row.packageId,
    package_name: row.packageName,
    created_by: row.createdBy,
    creator_name: row.creatorName ? [row.creatorName, row.creatorLastName].filter(Boolean).join(' ') : null,
    signers: row.signers.map(({ id, name, email, status }) => ({
      id,
      name,
      email,
      status: status as RequestSummary['signers'][number]['status'],
    })),
    signed_count: signing.filter((signer) => signer.status === 'signed').length,
    signer_count: signing.length,
    seal_status: row.sealStatus,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    completed_at: iso(row.completedAt),
  };
}

export async function summaryOf(db: Db, requestId: number): Promise<RequestSummary> {
  const [summary] = await summariesOf(db, [requestId]);
  if (!summary) throw notFound(HISTORY_MESSAGES.notFound);
  return summary;
}

/** One page of the history, newest first by default, with its total. */
export async function listRequests(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  query: PageInput & HistoryFilters & HistorySort,
) {
  const { db } = deps.database;
  const input = await resolveSignerFilter(db, actor, query);
  return listPage({
    db,
    page: input,
    ordered: orderedIdsQuery(actor, input),
    recordsByIds: summaryRowsByIds,
    toItem: toSummary,
    estimateTable: historyWhere(actor, input) ? undefined : 'signature_requests',
  });
}

/**
 * The matching ids in the list's order, for `listPage` to cut the page from. A company with
 * branches sees several companies: one ordered query per company, each walking its own part of
 * the (company_id, created_at, id) index and stopping after the rows any page up to this one can
 * use, merged by PostgreSQL, instead of sorting every request of all of them.
 */
function orderedIdsQuery(actor: Actor, input: PageInput & HistoryFilters & HistorySort): SQL {
  const companies = input.company_id || actor.visibleCompanyIds === 'all' ? [] : [...actor.visibleCompanyIds];
  if (companies.length < 2 || companies.length > 50) {
    const where = historyWhere(actor, input);
    return sql`SELECT ${signatureRequests.id} AS id FROM ${signatureRequests} ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY ${orderOf(input)}`;
  }
  const { limit, offset } = pageWindow(input);
  const direction = input.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const perCompany = companies.map(
    (companyId) =>
      sql`(SELECT ${signatureRequests.id} AS id, ${SORT_COLUMNS[input.sort]} AS sort_key FROM ${signatureRequests}
        WHERE ${historyWhere(actor, { ...input, company_id: companyId })}
        ORDER BY ${orderOf(input)} LIMIT ${offset + limit + COUNT_AHEAD})`,
  );
  return sql`SELECT id FROM (${sql.join(perCompany, sql` UNION ALL `)}) AS candidates
    ORDER BY sort_key ${direction}, id ${direction}`;
}

/**
 * Every request matching the filters in batches of `size`, for exports: keyset pagination on the
 * id, newest first (ids grow with time), so memory stays flat however many rows there are.
 */
export async function* historyBatches(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  filters: HistoryFilters,
  size = 500,
): AsyncGenerator<RequestSummary[]> {
  const { db } = deps.database;
  const resolved = await resolveSignerFilter(db, actor, filters);
  let afterId: number | undefined;
  for (;;) {
    const rows = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(historyWhere(actor, resolved), afterId ? lt(signatureRequests.id, afterId) : undefined))
      .orderBy(desc(signatureRequests.id))
      .limit(size);
    if (rows.length === 0) return;
    const summaries = await summariesOf(
      db,
      rows.map((row) => row.id),
    );
    const byId = new Map(summaries.map((summary) => [summary.id, summary]));
    yield rows.flatMap((row) => byId.get(row.id) ?? []);
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}
