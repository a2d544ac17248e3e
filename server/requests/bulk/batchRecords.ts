import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { bulkBatchRecord, bulkBatchSummary } from '../../../contract/endpoints/bulkRequests.js';
import type { Db } from '../../db/client.js';
import {
  documentPackages,
  signatureRequestBatches,
  signatureRequestBatchRows,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { BulkPlan } from './sheetColumns.js';

export type BatchSummary = z.input<typeof bulkBatchSummary>;
export type BatchRecord = z.input<typeof bulkBatchRecord>;

/** What a batch keeps besides its rows: the group's plan at import and the sender's choices. */
export type BatchSettings = {
  plan: BulkPlan;
  columns: string[];
  signing_order?: 'sequential' | 'parallel';
  expiry_days?: number;
  reminder_days?: number | null;
  message?: string;
};

export type BatchRow = typeof signatureRequestBatches.$inferSelect;

export async function loadBatch(db: Db, batchId: number): Promise<BatchRow> {
  const [batch] = await db
    .select()
    .from(signatureRequestBatches)
    .where(eq(signatureRequestBatches.id, batchId));
  if (batch?.source !== 'bulk') throw notFound();
  return batch;
}

export const settingsOf = (batch: BatchRow) => batch.settings as unknown as BatchSettings;

export async function batchSummary(db: Db, batch: BatchRow): Promise<BatchSummary> {
  const counts = await db
    .select({ status: signatureRequestBatchRows.status, count: sql<number>`count(*)::int` })
    .from(signatureRequestBatchRows)
    .where(eq(signatureRequestBatchRows.batchId, batch.id))
    .groupBy(signatureRequestBatchRows.status);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
  const [group] = batch.packageId
    ? await db
        .select({ name: documentPackages.name })
        .from(documentPackages)
        .where(eq(documentPackages.id, batch.packageId))
    : [];
  const count = (status: string) => byStatus[status] ?? 0;
  return {
    id: batch.id,
    company_id: batch.companyId,
    package_id: batch.packageId,
    package_name: group?.name ?? null,
    status: batch.status,
    file_name: batch.fileName,
    total: counts.reduce((sum, row) => sum + Number(row.count), 0),
    invalid: count('invalid'),
    valid: count('valid'),
    queued: count('queued'),
    sent: count('sent'),
    failed: count('failed'),
    created_at: batch.createdAt.toISOString(),
    sent_at: batch.sentAt?.toISOString() ?? null,
    finished_at: batch.finishedAt?.toISOString() ?? null,
  };
}

/** The batch and its rows: every row, or only those with errors or a failure (the report). */
export async function batchRecord(db: Db, batchId: number, onlyProblems: boolean): Promise<BatchRecord> {
  const batch = await loadBatch(db, batchId);
  const rows = await db
    .select()
    .from(signatureRequestBatchRows)
    .where(
      onlyProblems
        ? and(
            eq(signatureRequestBatchRows.batchId, batchId),
            inArray(signatureRequestBatchRows.status, ['invalid', 'failed']),
          )
        : eq(signatureRequestBatchRows.batchId, batchId),
    )
    .orderBy(asc(signatureRequestBatchRows.rowNumber));
  return {
    ...(await batchSummary(db, batch)),
    columns: settingsOf(batch).columns,
    rows: rows.map((row) => ({
      id: row.id,
      row_number: row.rowNumber,
      values: row.values as Record<string, string>,
      errors: row.errors,
      status: row.status,
      failure: row.failure,
      request_id: row.requestId,
    })),
  };
}
