import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import type { Actor, Deps } from '../../deps.js';
import {
  type ContractHistoryRow,
  type ReportFilters,
  type ReportScope,
  reportWhere,
} from './reports.service.js';
import { type RequestColumns, requestColumns, type SignerParts } from './requestColumns.js';

/** A request as the export writes it: the report's row with its moments as dates. */
export type ContractHistoryExportRow = RequestColumns & {
  created_at: Date;
  sent_at: Date;
  completed_at: Date | null;
  expires_at: Date;
};

/** A batch row in `json_build_array` order (moments in epoch milliseconds, signers last). */
type BatchLine = [
  id: number,
  title: string,
  companyId: number,
  ownName: string,
  parentName: string | null,
  packageId: number | null,
  packageName: string | null,
  createdBy: number | null,
  creatorName: string | null,
  creatorLastName: string | null,
  status: ContractHistoryRow['status'],
  createdAt: number,
  completedAt: number | null,
  expiresAt: number,
  signers: SignerParts[] | null,
];

// Whole milliseconds, cut as JavaScript cuts the microseconds PostgreSQL keeps.
const epochMs = (column: SQL) => sql`floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/**
 * One batch of the export as one text of JSON lines, a line per request: the requests before
 * `before` (keyset on the id, newest first), each with its signers in order, plus their count and
 * the last id. Three values per batch instead of one per cell: PGlite copies every value it
 * returns into a buffer of its own, and at 100,000 rows that copying cost more than the queries.
 */
const batchQuery = (where: SQL, before: number | null, size: number) => sql`
  SELECT count(*)::int AS count, min(sr.id) AS last_id,
         string_agg(json_build_array(
           sr.id, sr.title, sr.company_id, c.fiscal_name, parent.fiscal_name, sr.package_id, dp.name,
           sr.created_by, u.name, u.last_name, sr.status,
           ${epochMs(sql`sr.created_at`)}, ${epochMs(sql`sr.completed_at`)}, ${epochMs(sql`sr.expires_at`)},
           (SELECT json_agg(json_build_array(s.name, s.status, s.kind) ORDER BY s.number)
              FROM signature_request_signers s WHERE s.request_id = sr.id)
         )::text, E'\n' ORDER BY sr.id DESC) AS lines
  FROM (
    -- Straight down the id index.
    SELECT sr.id, sr.title, sr.company_id, sr.package_id, sr.created_by, sr.status, sr.created_at,
           sr.completed_at, sr.expires_at
    FROM signature_requests sr WHERE ${where} ${before === null ? sql`` : sql`AND sr.id < ${before}`}
    ORDER BY sr.id DESC LIMIT ${size}
  ) sr
  JOIN companies c ON c.id = sr.company_id
  LEFT JOIN companies parent ON parent.id = c.parent_id
  LEFT JOIN document_packages dp ON dp.id = sr.package_id
  LEFT JOIN users u ON u.id = sr.created_by`;

type ExportBatch = { count: number; lastId: number; lines: Buffer };

/**
 * A batch's JSON lines as bytes: the text PGlite returns would outlive the young generation's
 * collections while its rows are written, piling up as old garbage; bytes live outside the heap.
 * Nothing but the bytes leaves this function, so no suspended frame keeps the text.
 */
async function exportBatch(
  deps: Pick<Deps, 'database'>,
  where: SQL,
  before: number | null,
  size: number,
): Promise<ExportBatch | null> {
  const [batch] = await queryRows<{ count: number; last_id: number | null; lines: string | null }>(
    deps.database.db,
    batchQuery(where, before, size),
  );
  if (!batch?.lines || batch.last_id === null) return null;
  return {
    count: Number(batch.count),
    lastId: Number(batch.last_id),
    lines: Buffer.from(batch.lines, 'utf8'),
  };
}

/** The rows of a batch, each parsed from its line only when it is written (short-lived garbage). */
function* exportRowsOf(lines: Buffer): Generator<ContractHistoryExportRow> {
  // JSON escapes line breaks inside values: every raw one ends a line.
  for (let start = 0; start < lines.length; ) {
    const end = lines.indexOf(10, start);
    const stop = end === -1 ? lines.length : end;
    yield toExportRow(JSON.parse(lines.toString('utf8', start, stop)) as BatchLine);
    start = stop + 1;
  }
}

function toExportRow(line: BatchLine): ContractHistoryExportRow {
  const [id, title, companyId, ownName, parentName, packageId, packageName, createdBy] = line;
  const [, , , , , , , , creatorName, creatorLastName, status, createdAt, completedAt, expiresAt] = line;
  return {
    ...requestColumns({
      id,
      title,
      companyId,
      ownName,
      parentName,
      packageId,
      packageName,
      createdBy,
      creatorName,
      creatorLastName,
      status,
      signers: line[14] ?? [],
    }),
    created_at: new Date(createdAt),
    sent_at: new Date(createdAt),
    completed_at: completedAt === null ? null : new Date(completedAt),
    expires_at: new Date(expiresAt),
  };
}

/**
 * Every matching request, newest first, `size` at a time (keyset on the id: ids grow with time),
 * one statement per batch: memory stays flat however many rows the export has.
 */
export async function* contractHistoryBatches(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  scope: ReportScope,
  filters: ReportFilters,
  size = 1000,
): AsyncGenerator<Iterable<ContractHistoryExportRow>> {
  const where = reportWhere(actor, scope, filters);
  let before: number | null = null;
  for (;;) {
    const batch = await exportBatch(deps, where, before, size);
    if (!batch) return;
    yield exportRowsOf(batch.lines);
    before = batch.lastId;
    if (batch.count < size) return;
  }
}
