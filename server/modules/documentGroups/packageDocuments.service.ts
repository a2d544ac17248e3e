import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import { pdfFileName } from '../../../contract/fileNames.js';
import {
  documentPackageDocuments,
  documentPackages,
  documentTemplates,
  documentTemplateVersions,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { readAll } from '../../storage/storage.js';
import { checkPdfUpload } from '../../uploads/index.js';
import { renderTemplate } from '../templates/templateRender.service.js';
import { packageDocumentRows } from './packageDocumentRows.js';
import { type DocumentPackageRecord, nextPosition, packageRecord, recordChange } from './packageRecords.js';
import { createPackage, type NewPackage } from './packages.service.js';
import { requireFolder, requirePackage, requirePackageDocument } from './visibility.js';

export const PACKAGE_DOCUMENT_MESSAGES = {
  templatesAdded: 'Plantillas agregadas al grupo',
  reordered: 'Orden de los documentos guardado',
  pdfAdded: 'PDF agregado al grupo',
  pdfReplaced: 'PDF reemplazado',
  removed: 'Documento quitado del grupo',
  foreignTemplate: 'Las plantillas deben ser de la empresa del grupo y estar vigentes',
  wrongOrder: 'Envíe todos los documentos del grupo, cada uno una vez, en el orden nuevo',
  notPdf: 'Este documento del grupo no es un PDF',
  emptyPackage: 'El grupo no tiene documentos',
  fileMissing: 'No se encontró el archivo de un PDF del grupo',
} as const;

type PdfUpload = { filename: string; content_base64: string };
type StoredPdf = { key: string; name: string; pages: number; sha256: string; bytes: number };

/** Checks an uploaded PDF (type, size, encryption, active content) and stores it for the company. */
async function storePdf(deps: Deps, companyId: number, upload: PdfUpload): Promise<StoredPdf> {
  const bytes = Buffer.from(upload.content_base64, 'base64');
  const { pageCount } = await checkPdfUpload(bytes);
  const key = `companies/${companyId}/document-groups/${randomUUID()}.pdf`;
  await deps.storage.put(key, bytes);
  return {
    key,
    name: upload.filename,
    pages: pageCount,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

const pdfColumns = (pdf: StoredPdf) => ({
  pdfKey: pdf.key,
  pdfName: pdf.name,
  pdfPages: pdf.pages,
  pdfSha256: pdf.sha256,
  pdfBytes: pdf.bytes,
});

/** Adds template versions (of the group's company, templates not deleted) at the end of a group. */
export async function associateTemplates(
  deps: Deps,
  actor: Actor,
  packageId: number,
  versionIds: readonly number[],
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const { found, access } = await requirePackage(db, actor, packageId, 'edit');
  const wanted = [...new Set(versionIds)];
  const versions = await db
    .select({ id: documentTemplateVersions.id, name: documentTemplates.name })
    .from(documentTemplateVersions)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentTemplateVersions.templateId))
    .where(
      and(
        inArray(documentTemplateVersions.id, wanted),
        eq(documentTemplates.companyId, found.companyId),
        isNull(documentTemplates.deletedAt),
      ),
    );
  if (versions.length !== wanted.length) {
    throw unprocessable(PACKAGE_DOCUMENT_MESSAGES.foreignTemplate, {
      template_version_ids: PACKAGE_DOCUMENT_MESSAGES.foreignTemplate,
    });
  }
  const nameOf = new Map(versions.map((version) => [version.id, version.name]));
  await db.transaction(async (tx) => {
    const first = await nextPosition(tx, packageId);
    await tx.insert(documentPackageDocuments).values(
      wanted.map((versionId, index) => ({
        packageId,
        companyId: found.companyId,
        position: first + index,
        templateVersionId: versionId,
      })),
    );
    await recordChange(tx, {
      packageId,
      userId: actor.userId,
      action: 'templates_added',
      changes: { added: wanted.map((versionId) => nameOf.get(versionId)) },
      now: deps.clock.now(),
    });
  });
  return packageRecord(db, packageId, access);
}

/** New order of a group's documents: every document id of the group, once. */
export async function reorderDocuments(
  deps: Deps,
  actor: Actor,
  packageId: number,
  documentIds: readonly number[],
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const { access } = await requirePackage(db, actor, packageId, 'edit');
  const current = await db
    .select({ id: documentPackageDocuments.id })
    .from(documentPackageDocuments)
    .where(eq(documentPackageDocuments.packageId, packageId));
  const currentIds = new Set(current.map((row) => row.id));
  if (
    documentIds.length !== currentIds.size ||
    new Set(documentIds).size !== documentIds.length ||
    documentIds.some((documentId) => !currentIds.has(documentId))
  ) {
    throw unprocessable(PACKAGE_DOCUMENT_MESSAGES.wrongOrder, {
      document_ids: PACKAGE_DOCUMENT_MESSAGES.wrongOrder,
    });
  }
  await db.transaction(async (tx) => {
    for (const [index, documentId] of documentIds.entries()) {
      await tx
        .update(documentPackageDocuments)
        .set({ position: index + 1 })
        .where(eq(documentPackageDocuments.id, documentId));
    }
    await recordChange(tx, {
      packageId,
      userId: actor.userId,
      action: 'reordered',
      changes: { order: documentIds },
      now: deps.clock.now(),
    });
  });
  return packageRecord(db, packageId, access);
}

/** Adds a checked PDF at the end of a group. */
export async function associatePdf(
  deps: Deps,
  actor: Actor,
  packageId: number,
  upload: PdfUpload,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const { found, access } = await requirePackage(db, actor, packageId, 'edit');
  const pdf = await storePdf(deps, found.companyId, upload);
  await db.transaction(async (tx) => {
    await tx.insert(documentPackageDocuments).values({
      packageId,
      companyId: found.companyId,
      position: await nextPosition(tx, packageId),
      ...pdfColumns(pdf),
    });
    await recordChange(tx, {
      packageId,
      userId: actor.userId,
      action: 'pdf_added',
      changes: { added: [pdf.name] },
      now: deps.clock.now(),
    });
  });
  return packageRecord(db, packageId, access);
}

/** A new group whose first document is a checked PDF. */
export async function createPdfPackage(
  deps: Deps,
  actor: Actor,
  input: NewPackage & PdfUpload,
): Promise<DocumentPackageRecord> {
  const { filename, content_base64, ...header } = input;
  // The folder is checked before the file is stored, so a refused request leaves no file behind.
  await requireFolder(deps.database.db, actor, input.folder_id, 'edit');
  const pdf = await storePdf(deps, input.company_id, { filename, content_base64 });
  return createPackage(deps, actor, header, async (tx, packageId) => {
    await tx
      .insert(documentPackageDocuments)
      .values({ packageId, companyId: input.company_id, position: 1, ...pdfColumns(pdf) });
    return { added: [pdf.name] };
  });
}

/** Replaces the file of one PDF document of a group (its place in the order stays). */
export async function replacePdf(
  deps: Deps,
  actor: Actor,
  documentId: number,
  upload: PdfUpload,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const found = await requirePackageDocument(db, actor, documentId, 'edit');
  const [document] = await db
    .select({ pdfKey: documentPackageDocuments.pdfKey, pdfName: documentPackageDocuments.pdfName })
    .from(documentPackageDocuments)
    .where(eq(documentPackageDocuments.id, documentId));
  if (!document?.pdfKey) throw unprocessable(PACKAGE_DOCUMENT_MESSAGES.notPdf);
  const pdf = await storePdf(deps, found.companyId, upload);
  await db.transaction(async (tx) => {
    await tx
      .update(documentPackageDocuments)
      .set(pdfColumns(pdf))
      .where(eq(documentPackageDocuments.id, documentId));
    await recordChange(tx, {
      packageId: found.id,
      userId: actor.userId,
      action: 'pdf_replaced',
      changes: { replaced: [document.pdfName, pdf.name] },
      now: deps.clock.now(),
    });
  });
  await deps.storage.delete(document.pdfKey);
  return getRecord(deps, actor, found.id);
}

/** Removes a document from its group; the others close ranks. */
export async function removeDocument(
  deps: Deps,
  actor: Actor,
  documentId: number,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const found = await requirePackageDocument(db, actor, documentId, 'edit');
  const [removed] = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(documentPackageDocuments)
      .where(eq(documentPackageDocuments.id, documentId))
      .returning({ pdfKey: documentPackageDocuments.pdfKey, pdfName: documentPackageDocuments.pdfName });
    const rest = await tx
      .select({ id: documentPackageDocuments.id })
      .from(documentPackageDocuments)
      .where(eq(documentPackageDocuments.packageId, found.id))
      .orderBy(asc(documentPackageDocuments.position), asc(documentPackageDocuments.id));
    for (const [index, row] of rest.entries()) {
      await tx
        .update(documentPackageDocuments)
        .set({ position: index + 1 })
        .where(eq(documentPackageDocuments.id, row.id));
    }
    await recordChange(tx, {
      packageId: found.id,
      userId: actor.userId,
      action: 'document_removed',
      changes: { removed: [rows[0]?.pdfName ?? documentId] },
      now: deps.clock.now(),
    });
    return rows;
  });
  if (removed?.pdfKey) await deps.storage.delete(removed.pdfKey);
  return getRecord(deps, actor, found.id);
}

