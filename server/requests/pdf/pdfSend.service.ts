import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { deadline, endOfBogotaDay } from '../../../contract/deadline.js';
import type { PdfField, PdfRecipient } from '../../../contract/endpoints/pdfRequests.js';
import type { Db } from '../../db/client.js';
import { pdfTemplates, signatureRequestBatches, signatureRequestBatchRows } from '../../db/schema/index.js';
import { type Actor, actingUserId, canSeeCompany, type Deps } from '../../deps.js';
import { conflict, HttpProblem, notFound, unprocessable } from '../../errors.js';
import type { JobRecord } from '../../jobs/queue.js';
import { readAll } from '../../storage/storage.js';
import {
  discardPreparedRequest,
  insertSignatureRequest,
  type NewSignatureRequest,
  prepareRequestDocuments,
} from '../core/create.js';
import { linksByCompanyFor } from '../core/embedding.js';
import { announceRequestSent } from '../core/sent.js';
import { signerAuthenticationProblems } from '../core/signerAuthentication.js';
import { signerLinksReply } from '../core/signerLinks.js';
import { requireFeature } from './pdfTemplates.service.js';

export const BULK_PDF_QUEUE = 'pdf.bulk_send';

export const PDF_SEND_MESSAGES = {
  sent: 'Solicitud enviada',
  queued: (count: number) => `Envío masivo en curso: ${count} PDF en cola`,
  expiryPast: 'La fecha límite debe ser posterior a hoy',
  expiryTooFar: 'La fecha límite no puede superar un año',
  noFields: 'Coloque al menos un campo de firma en el PDF antes de enviarlo',
  fieldWithoutSigner: (field: string, number: number) =>
    `El campo «${field}» es del firmante ${number}, que no está en la lista de firmantes`,
  fieldOfCopy: (field: string, number: number) =>
    `El campo «${field}» es del firmante ${number}, que solo recibe copia`,
  signerWithoutSignature: (number: number) =>
    `El firmante ${number} no tiene un campo de firma o iniciales en el PDF`,
  fileMissing: 'No se encontró el archivo del PDF; vuelva a cargarlo',
  alreadySent: (name: string) => `El PDF «${name}» ya se envió en un envío masivo; cárguelo de nuevo`,
  oneCompany: 'Todos los PDF de un envío masivo deben ser de la misma empresa',
  failedUnexpectedly: 'No fue posible crear la solicitud; intente enviarla de nuevo',
} as const;

const DAY_MS = 86_400_000;

export type PdfSendSettings = {
  message?: string;
  signing_order: 'sequential' | 'parallel';
  expires_at: string;
  reminder_days?: number | null;
};
export type PdfSendItem = { pdf_template_id: number; title: string; signers: PdfRecipient[] };

/** The last day to sign ends at 23:59:59 in Colombia (the rule of every request, contract/deadline.ts). */
export function expiryOf(deps: Pick<Deps, 'clock'>, date: string): Date {
  const parsed = deadline.safeParse(date);
  const expiresAt = parsed.success ? parsed.data : new Date(Number.NaN);
  const now = deps.clock.now().getTime();
  if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now)
    throw unprocessable(PDF_SEND_MESSAGES.expiryPast, { expires_at: PDF_SEND_MESSAGES.expiryPast });
  if (expiresAt.getTime() > now + 366 * DAY_MS)
    throw unprocessable(PDF_SEND_MESSAGES.expiryTooFar, { expires_at: PDF_SEND_MESSAGES.expiryTooFar });
  return expiresAt;
}

/**
 * The fields and the people must match: every field's signer is among the recipients and signs
 * (not a copy), and every signer has somewhere to sign. Errors keyed as the form shows them.
 */
