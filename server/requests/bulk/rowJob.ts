import { and, eq, inArray, sql } from 'drizzle-orm';
import { deadlineInDays } from '../../../contract/deadline.js';
import type { Db } from '../../db/client.js';
import { signatureRequestBatches, signatureRequestBatchRows } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { documentFailureReason, RenderFailure } from '../../documents/index.js';
import { HttpProblem } from '../../errors.js';
import type { JobRecord } from '../../jobs/queue.js';
import type { TemplateVersionCache } from '../core/create.js';
import { announceRequestSent } from '../core/sent.js';
import { BULK_ROW_JOB, BULK_ROWS_JOB } from './batches.service.js';
import { type BatchRow, settingsOf } from './batchRecords.js';
import type { BulkRequestInput, RequestCore } from './requestCore.js';
import { normaliseRow } from './rowValidation.js';
import { type SheetColumn, sheetColumns, signerHeader } from './sheetColumns.js';

const FAILED_UNEXPECTEDLY = 'No fue posible generar la solicitud de esta fila; intente enviarla de nuevo';

/** What the sender reads on a row its last attempt could not send. */
const lastFailure = (error: unknown) =>
  error instanceof RenderFailure ? documentFailureReason(error) : FAILED_UNEXPECTEDLY;

type RowRecord = typeof signatureRequestBatchRows.$inferSelect;

/** The request a row asks for: the group's templates merged with the row, its signers in order. */
export function rowRequest(
  batch: BatchRow,
  row: RowRecord,
  columns: readonly SheetColumn[],
  now: Date,
): BulkRequestInput {
  const settings = settingsOf(batch);
  const { plan } = settings;
  const values = normaliseRow(columns, row.values as Record<string, string>);
  const fieldValues: Record<string, string> = {};
  for (const column of columns)
    if (column.kind === 'field' && values[column.header]) fieldValues[column.header] = values[column.header]!;
  const optional = (text: string | undefined) => (text ? text : undefined);
  return {
    companyId: batch.companyId,
    createdBy: batch.createdBy,
    source: 'bulk',
    packageId: batch.packageId ?? undefined,
    title: plan.packageName,
    message: settings.message,
    signingOrder: settings.signing_order ?? plan.signingOrder,
    expiresAt: deadlineInDays(now, settings.expiry_days ?? plan.expiryDays),
    reminderDays: settings.reminder_days !== undefined ? settings.reminder_days : plan.reminderDays,
    batchId: batch.id,
    linksByCompany: batch.linksByCompany,
    documents: plan.documents.map((document) => ({
      kind: 'template',
      templateVersionId: document.templateVersionId,
      name: document.name,
      values: fieldValues,
    })),
    signers: plan.signers.map((signer) => ({
      number: signer.number,
      kind: signer.kind,
      name: values[signerHeader(signer.number, 'name')]!,
      email: values[signerHeader(signer.number, 'email')]!,
      phone: optional(values[signerHeader(signer.number, 'phone')]),
      idType: optional(values[signerHeader(signer.number, 'id_type')]),
      idNumber: optional(values[signerHeader(signer.number, 'id_number')]),
      authentication: signer.authentication,
    })),
    // Per row, so a retried row writes over its own files instead of leaving orphans.
    storagePrefix: `companies/${batch.companyId}/batches/${batch.id}/rows/${row.rowNumber}`,
  };
}

/**
 * Closes the batch when no row is left queued. The batch row is locked first, so that of two rows
 * finishing at once the later one sees the earlier one's commit and closes it. NO KEY UPDATE, not
 * UPDATE: each request inserted for the batch holds a KEY SHARE lock on this row (its foreign key),
 * and two transactions upgrading those to UPDATE deadlocked each other in a cluster.
 */
async function finishBatchIfDone(tx: Db, batchId: number, now: Date): Promise<void> {
  await tx
    .select({ id: signatureRequestBatches.id })
    .from(signatureRequestBatches)
    .where(eq(signatureRequestBatches.id, batchId))
    .for('no key update');
  await tx
    .update(signatureRequestBatches)
    .set({ status: 'done', finishedAt: now })
    .where(
      and(
        eq(signatureRequestBatches.id, batchId),
        eq(signatureRequestBatches.status, 'sending'),
        sql`NOT EXISTS (SELECT 1 FROM signature_request_batch_rows
                        WHERE batch_id = ${batchId} AND status = 'queued')`,
      ),
    );
}