async function getRecord(deps: Deps, actor: Actor, packageId: number) {
  const { access } = await requirePackage(deps.database.db, actor, packageId, 'view');
  return packageRecord(deps.database.db, packageId, access);
}

/**
 * get_package_pdf: the group's documents, in order, as one PDF — templates rendered by the same
 * engine as a request (sample values in their fields), uploaded PDFs as stored.
 */
export async function packagePdf(deps: Deps, actor: Actor, packageId: number) {
  const { db } = deps.database;
  await requirePackage(db, actor, packageId, 'view');
  const [header] = await db
    .select({ name: documentPackages.name })
    .from(documentPackages)
    .where(eq(documentPackages.id, packageId));
  const documents = await packageDocumentRows(db, [packageId], {
    pdfKey: documentPackageDocuments.pdfKey,
    templateName: documentTemplates.name,
    html: documentTemplateVersions.html,
    headerHtml: documentTemplateVersions.headerHtml,
    footerHtml: documentTemplateVersions.footerHtml,
    page: documentTemplateVersions.page,
    fields: documentTemplateVersions.fields,
  });
  if (documents.length === 0) throw unprocessable(PACKAGE_DOCUMENT_MESSAGES.emptyPackage);
  const merged = await PDFDocument.create();
  merged.setTitle(header!.name);
  for (const document of documents) {
    const bytes = document.pdfKey ? await storedPdf(deps, document.pdfKey) : await renderedTemplate(document);
    const source = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  const pdf = Buffer.from(await merged.save());
  return {
    filename: pdfFileName(header!.name),
    page_count: merged.getPageCount(),
    pdf_base64: pdf.toString('base64'),
  };
}

async function storedPdf(deps: Deps, key: string): Promise<Buffer> {
  const bytes = await readAll(deps.storage, key);
  if (!bytes) throw notFound(PACKAGE_DOCUMENT_MESSAGES.fileMissing);
  return bytes;
}

type TemplateDocument = {
  templateName: string | null;
  html: string | null;
  headerHtml: string | null;
  footerHtml: string | null;
  page: unknown;
  fields: unknown;
};

async function renderedTemplate(document: TemplateDocument): Promise<Buffer> {
  const rendered = await renderTemplate({
    content: {
      html: document.html ?? '',
      header_html: document.headerHtml ?? '',
      footer_html: document.footerHtml ?? '',
      page: document.page as Parameters<typeof renderTemplate>[0]['content']['page'],
      fields: (document.fields ?? []) as TemplateField[],
    },
    values: {},
    samples: true,
    pages: false,
    title: document.templateName ?? undefined,
  });
  return Buffer.from(rendered.pdf_base64, 'base64');
}
