import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { downloadLogFilters, downloadLogRecord } from '../../../contract/endpoints/downloadLogs.js';
import {
  companies,
  signatureDownloadLogs,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { likePattern, listTotal, pageWindow } from '../../modules/common/listing.js';

export type DownloadLog = z.output<typeof downloadLogRecord>;
export type DownloadLogFilters = z.output<typeof downloadLogFilters>;

const log = signatureDownloadLogs;

/**
 * How a file was taken, from what the row records: a ZIP of requests; a user of the company (the
 * sender's side); a signer through their link (no user); otherwise a server-to-server client.
 */
const howOf = (row: {
  action: string;
  userId: number | null;
  signerId: number | null;
}): DownloadLog['how'] =>
  row.action === 'zip' ? 'zip' : row.userId !== null ? 'sender' : row.signerId !== null ? 'signer' : 'api';

function howCondition(how: DownloadLog['how'] | undefined): SQL | undefined {
  if (how === 'zip') return eq(log.kind, 'zip');
  const notZip = sql`${log.kind} <> 'zip'`;
  if (how === 'sender') return and(notZip, isNotNull(log.userId));
  if (how === 'signer') return and(notZip, isNull(log.userId), isNotNull(log.signerId));
  if (how === 'api') return and(notZip, isNull(log.userId), isNull(log.signerId));
  return undefined;
}

const columns = {
  id: log.id,
  companyId: log.companyId,
  companyName: companies.fiscalName,
  requestId: log.requestId,
  requestTitle: signatureRequests.title,
  documentId: log.documentId,
  documentName: signatureRequestDocuments.name,
  action: log.kind,
  userId: log.userId,
  signerId: log.signerId,
  userName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.lastName})), '')`,
  userEmail: users.email,
  signerName: signatureRequestSigners.name,
  signerEmail: signatureRequestSigners.email,
  ip: sql<string | null>`host(${log.ip})`,
  userAgent: log.userAgent,
  at: log.at,
};

const joined = (deps: Deps) =>
  deps.database.db
    .select(columns)
    .from(log)
    .innerJoin(companies, eq(companies.id, log.companyId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, log.requestId))
    .leftJoin(signatureRequestDocuments, eq(signatureRequestDocuments.id, log.documentId))
    .leftJoin(users, eq(users.id, log.userId))
    .leftJoin(signatureRequestSigners, eq(signatureRequestSigners.id, log.signerId));

type Row = Awaited<ReturnType<typeof joined>>[number];

function toRecord(row: Row): DownloadLog {
  const bySigner = row.userId === null;
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    request_id: row.requestId,
    request_title: row.requestTitle,
    document_id: row.documentId,
    document_name: row.documentName,
    how: howOf(row),
    action: row.action,
    who: bySigner ? row.signerName : (row.userName ?? row.userEmail),
    who_email: bySigner ? row.signerEmail : row.userEmail,
    user_id: row.userId,
    signer_id: row.signerId,
    ip: row.ip,
    user_agent: row.userAgent,
    at: row.at.toISOString(),
  };
}

function filtersWhere(actor: Actor, filters: DownloadLogFilters): SQL | undefined {
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  return and(
    actor.visibleCompanyIds === 'all' ? undefined : inArray(log.companyId, [...actor.visibleCompanyIds]),
    filters.company_id ? eq(log.companyId, filters.company_id) : undefined,
    filters.request_id ? eq(log.requestId, filters.request_id) : undefined,
    howCondition(filters.how),
    filters.date_from ? gte(log.at, filters.date_from) : undefined,
    filters.date_to ? lt(log.at, filters.date_to) : undefined,
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(sql`concat_ws(' ', ${users.name}, ${users.lastName})`, pattern),
          ilike(signatureRequestSigners.email, pattern),
          ilike(signatureRequestSigners.name, pattern),
        )
      : undefined,
  );
}

/** Downloads of the companies the caller sees, newest first, a page at a time. */
export async function listDownloadLogs(
  deps: Deps,
  actor: Actor,
  input: DownloadLogFilters & { page: number; itemsPerPage: number; order?: 'ASC' | 'DESC' },
): Promise<{ items: DownloadLog[]; total: number }> {
  const where = filtersWhere(actor, input);
  const direction = input.order === 'ASC' ? asc : desc;
  const { limit, offset } = pageWindow(input);
  const rows = await joined(deps)
    .where(where)
    .orderBy(direction(log.at), direction(log.id))
    .limit(limit)
    .offset(offset);
  // The search reads names, so the count joins them only then.
  const base = deps.database.db.select({ id: log.id }).from(log);
  const matches = input.search
    ? base
        .leftJoin(users, eq(users.id, log.userId))
        .leftJoin(signatureRequestSigners, eq(signatureRequestSigners.id, log.signerId))
        .where(where)
    : base.where(where);
  return { items: rows.map(toRecord), total: await listTotal(deps.database.db, matches, input) };
}

/** Every matching download in id order, a batch at a time (the streamed export). */
export function downloadLogBatchFetcher(deps: Deps, actor: Actor, filters: DownloadLogFilters) {
  return async (lastId: number, size: number) => {
    const rows = await joined(deps)
      .where(and(filtersWhere(actor, filters), gt(log.id, lastId)))
      .orderBy(log.id)
      .limit(size);
    return rows.map(toRecord);
  };
}
