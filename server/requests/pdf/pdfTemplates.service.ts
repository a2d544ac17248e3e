import { createHash, randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { PdfField, PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests.js';
import type { FeatureKey } from '../../../contract/features.js';
import type { Db } from '../../db/client.js';
import { enabledFeatureKeys } from '../../db/companyFeatures.js';
import { pdfTemplates, signatureRequestBatchRows } from '../../db/schema/index.js';
import { type Actor, actingUserId, type Deps } from '../../deps.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import { pageWindow } from '../../modules/common/listing.js';
import { checkPdfUpload } from '../../uploads/index.js';

export const PDF_TEMPLATE_MESSAGES = {
  uploaded: 'PDF cargado',
  saved: 'Campos guardados',
  savedMassive: (count: number) => `Campos guardados en ${count} PDF`,
  featureOff: {
    pdf_to_sign: 'Su empresa no tiene activo el envío de PDF para firmar',
    bulk_pdf: 'Su empresa no tiene activo el envío de PDF masivo para firmar',
  },
  outsidePage: (field: string, page: number) => `El campo «${field}» queda fuera de la página ${page}`,
  missingPage: (field: string, page: number, pages: number) =>
    `El campo «${field}» está en la página ${page}, pero el PDF tiene ${pages} página${pages === 1 ? '' : 's'}`,
  fieldsInvalid: 'Hay campos fuera de las páginas del PDF',
  fieldsInvalidIn: (name: string) => `Hay campos fuera de las páginas del PDF «${name}»`,
} as const;

type PageSize = { width: number; height: number };
type PdfContent = { fields: PdfField[]; signers: { number: number; label: string }[] };

/** Refuses (403) when the company has switched the feature off (contract/features.ts); else its enabled features. */
export async function requireFeature(
  db: Db,
  companyId: number,
  feature: 'pdf_to_sign' | 'bulk_pdf',
): Promise<FeatureKey[]> {
  const enabled: FeatureKey[] = await enabledFeatureKeys(db, companyId);
  if (!enabled.includes(feature)) throw forbidden(PDF_TEMPLATE_MESSAGES.featureOff[feature]);
  return enabled;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Each page's size in points as signers see it unrotated (its MediaBox), read after the upload checks. */
async function pageSizes(bytes: Uint8Array): Promise<PageSize[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map((page) => {
    const { width, height } = page.getSize();
    return { width: round(width), height: round(height) };
  });
}

/** The fields that do not fit their page, keyed `fields.<index>` as the form shows them. */
export function fieldsOutsidePages(fields: readonly PdfField[], pages: readonly PageSize[]) {
  const errors: Record<string, string> = {};
  // Half a point of slack: the editor rounds positions to hundredths.
  const slack = 0.5;
  fields.forEach((field, index) => {
    const size = pages[field.page - 1];
    if (!size) {
      errors[`fields.${index}`] = PDF_TEMPLATE_MESSAGES.missingPage(field.field, field.page, pages.length);
    } else if (field.x + field.width > size.width + slack || field.y + field.height > size.height + slack) {
      errors[`fields.${index}`] = PDF_TEMPLATE_MESSAGES.outsidePage(field.field, field.page);
    }
  });
  return errors;
}

type TemplateRow = typeof pdfTemplates.$inferSelect & {
  sendStatus: string | null;
  sendRequestId: number | null;
  sendFailure: string | null;
};

const templateColumns = {
  template: pdfTemplates,
  sendStatus: signatureRequestBatchRows.status,
  sendRequestId: signatureRequestBatchRows.requestId,
  sendFailure: signatureRequestBatchRows.failure,
};

/** The batch row of the file's bulk send, if it was sent in bulk. */
const batchRowJoin = and(
  eq(signatureRequestBatchRows.batchId, pdfTemplates.batchId),
  sql`(${signatureRequestBatchRows.values}->>'pdf_template_id')::int = ${pdfTemplates.id}`,
);

function toRecord(row: TemplateRow): PdfTemplateRecord {
  const sendStatus = row.sendStatus === 'valid' || row.sendStatus === 'invalid' ? 'queued' : row.sendStatus;
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    sha256: row.sha256,
    page_count: row.pageCount,
    pages: row.pages,
    fields: row.fields as PdfField[],
    signers: row.signers as PdfContent['signers'],
    batch_id: row.batchId,
    send:
      sendStatus === null
        ? null
        : {
            status: sendStatus as 'queued' | 'sent' | 'failed',
            request_id: row.sendRequestId,
            failure: row.sendFailure,
          },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function selectTemplates(db: Db, where: SQL | undefined, window?: { limit: number; offset: number }) {
  const query = db
    .select(templateColumns)
    .from(pdfTemplates)
    .leftJoin(signatureRequestBatchRows, batchRowJoin)
    .where(where)
    .orderBy(desc(pdfTemplates.createdAt), desc(pdfTemplates.id));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map(({ template, ...send }) => toRecord({ ...template, ...send }));
}

/** One upload by id (ownership already checked by the route layer or the caller). */
export async function pdfTemplateById(db: Db, id: number): Promise<PdfTemplateRecord> {
  const [record] = await selectTemplates(db, eq(pdfTemplates.id, id));
  if (!record) throw notFound();
  return record;
}

/** `upload_pdf_template`: checked by server/uploads (type, size, encryption, damage, active content). */
export async function uploadPdfTemplate(
  deps: Deps,
  actor: Actor,
  input: { company_id?: number; filename: string; content_base64: string },
): Promise<PdfTemplateRecord> {
  const companyId = input.company_id ?? actor.companyId;
  const { db } = deps.database;
  await requireFeature(db, companyId, 'pdf_to_sign');
  const bytes = Buffer.from(input.content_base64, 'base64');
  const { pageCount } = await checkPdfUpload(bytes);
  const pages = await pageSizes(bytes);
  const key = `companies/${companyId}/pdf-templates/${randomUUID()}.pdf`;
  await deps.storage.put(key, bytes);
  const [row] = await db
    .insert(pdfTemplates)
    .values({
      companyId,
      name: input.filename,
      fileKey: key,
      fileBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      pageCount,
      pages,
      fields: [],
      signers: [{ number: 1, label: 'Firmante 1' }],
      createdBy: actingUserId(actor),
    })
    .returning({ id: pdfTemplates.id });
  return pdfTemplateById(db, row!.id);
}

/** `get_pdf_templates`: a company's uploads, newest first; with `ids`, just those. */
export async function listPdfTemplates(
  deps: Deps,
  actor: Actor,
  query: { company_id?: number; ids?: number[]; page: number; itemsPerPage: number },
) {
  const { db } = deps.database;
  const where = query.ids
    ? inArray(pdfTemplates.id, query.ids)
    : eq(pdfTemplates.companyId, query.company_id ?? actor.companyId);
  const window = pageWindow(query);
  const [items, [total]] = await Promise.all([
    selectTemplates(db, where, window),
    db.select({ value: count() }).from(pdfTemplates).where(where),
  ]);
  return { items, total: Number(total?.value ?? 0) };
}

/** Saves the same content on several uploads, all or none (each checked against its own pages). */
async function saveContent(deps: Deps, ids: readonly number[], content: PdfContent) {
  const { db } = deps.database;
  const rows = await db
    .select({ id: pdfTemplates.id, name: pdfTemplates.name, pages: pdfTemplates.pages })
    .from(pdfTemplates)
    .where(inArray(pdfTemplates.id, [...ids]));
  if (rows.length !== ids.length) throw notFound();
  for (const row of rows) {
    const errors = fieldsOutsidePages(content.fields, row.pages);
    if (Object.keys(errors).length > 0) {
      throw unprocessable(
        ids.length === 1
          ? PDF_TEMPLATE_MESSAGES.fieldsInvalid
          : PDF_TEMPLATE_MESSAGES.fieldsInvalidIn(row.name),
        errors,
      );
    }
  }
  await db
    .update(pdfTemplates)
    .set({ fields: content.fields, signers: content.signers, updatedAt: deps.clock.now() })
    .where(inArray(pdfTemplates.id, [...ids]));
}

/** `update_pdf_content`. */
export async function updatePdfContent(
  deps: Deps,
  input: PdfContent & { pdf_template_id: number },
): Promise<PdfTemplateRecord> {
  await saveContent(deps, [input.pdf_template_id], input);
  return pdfTemplateById(deps.database.db, input.pdf_template_id);
}

/** `update_pdf_content_massive`. */
export async function updatePdfContentMassive(
  deps: Deps,
  input: PdfContent & { pdf_template_ids: number[] },
): Promise<{ items: PdfTemplateRecord[] }> {
  await saveContent(deps, input.pdf_template_ids, input);
  const items = await selectTemplates(deps.database.db, inArray(pdfTemplates.id, input.pdf_template_ids));
  return { items };
}

/** `get_company_features/{company_id}`. */
export async function companyFeatureKeys(deps: Deps, companyId: number) {
  return { company_id: companyId, enabled: await enabledFeatureKeys(deps.database.db, companyId) };
}