async function markFailed(deps: Deps, rows: readonly RowRecord[], failure: string): Promise<void> {
  if (rows.length === 0) return;
  await deps.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(signatureRequestBatchRows)
      .set({ status: 'failed', failure })
      .where(
        and(
          inArray(
            signatureRequestBatchRows.id,
            rows.map((row) => row.id),
          ),
          eq(signatureRequestBatchRows.status, 'queued'),
        ),
      )
      .returning({ id: signatureRequestBatchRows.id });
    if (updated.length > 0) await finishBatchIfDone(tx, rows[0]!.batchId, deps.clock.now());
  });
}

const isPending = (row: Pick<RowRecord, 'requestId' | 'status'>) =>
  row.requestId === null && row.status === 'queued';

/** One `bulk.row` job: a single row (see `runBulkRows`). */
export function runBulkRow<Prepared>(
  deps: Deps,
  core: RequestCore<Prepared>,
  rowId: number,
  job?: JobRecord,
): Promise<void> {
  return runBulkRows(deps, core, [rowId], job);
}

/**
 * One `bulk.rows` job: rows of one batch. Their documents are rendered and stored outside any
 * transaction (the template read once for all), then ONE transaction locks the rows, skips those
 * that already have their request, creates the requests of the others (units, documents, signers,
 * events, first invitations queued) and marks them sent. A crash anywhere leaves either nothing
 * or everything, and the retry finds the rows done: a row becomes a request exactly once. A
 * refusal with a reason (no plan units, a template that cannot be filled) fails only its row with
 * that reason; any other error retries the job, and on the last attempt each row is tried alone,
 * so that only the rows that still break fail — with «No se pudo generar el documento: …» when
 * the row's document crashed the PDF generator, a generic reason otherwise.
 */
export async function runBulkRows<Prepared>(
  deps: Deps,
  core: RequestCore<Prepared>,
  rowIds: readonly number[],
  job?: JobRecord,
): Promise<void> {
  const { db } = deps.database;
  if (rowIds.length === 0) return;
  const rows = (
    await db
      .select()
      .from(signatureRequestBatchRows)
      .where(inArray(signatureRequestBatchRows.id, [...rowIds]))
  )
    .filter(isPending)
    .sort((a, b) => a.rowNumber - b.rowNumber);
  if (rows.length === 0) return;
  const batchId = rows[0]!.batchId;
  try {
    const [batch] = await db
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId));
    const { columns, versions } = await batchTemplates(db, batch!);
    const prepared = await prepareRows(deps, core, batch!, rows, columns, versions);
    const sent = await db.transaction((tx) => insertRows(deps, core, tx, batchId, prepared));
    await announceSent(deps, sent);
  } catch (error) {
    if (error instanceof HttpProblem) return markFailed(deps, rows, error.message);
    const lastAttempt = !job || job.attempts >= job.maxAttempts;
    if (lastAttempt && rows.length > 1) {
      for (const row of rows) await runBulkRows(deps, core, [row.id]).catch(() => undefined);
      return;
    }
    if (lastAttempt) await markFailed(deps, rows, lastFailure(error));
    throw error;
  }
}

type PreparedRow<Prepared> = { row: RowRecord } & ({ prepared: Prepared } | { refusal: string });

/**
 * What every job of a batch reads alike: the sheet's columns and the template versions, read and
 * cleaned once. Both are frozen when the batch is imported (the plan in its settings; a version
 * never changes once saved), so they are kept for the last few batches of each database instead
 * of being read again by each of a 10,000-row batch's 200 jobs.
 */
type BatchTemplates = { columns: readonly SheetColumn[]; versions: TemplateVersionCache };
const recentBatches = new WeakMap<Db, Map<number, BatchTemplates>>();
const RECENT_BATCHES = 4;

async function batchTemplates(db: Db, batch: BatchRow): Promise<BatchTemplates> {
  const recent = recentBatches.get(db) ?? new Map<number, BatchTemplates>();
  recentBatches.set(db, recent);
  const known = recent.get(batch.id);
  if (known) return known;
  const templates = { columns: await sheetColumns(db, settingsOf(batch).plan), versions: new Map() };
  recent.set(batch.id, templates);
  if (recent.size > RECENT_BATCHES) recent.delete(recent.keys().next().value!);
  return templates;
}

/**
 * Every row's documents rendered and stored. The first row of a batch reads the template versions, the
 * others reuse them; renders run one after another (the compiler is synchronous) while the
 * previous rows' files are written.
 */
