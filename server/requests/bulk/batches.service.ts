import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BULK_MESSAGES, type bulkRequests } from '../../../contract/endpoints/bulkRequests.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import type { Db } from '../../db/client.js';
import { signatureRequestBatches, signatureRequestBatchRows } from '../../db/schema/index.js';
import { type Actor, actingUserId, type Deps } from '../../deps.js';
import { conflict, unprocessable } from '../../errors.js';
import type { FileReply } from '../../http/handlers.js';
import { requirePackage } from '../../modules/documentGroups/visibility.js';
import { checkSpreadsheetUpload } from '../../uploads/index.js';
import { linksByCompanyFor } from '../core/embedding.js';
import { type SignerLink, signerLinksOf } from '../core/signerLinks.js';
import {
  type BatchRecord,
  type BatchSettings,
  type BatchSummary,
  batchRecord,
  batchSummary,
  loadBatch,
  settingsOf,
} from './batchRecords.js';
import { validateRow } from './rowValidation.js';
import { bulkPlanOf, identificationCodes, sheetColumns } from './sheetColumns.js';
import { buildBulkSheet, readBulkSheetRuns } from './sheetFile.js';

type Body<K extends 'importBulkSheet' | 'importBulkRows' | 'updateBulkRows'> = z.output<
  (typeof bulkRequests)[K]['body']
>;

/** The job that turns one row into a request (batches queued before jobs took several rows). */
export const BULK_ROW_JOB = 'bulk.row';
/** The job that turns a run of a batch's rows into their requests. */
export const BULK_ROWS_JOB = 'bulk.rows';

/**
 * Rows per job: one for small batches (progress moves row by row), up to 100 for large ones, where
 * a job's fixed costs (claim, rows read and locked, units, transaction, batch check) would otherwise
 * dominate (10,000 rows: 20 per job 35 s, 50 per job 30 s before rendering moved to its thread;
 * 100 per job cut the server's CPU by ≈ 10 % more, bench/README.md).
 */
/** The file name a batch imported from JSON rows shows in lists. */
const BULK_JSON_FILE_NAME = 'filas-json';

export const rowsPerJob = (rows: number) => Math.min(100, Math.max(1, Math.floor(rows / 100)));
const INSERT_CHUNK = 500;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'grupo';

/** `export_documents_packages_fields`: the group's sheet, for a user who may send it. */
export async function exportBulkSheet(
  deps: Deps,
  actor: Actor,
  packageId: number,
  country: string,
): Promise<FileReply> {
  const { db } = deps.database;
  await requirePackage(db, actor, packageId, 'send');
  if (country !== 'CO') throw unprocessable(BULK_MESSAGES.onlyColombia);
  const plan = await bulkPlanOf(db, packageId);
  const stream = await buildBulkSheet({
    packageName: plan.packageName,
    columns: await sheetColumns(db, plan),
    identificationCodes: await identificationCodes(db),
  });
  return { stream, filename: `envio-masivo-${slug(plan.packageName)}.xlsx` };
}

const settingsFrom = (input: Partial<Body<'importBulkSheet'>>) => ({
  ...(input.signing_order !== undefined && { signing_order: input.signing_order }),
  ...(input.expiry_days !== undefined && { expiry_days: input.expiry_days }),
  ...(input.reminder_days !== undefined && { reminder_days: input.reminder_days }),
  ...(input.message !== undefined && { message: input.message }),
});

type RowRun = { rowNumber: number; values: Record<string, string> }[];
/** Hands the rows of an import to `onRun`, run by run, given the group's columns. */
type RowSource = (columns: readonly string[], onRun: (rows: RowRun) => Promise<void>) => Promise<void>;

/**
 * `import_documents_packages_fields`: the filled sheet is checked as an upload (type, size, zip
 * bomb, macros, formulas), read, and kept as a draft batch with each row's problems.
 */
export async function importBulkSheet(
  deps: Deps,
  actor: Actor,
  input: Body<'importBulkSheet'>,
): Promise<{ record: BatchRecord; message: string }> {
  const { found } = await requirePackage(deps.database.db, actor, input.document_package_id, 'send');
  const workbook = await checkSpreadsheetUpload(Buffer.from(input.content_base64, 'base64'));
  return importRows(deps, actor, found, input, input.filename, (columns, onRun) =>
    readBulkSheetRuns(workbook, columns, INSERT_CHUNK, onRun),
  );
}

