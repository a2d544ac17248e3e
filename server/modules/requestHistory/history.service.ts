import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LIST_SORTS, requestSummary } from '../../../contract/endpoints/requestHistory.js';
import type { Db } from '../../db/client.js';
import { preparedByIds } from '../../db/preparedByIds.js';
import {
  companies,
  documentPackages,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { COUNT_AHEAD, likePattern, listPage, type PageInput, pageWindow } from '../common/listing.js';

export type RequestSummary = z.output<typeof requestSummary>;

export type HistoryFilters = {
  company_id?: number;
  status?: RequestSummary['status'];
  date_from?: string;
  date_to?: string;
  signer?: string;
  package_id?: number;
  created_by?: number;
};

export type HistorySort = { sort: (typeof LIST_SORTS)[number]; order: 'ASC' | 'DESC' };

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
    conditions.push(inArray(signatureRequests.companyId, [...actor.visibleCompanyIds]));
  }
  if (filters.status) conditions.push(eq(signatureRequests.status, filters.status));
  if (filters.date_from) conditions.push(gte(signatureRequests.createdAt, startOfDay(filters.date_from)));
  if (filters.date_to) conditions.push(lt(signatureRequests.createdAt, startOfNextDay(filters.date_to)));
  if (filters.package_id) conditions.push(eq(signatureRequests.packageId, filters.package_id));
  if (filters.created_by) conditions.push(eq(signatureRequests.createdBy, filters.created_by));
  if (filters.signer) {
    const pattern = likePattern(filters.signer.toLowerCase());
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${signatureRequestSigners} WHERE ${signatureRequestSigners.requestId} = ${signatureRequests.id}
        AND (lower(${signatureRequestSigners.name}) LIKE ${pattern} OR lower(${signatureRequestSigners.email}) LIKE ${pattern}))`,
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS = {
  created_at: signatureRequests.createdAt,
  expires_at: signatureRequests.expiresAt,
  title: sql`lower(${signatureRequests.title})`,
  status: signatureRequests.status,
} as const;

function orderOf({ sort, order }: HistorySort): SQL {
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  // The id breaks ties in the same direction, so the (company_id, created_at, id) index serves it.
  return sql`${SORT_COLUMNS[sort]} ${direction}, ${signatureRequests.id} ${direction}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const requestRowsByIds = preparedByIds('history_requests_by_ids', (db, ids) =>
  db
    .select({
      request: signatureRequests,
      companyName: companies.fiscalName,
      packageName: documentPackages.name,
      creatorName: users.name,
      creatorLastName: users.lastName,
    })
    .from(signatureRequests)
    .innerJoin(companies, eq(companies.id, signatureRequests.companyId))
    .leftJoin(documentPackages, eq(documentPackages.id, signatureRequests.packageId))
    .leftJoin(users, eq(users.id, signatureRequests.createdBy))
    .where(sql`${signatureRequests.id} = ANY(${ids})`),
);

const signersByRequestIds = preparedByIds('history_signers_by_request_ids', (db, ids) =>
  db
    .select({
      id: signatureRequestSigners.id,
      requestId: signatureRequestSigners.requestId,
      name: signatureRequestSigners.name,
      email: signatureRequestSigners.email,
      status: signatureRequestSigners.status,
      kind: signatureRequestSigners.kind,
    })
    .from(signatureRequestSigners)
    .where(sql`${signatureRequestSigners.requestId} = ANY(${ids})`)
    .orderBy(asc(signatureRequestSigners.requestId), asc(signatureRequestSigners.number)),
);

/** Full summaries of the given requests (any order; callers re-order). */
export async function summariesOf(db: Db, ids: number[]): Promise<RequestSummary[]> {
  if (ids.length === 0) return [];
  const [rows, signers] = [await requestRowsByIds(db, ids), await signersByRequestIds(db, ids)];
  return rows.map(({ request, companyName, packageName, creatorName, creatorLastName }) => {
    const own = signers.filter((signer) => signer.requestId === request.id);
    const signing = own.filter((signer) => signer.kind !== 'copy');
    return {
      id: request.id,
      company_id: request.companyId,
      company_name: companyName,
      title: request.title,
      source: request.source,
      status: request.status,
      package_id: request.packageId,
      package_name: packageName,
      created_by: request.createdBy,
      creator_name: creatorName ? [creatorName, creatorLastName].filter(Boolean).join(' ') : null,
      signers: own.map(({ id, name, email, status }) => ({ id, name, email, status })),
      signed_count: signing.filter((signer) => signer.status === 'signed').length,
      signer_count: signing.length,
      seal_status: request.sealStatus,
      created_at: request.createdAt.toISOString(),
      expires_at: request.expiresAt.toISOString(),
      completed_at: iso(request.completedAt),
    };
  });
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
  input: PageInput & HistoryFilters & HistorySort,
) {
  const { db } = deps.database;
  return listPage({
    db,
    page: input,
    ordered: orderedIdsQuery(actor, input),
    records: async (ids) => summariesOf(db, ids),
    toItem: (summary) => summary,
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
  let afterId: number | undefined;
  for (;;) {
    const rows = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(historyWhere(actor, filters), afterId ? lt(signatureRequests.id, afterId) : undefined))
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
