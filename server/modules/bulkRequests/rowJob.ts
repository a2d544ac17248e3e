import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatureRequestBatches, signatureRequestBatchRows } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import type { JobRecord } from '../../jobs/queue.js';
import { emitWebhookEvent } from '../../webhooks/webhooks.js';
import { BULK_ROW_JOB } from './batches.service.js';
import { type BatchRow, settingsOf } from './batchRecords.js';
import type { BulkRequestInput, RequestCore } from './requestCore.js';
import { normaliseRow } from './rowValidation.js';
import { type SheetColumn, sheetColumns, signerHeader } from './sheetColumns.js';

const DAY_MS = 86_400_000;
const FAILED_UNEXPECTEDLY = 'No fue posible generar la solicitud de esta fila; intente enviarla de nuevo';

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
    expiresAt: new Date(now.getTime() + (settings.expiry_days ?? plan.expiryDays) * DAY_MS),
    reminderDays: settings.reminder_days !== undefined ? settings.reminder_days : plan.reminderDays,
    batchId: batch.id,
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
 * finishing at once the later one sees the earlier one's commit and closes it.
 */
async function finishBatchIfDone(tx: Db, batchId: number, now: Date): Promise<void> {
  await tx
    .select({ id: signatureRequestBatches.id })
    .from(signatureRequestBatches)
    .where(eq(signatureRequestBatches.id, batchId))
    .for('update');
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

async function markFailed(deps: Deps, row: RowRecord, failure: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(signatureRequestBatchRows)
      .set({ status: 'failed', failure })
      .where(and(eq(signatureRequestBatchRows.id, row.id), eq(signatureRequestBatchRows.status, 'queued')))
      .returning({ id: signatureRequestBatchRows.id });
    if (updated) await finishBatchIfDone(tx, row.batchId, deps.clock.now());
  });
}

/**
 * One `bulk.row` job: the row's documents are prepared outside any transaction, then ONE
 * transaction locks the row, skips it if it already has its request, creates the request (units,
 * documents, signers, events, first invitations queued) and marks the row sent. A crash anywhere
 * leaves either nothing or everything, and the retry finds the row done: a row becomes a request
 * exactly once. A refusal with a reason (no plan units, a template that cannot be filled) fails
 * the row with that reason; any other error is retried, and fails the row on the last attempt.
 */
export async function runBulkRow<Prepared>(
  deps: Deps,
  core: RequestCore<Prepared>,
  rowId: number,
  job?: JobRecord,
): Promise<void> {
  const { db } = deps.database;
  const [row] = await db
    .select()
    .from(signatureRequestBatchRows)
    .where(eq(signatureRequestBatchRows.id, rowId));
  if (!row || row.requestId !== null || row.status !== 'queued') return;
  const [batch] = await db
    .select()
    .from(signatureRequestBatches)
    .where(eq(signatureRequestBatches.id, row.batchId));
  try {
    const columns = await sheetColumns(db, settingsOf(batch!).plan);
    const prepared = await core.prepare(deps, rowRequest(batch!, row, columns, deps.clock.now()));
    let created: { requestId: number } | null = null;
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(signatureRequestBatchRows)
        .where(eq(signatureRequestBatchRows.id, rowId))
        .for('update');
      if (!locked || locked.requestId !== null || locked.status !== 'queued') return;
      try {
        // A savepoint: a refusal rolls back the request's writes, not the row's failure.
        const result = await tx.transaction((inner) => core.insert(deps, inner, prepared));
        await tx
          .update(signatureRequestBatchRows)
          .set({ status: 'sent', requestId: result.requestId, failure: null })
          .where(eq(signatureRequestBatchRows.id, rowId));
        created = { requestId: result.requestId };
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        await tx
          .update(signatureRequestBatchRows)
          .set({ status: 'failed', failure: error.message })
          .where(eq(signatureRequestBatchRows.id, rowId));
      }
      await finishBatchIfDone(tx, row.batchId, deps.clock.now());
    });
    const sent = created as { requestId: number } | null;
    if (sent)
      await emitWebhookEvent(deps, {
        companyId: row.companyId,
        event: 'request.sent',
        data: { request_id: sent.requestId, batch_id: row.batchId, row_number: row.rowNumber },
        eventId: `request.sent:${sent.requestId}`,
      });
  } catch (error) {
    if (error instanceof HttpProblem) return markFailed(deps, row, error.message);
    if (!job || job.attempts >= job.maxAttempts) await markFailed(deps, row, FAILED_UNEXPECTEDLY);
    throw error;
  }
}

/** Registers the `bulk.row` job with the creation core (bootstrap passes the sending module's). */
export function registerBulkRowJob<Prepared>(deps: Deps, core: RequestCore<Prepared>): void {
  deps.queue.register(BULK_ROW_JOB, async (payload, job) => {
    const rowId = Number((payload as { rowId?: unknown }).rowId);
    if (Number.isSafeInteger(rowId)) await runBulkRow(deps, core, rowId, job);
  });
}