/**
 * `import_documents_packages_rows`: the same draft batch from rows given as JSON (one object per
 * request, keyed by the sheet's column names), numbered as the sheet would (from row 2).
 */
export async function importBulkRows(
  deps: Deps,
  actor: Actor,
  input: Body<'importBulkRows'>,
): Promise<{ record: BatchRecord; message: string }> {
  const { found } = await requirePackage(deps.database.db, actor, input.document_package_id, 'send');
  return importRows(deps, actor, found, input, BULK_JSON_FILE_NAME, async (columns, onRun) => {
    const known = new Set(columns);
    for (const row of input.rows)
      for (const header of Object.keys(row))
        if (!known.has(header)) throw unprocessable(VALIDATION_MESSAGES.unknownField(header));
    for (let start = 0; start < input.rows.length; start += INSERT_CHUNK) {
      const run = input.rows.slice(start, start + INSERT_CHUNK).map((values, index) => ({
        rowNumber: start + index + 2,
        values: Object.fromEntries(columns.map((column) => [column, values[column] ?? ''])),
      }));
      await onRun(run);
    }
  });
}

async function importRows(
  deps: Deps,
  actor: Actor,
  found: { id: number; companyId: number },
  input: Partial<Body<'importBulkSheet'>>,
  fileName: string,
  source: RowSource,
): Promise<{ record: BatchRecord; message: string }> {
  const { db } = deps.database;
  const plan = await bulkPlanOf(db, found.id);
  const columns = await sheetColumns(db, plan);
  const codes = await identificationCodes(db);
  const settings: BatchSettings = {
    plan,
    columns: columns.map((column) => column.header),
    ...settingsFrom(input),
  };
  let total = 0;
  let invalid = 0;
  // Rows are checked and stored run by run as they are read: the whole sheet and its reports
  // are never in memory at once. One transaction: a sheet that turns out unreadable stores nothing.
  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(signatureRequestBatches)
      .values({
        companyId: found.companyId,
        packageId: found.id,
        source: 'bulk',
        fileName,
        settings,
        createdBy: actingUserId(actor),
      })
      .returning({ id: signatureRequestBatches.id });
    await source(settings.columns, async (rows) => {
      const checked = rows.map((row) => {
        const errors = validateRow(columns, codes, row.values);
        return {
          row_number: row.rowNumber,
          values: row.values,
          errors,
          status: errors.length > 0 ? 'invalid' : 'valid',
        };
      });
      total += checked.length;
      invalid += checked.filter((row) => row.status === 'invalid').length;
      // One JSON parameter per run instead of six per row.
      await tx.execute(sql`
        INSERT INTO signature_request_batch_rows (batch_id, company_id, row_number, "values", errors, status)
        SELECT ${batch!.id}::int, ${found.companyId}::int, r.row_number, r."values", r.errors, r.status
        FROM jsonb_to_recordset(${JSON.stringify(checked)}::jsonb)
          AS r(row_number int, "values" jsonb, errors jsonb, status text)`);
    });
    return batch!.id;
  });
  return {
    record: await batchRecord(db, batchId, true),
    message: BULK_MESSAGES.imported(total - invalid, invalid),
  };
}

/** A draft batch the caller may still change (its group must still be sendable by them). */
async function draftBatch(db: Db, actor: Actor, batchId: number) {
  const batch = await loadBatch(db, batchId);
  if (batch.packageId) await requirePackage(db, actor, batch.packageId, 'send');
  if (batch.status !== 'draft') throw conflict(BULK_MESSAGES.notDraft);
  return batch;
}