export function recipientProblems(
  fields: readonly PdfField[],
  recipients: readonly PdfRecipient[],
  prefix = '',
) {
  const errors: Record<string, string> = {};
  if (!fields.some((field) => field.kind === 'signature' || field.kind === 'initials'))
    errors[`${prefix}fields`] = PDF_SEND_MESSAGES.noFields;
  for (const field of fields) {
    const recipient = recipients.find((candidate) => candidate.number === field.signer);
    if (!recipient)
      errors[`${prefix}signers`] ??= PDF_SEND_MESSAGES.fieldWithoutSigner(field.field, field.signer);
    else if (recipient.kind === 'copy')
      errors[`${prefix}signers`] ??= PDF_SEND_MESSAGES.fieldOfCopy(field.field, field.signer);
  }
  recipients.forEach((recipient, index) => {
    if (recipient.kind !== 'signer') return;
    const signs = fields.some(
      (field) =>
        field.signer === recipient.number && (field.kind === 'signature' || field.kind === 'initials'),
    );
    if (!signs)
      errors[`${prefix}signers.${index}`] = PDF_SEND_MESSAGES.signerWithoutSignature(recipient.number);
  });
  return errors;
}

type TemplateRow = typeof pdfTemplates.$inferSelect;

async function templateRows(db: Db, ids: readonly number[]): Promise<TemplateRow[]> {
  return db
    .select()
    .from(pdfTemplates)
    .where(inArray(pdfTemplates.id, [...ids]));
}

/** The core's input for one uploaded PDF sent to its recipients. */
async function newRequest(
  deps: Deps,
  template: TemplateRow,
  item: PdfSendItem,
  settings: PdfSendSettings & { expiresAt: Date },
  extra: { createdBy: number | null; source: 'pdf' | 'bulk_pdf'; batchId?: number; storagePrefix?: string },
): Promise<NewSignatureRequest> {
  const pdf = await readAll(deps.storage, template.fileKey);
  if (!pdf) throw notFound(PDF_SEND_MESSAGES.fileMissing);
  return {
    companyId: template.companyId,
    createdBy: extra.createdBy,
    source: extra.source,
    title: item.title,
    ...(settings.message ? { message: settings.message } : {}),
    signingOrder: settings.signing_order,
    expiresAt: settings.expiresAt,
    reminderDays: settings.reminder_days ?? null,
    ...(extra.batchId ? { batchId: extra.batchId } : {}),
    ...(extra.storagePrefix ? { storagePrefix: extra.storagePrefix } : {}),
    documents: [
      {
        kind: 'pdf',
        name: template.name,
        pdf: new Uint8Array(pdf),
        fieldBoxes: template.fields as PdfField[],
        pdfTemplateId: template.id,
      },
    ],
    signers: item.signers.map((signer) => ({
      number: signer.number,
      kind: signer.kind,
      name: signer.name,
      email: signer.email,
      ...(signer.phone ? { phone: signer.phone } : {}),
      ...(signer.id_type ? { idType: signer.id_type } : {}),
      ...(signer.id_number ? { idNumber: signer.id_number } : {}),
      authentication: signer.authentication,
    })),
  };
}

/** `sign_pdf`: one upload, with its placed fields, to its recipients, through the request core. */
export async function signPdf(deps: Deps, actor: Actor, input: PdfSendSettings & PdfSendItem) {
  const { db } = deps.database;
  const [template] = await templateRows(db, [input.pdf_template_id]);
  if (!template) throw notFound();
  const features = await requireFeature(db, template.companyId, 'pdf_to_sign');
  const expiresAt = expiryOf(deps, input.expires_at);
  const errors = {
    ...recipientProblems(template.fields as PdfField[], input.signers),
    ...signerAuthenticationProblems(features, input.signers),
  };
  if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]!, errors);
  const prepared = await prepareRequestDocuments(
    deps,
    await newRequest(
      deps,
      template,
      input,
      { ...input, expiresAt },
      { createdBy: actingUserId(actor), source: 'pdf' },
    ),
  );
  const linksByCompany = await linksByCompanyFor(db, template.companyId, actor.apiClient);
  try {
    const created = await db.transaction((tx) =>
      insertSignatureRequest(deps, tx, { ...prepared, linksByCompany }),
    );
    await announceRequestSent(deps, created.requestId);
    return {
      request_id: created.requestId,
      validation_code: created.validationCode,
      ...(await signerLinksReply(deps, created.requestId)),
    };
  } catch (error) {
    // Refused (no units, …): the stored copies belong to no request.
    await discardPreparedRequest(deps, prepared);
    throw error;
  }
}