async function prepareRows<Prepared>(
  deps: Deps,
  core: RequestCore<Prepared>,
  batch: BatchRow,
  rows: readonly RowRecord[],
  columns: readonly SheetColumn[],
  versions: TemplateVersionCache,
): Promise<PreparedRow<Prepared>[]> {
  const now = deps.clock.now();
  const prepareOne = (row: RowRecord): Promise<PreparedRow<Prepared>> =>
    core.prepare(deps, rowRequest(batch, row, columns, now), versions).then(
      (prepared) => ({ row, prepared }),
      (error: unknown) => {
        if (error instanceof HttpProblem) return { row, refusal: error.message };
        throw error;
      },
    );
  // Alone, the first row of a batch fills `versions` before the others look.
  const first = versions.size === 0 ? [await prepareOne(rows[0]!)] : [];
  return [...first, ...(await Promise.all(rows.slice(first.length).map(prepareOne)))];
}

type SentRow = { requestId: number; row: RowRecord };

/** In one transaction: the rows still pending become their requests (or fail with their reason). */
async function insertRows<Prepared>(
  deps: Deps,
  core: RequestCore<Prepared>,
  tx: Db,
  batchId: number,
  prepared: readonly PreparedRow<Prepared>[],
): Promise<SentRow[]> {
  const locked = await tx
    .select({
      id: signatureRequestBatchRows.id,
      requestId: signatureRequestBatchRows.requestId,
      status: signatureRequestBatchRows.status,
    })
    .from(signatureRequestBatchRows)
    .where(
      inArray(
        signatureRequestBatchRows.id,
        prepared.map((entry) => entry.row.id),
      ),
    )
    .for('update');
  const pending = new Set(locked.filter(isPending).map((row) => row.id));
  const todo = prepared.filter((entry) => pending.has(entry.row.id));
  const failures = todo.flatMap((entry) =>
    'refusal' in entry ? [{ row: entry.row, failure: entry.refusal }] : [],
  );
  const ready = todo.flatMap((entry) => ('prepared' in entry ? [entry] : []));
  const sent: SentRow[] = [];
  let together: { requestId: number }[] | null = null;
  if (core.insertMany && ready.length > 1) {
    try {
      // A savepoint: a refusal (e.g. not enough units for all) rolls back only this attempt.
      together = await tx.transaction((inner) =>
        core.insertMany!(
          deps,
          inner,
          ready.map((entry) => entry.prepared),
        ),
      );
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
    }
  }
  if (together) {
    for (const [index, entry] of ready.entries())
      sent.push({ requestId: together[index]!.requestId, row: entry.row });
  } else {
    for (const entry of ready) {
      try {
        const result = await tx.transaction((inner) => core.insert(deps, inner, entry.prepared));
        sent.push({ requestId: result.requestId, row: entry.row });
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        failures.push({ row: entry.row, failure: error.message });
      }
    }
  }
  if (sent.length > 0)
    await tx.execute(sql`
      UPDATE signature_request_batch_rows AS r
      SET status = 'sent', request_id = v.request_id, failure = NULL
      FROM (VALUES ${sql.join(
        sent.map((entry) => sql`(${entry.row.id}::int, ${entry.requestId}::int)`),
        sql`, `,
      )}) AS v(id, request_id)
      WHERE r.id = v.id`);
  for (const { row, failure } of failures)
    await tx
      .update(signatureRequestBatchRows)
      .set({ status: 'failed', failure })
      .where(eq(signatureRequestBatchRows.id, row.id));
  await finishBatchIfDone(tx, batchId, deps.clock.now());
  return sent;
}

/** `request.sent` webhooks; when the company has no endpoint for it, the first says so and the rest are skipped. */
async function announceSent(deps: Deps, sent: readonly SentRow[]): Promise<void> {
  for (const { requestId, row } of sent) {
    const { deliveryIds } = await announceRequestSent(deps, requestId, {
      batchId: row.batchId,
      rowNumber: row.rowNumber,
    });
    if (deliveryIds.length === 0) return;
  }
}

/** Registers the bulk jobs with the creation core (bootstrap passes the sending module's). */
export function registerBulkRowJob<Prepared>(deps: Deps, core: RequestCore<Prepared>): void {
  const handler = async (payload: unknown, job: JobRecord) => {
    const { rowId, rowIds } = (payload ?? {}) as { rowId?: unknown; rowIds?: unknown };
    const ids = (Array.isArray(rowIds) ? rowIds : [rowId]).map(Number).filter(Number.isSafeInteger);
    await runBulkRows(deps, core, ids, job);
  };
  deps.queue.register(BULK_ROW_JOB, handler);
  deps.queue.register(BULK_ROWS_JOB, handler);
}