/** `update_documents_packages_detail_fields_values_massive`: fixes rows in place, checked again. */
export async function updateBulkRows(
  deps: Deps,
  actor: Actor,
  input: Body<'updateBulkRows'>,
): Promise<BatchRecord> {
  const { db } = deps.database;
  const batch = await draftBatch(db, actor, input.batch_id);
  const settings = settingsOf(batch);
  const columns = await sheetColumns(db, settings.plan);
  const known = new Set(settings.columns);
  for (const row of input.rows)
    for (const header of Object.keys(row.values))
      if (!known.has(header)) throw unprocessable(VALIDATION_MESSAGES.unknownField(header));
  const codes = await identificationCodes(db);
  await db.transaction(async (tx) => {
    const numbers = input.rows.map((row) => row.row_number);
    const stored = await tx
      .select()
      .from(signatureRequestBatchRows)
      .where(
        and(
          eq(signatureRequestBatchRows.batchId, batch.id),
          inArray(signatureRequestBatchRows.rowNumber, numbers),
        ),
      )
      .for('update');
    const byNumber = new Map(stored.map((row) => [row.rowNumber, row]));
    for (const change of input.rows) {
      const row = byNumber.get(change.row_number);
      if (!row) throw unprocessable(BULK_MESSAGES.unknownRow(change.row_number));
      const values = { ...(row.values as Record<string, string>), ...change.values };
      const errors = validateRow(columns, codes, values);
      await tx
        .update(signatureRequestBatchRows)
        .set({ values, errors, status: errors.length > 0 ? 'invalid' : 'valid' })
        .where(eq(signatureRequestBatchRows.id, row.id));
    }
    const changes = settingsFrom(input);
    if (Object.keys(changes).length > 0)
      await tx
        .update(signatureRequestBatches)
        .set({ settings: { ...settings, ...changes } })
        .where(eq(signatureRequestBatches.id, batch.id));
  });
  return batchRecord(db, batch.id, true);
}

/**
 * `process_signature_request_multiple`: every valid row is queued in one `bulk.rows` job (runs of
 * `rowsPerJob` rows, keyed by their first row) in the transaction that marks the batch sending, so
 * a row is queued once or not at all.
 * Calling it again on a batch already sending only answers its progress.
 */
export async function sendBulkBatch(
  deps: Deps,
  actor: Actor,
  batchId: number,
): Promise<{ summary: BatchSummary; message?: string }> {
  const { db } = deps.database;
  const current = await loadBatch(db, batchId);
  if (current.packageId) await requirePackage(db, actor, current.packageId, 'send');
  const linksByCompany = await linksByCompanyFor(db, current.companyId, actor.apiClient);
  const queued = await db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(signatureRequestBatches)
      .where(eq(signatureRequestBatches.id, batchId))
      .for('update');
    if (batch!.status !== 'draft') return null;
    const counts = await batchSummary(tx, batch!);
    if (counts.invalid > 0) throw conflict(BULK_MESSAGES.invalidRows(counts.invalid));
    if (counts.valid === 0) throw conflict(BULK_MESSAGES.nothingToSend);
    await tx
      .update(signatureRequestBatchRows)
      .set({ status: 'queued' })
      .where(
        and(eq(signatureRequestBatchRows.batchId, batchId), eq(signatureRequestBatchRows.status, 'valid')),
      );
    // One statement for all the rows' jobs: a 10,000-row batch is queued at once, in runs of rows.
    await tx.execute(sql`
      INSERT INTO jobs (queue, payload, idempotency_key, max_attempts)
      SELECT ${BULK_ROWS_JOB}, jsonb_build_object('rowIds', jsonb_agg(id ORDER BY id)),
             ${`${BULK_ROWS_JOB}:`} || min(id), 5
      FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / ${rowsPerJob(counts.valid)}::int AS run
            FROM signature_request_batch_rows
            WHERE batch_id = ${batchId} AND status = 'queued') AS queued
      GROUP BY run
      ON CONFLICT (idempotency_key) DO NOTHING`);
    await tx
      .update(signatureRequestBatches)
      .set({ status: 'sending', sentAt: deps.clock.now(), linksByCompany })
      .where(eq(signatureRequestBatches.id, batchId));
    return counts.valid;
  });
  const summary = await batchSummary(db, await loadBatch(db, batchId));
  return { summary, message: queued === null ? undefined : BULK_MESSAGES.queued(queued) };
}

/** `generate_multiple_sign_request`: where a batch stands (the screen polls it, reloads included). */
export async function bulkBatchProgress(
  deps: Deps,
  actor: Actor,
  batchId: number,
  onlyProblems: boolean,
): Promise<BatchRecord & { signerLinks?: SignerLink[] }> {
  const { db } = deps.database;
  const batch = await loadBatch(db, batchId);
  if (batch.packageId) await requirePackage(db, actor, batch.packageId, 'view');
  const record = await batchRecord(db, batchId, onlyProblems);
  // Only the API keys, which asked for them, read the links of the requests sent so far.
  if (!batch.linksByCompany || !actor.apiClient) return record;
  return { ...record, signerLinks: await signerLinksOf(deps, db, { batchId }) };
}