/**
 * `sign_pdf_multiple`: a batch (source `bulk_pdf`) with one row and one job per file, all in one
 * transaction. A file joins one batch only (`batch_id` set where it is still null), so a repeated
 * click or a parallel call cannot send it twice; each job turns its row into a request once.
 */
export async function signPdfMultiple(
  deps: Deps,
  actor: Actor,
  input: PdfSendSettings & { items: PdfSendItem[] },
) {
  const { db } = deps.database;
  const ids = input.items.map((item) => item.pdf_template_id);
  const templates = await templateRows(db, ids);
  // Ids inside items are not seen by the route layer: the same rule, here.
  if (templates.length !== ids.length || templates.some((row) => !canSeeCompany(actor, row.companyId)))
    throw notFound();
  const companyIds = new Set(templates.map((row) => row.companyId));
  if (companyIds.size > 1) throw unprocessable(PDF_SEND_MESSAGES.oneCompany);
  const companyId = templates[0]!.companyId;
  const features = await requireFeature(db, companyId, 'bulk_pdf');
  expiryOf(deps, input.expires_at);
  const byId = new Map(templates.map((row) => [row.id, row]));
  const errors: Record<string, string> = {};
  input.items.forEach((item, index) => {
    const template = byId.get(item.pdf_template_id)!;
    if (template.batchId !== null) errors[`items.${index}`] = PDF_SEND_MESSAGES.alreadySent(template.name);
    Object.assign(
      errors,
      recipientProblems(template.fields as PdfField[], item.signers, `items.${index}.`),
      signerAuthenticationProblems(features, item.signers, `items.${index}.signers.`),
    );
  });
  if (Object.keys(errors).length > 0) throw unprocessable(Object.values(errors)[0]!, errors);
  const settings = {
    message: input.message,
    signing_order: input.signing_order,
    expires_at: input.expires_at,
    reminder_days: input.reminder_days ?? null,
  };

  const batchId = await db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [batch] = await tx
      .insert(signatureRequestBatches)
      .values({
        companyId,
        source: 'bulk_pdf',
        status: 'sending',
        settings,
        createdBy: actingUserId(actor),
        sentAt: now,
      })
      .returning({ id: signatureRequestBatches.id });
    const claimed = await tx
      .update(pdfTemplates)
      .set({ batchId: batch!.id, updatedAt: now })
      .where(and(inArray(pdfTemplates.id, ids), isNull(pdfTemplates.batchId)))
      .returning({ id: pdfTemplates.id });
    if (claimed.length !== ids.length) {
      const taken = templates.find((row) => !claimed.some((claim) => claim.id === row.id))!;
      throw conflict(PDF_SEND_MESSAGES.alreadySent(taken.name));
    }
    const rows = await tx
      .insert(signatureRequestBatchRows)
      .values(
        input.items.map((item, index) => ({
          batchId: batch!.id,
          companyId,
          rowNumber: index + 1,
          values: { pdf_template_id: item.pdf_template_id, title: item.title, signers: item.signers },
          status: 'queued' as const,
        })),
      )
      .returning({ id: signatureRequestBatchRows.id });
    for (const row of rows) {
      await deps.queue.enqueue(
        BULK_PDF_QUEUE,
        { rowId: row.id },
        { idempotencyKey: `bulk-pdf:${row.id}`, db: tx },
      );
    }
    return batch!.id;
  });
  return { batch_id: batchId, pdf_template_ids: ids };
}

/** Marks the batch done once no row is waiting (in the transaction that settled the last one). */
async function finishBatchIfDone(deps: Deps, tx: Db, batchId: number) {
  await tx
    .update(signatureRequestBatches)
    .set({ status: 'done', finishedAt: deps.clock.now() })
    .where(
      and(
        eq(signatureRequestBatches.id, batchId),
        ne(signatureRequestBatches.status, 'done'),
        sql`NOT EXISTS (SELECT 1 FROM ${signatureRequestBatchRows} WHERE ${signatureRequestBatchRows.batchId} = ${batchId} AND ${signatureRequestBatchRows.status} = 'queued')`,
      ),
    );
}

async function failRow(deps: Deps, rowId: number, batchId: number, reason: string) {
  await deps.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(signatureRequestBatchRows)
      .set({ status: 'failed', failure: reason })
      .where(and(eq(signatureRequestBatchRows.id, rowId), eq(signatureRequestBatchRows.status, 'queued')))
      .returning({ id: signatureRequestBatchRows.id });
    if (updated.length > 0) await finishBatchIfDone(deps, tx, batchId);
  });
}

/**
 * One file of a bulk PDF send. The documents are prepared outside the transaction (under the
 * row's own storage prefix, so a retry writes the same keys); the request is inserted in the
 * transaction that locks the row and records its request, so a retried or doubled job never
 * creates a second one. A refusal (no plan units, …) fails the row with its reason.
 */
export async function runBulkPdfRow(deps: Deps, payload: unknown, job: JobRecord): Promise<void> {
  const rowId = Number((payload as { rowId?: unknown }).rowId);
  const { db } = deps.database;
  const [row] = await db
    .select({ row: signatureRequestBatchRows, batch: signatureRequestBatches })
    .from(signatureRequestBatchRows)
    .innerJoin(signatureRequestBatches, eq(signatureRequestBatches.id, signatureRequestBatchRows.batchId))
    .where(eq(signatureRequestBatchRows.id, rowId));
  if (row?.row.status !== 'queued') return;
  const values = row.row.values as { pdf_template_id: number; title: string; signers: PdfRecipient[] };
  const settings = row.batch.settings as PdfSendSettings;
  try {
    const [template] = await templateRows(db, [values.pdf_template_id]);
    if (!template) throw notFound(PDF_SEND_MESSAGES.fileMissing);
    const prepared = await prepareRequestDocuments(
      deps,
      await newRequest(
        deps,
        template,
        { pdf_template_id: template.id, title: values.title, signers: values.signers },
        { ...settings, expiresAt: endOfBogotaDay(settings.expires_at) },
        {
          createdBy: row.batch.createdBy,
          source: 'bulk_pdf',
          batchId: row.batch.id,
          storagePrefix: `companies/${row.batch.companyId}/batches/${row.batch.id}/rows/${rowId}`,
        },
      ),
    );
    const sentRequestId = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: signatureRequestBatchRows.status, requestId: signatureRequestBatchRows.requestId })
        .from(signatureRequestBatchRows)
        .where(eq(signatureRequestBatchRows.id, rowId))
        .for('update');
      // Sent by an earlier run of this job: announce again (once per request) in case it stopped before.
      if (locked?.status !== 'queued') return locked?.status === 'sent' ? locked.requestId : null;
      const { requestId } = await insertSignatureRequest(deps, tx, prepared);
      await tx
        .update(signatureRequestBatchRows)
        .set({ status: 'sent', requestId })
        .where(eq(signatureRequestBatchRows.id, rowId));
      await finishBatchIfDone(deps, tx, row.batch.id);
      return requestId;
    });
    if (sentRequestId) await announceRequestSent(deps, sentRequestId);
  } catch (error) {
    if (error instanceof HttpProblem) return failRow(deps, rowId, row.batch.id, error.message);
    // Unexpected: retried with back-off; the last attempt leaves a reason instead of a stuck row.
    if (job.attempts >= job.maxAttempts)
      await failRow(deps, rowId, row.batch.id, PDF_SEND_MESSAGES.failedUnexpectedly);
    throw error;
  }
}

export function registerBulkPdfJob(deps: Deps): void {
  deps.queue.register(BULK_PDF_QUEUE, (payload, job) => runBulkPdfRow(deps, payload, job));
}
