import { and, asc, eq, inArray } from 'drizzle-orm';
import { pdfFileName, withoutPdfExtension } from '../../../contract/fileNames.js';
import type { Db } from '../../db/client.js';
import {
  signatureDownloadLogs,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { FileReply } from '../../http/handlers.js';
import { safeFileName, zipStoredFiles } from '../../storage/zip.js';
import { companyOfRequest } from '../core/records.js';

export const FILE_MESSAGES = {
  documentMissing: 'El archivo del documento no está disponible',
  signerNotInRequest: 'El firmante no pertenece a la solicitud de este documento',
  nothingToZip: 'Las solicitudes elegidas no tienen documentos',
} as const;

type DocumentRow = typeof signatureRequestDocuments.$inferSelect;
type LogInput = {
  actor: Actor;
  requestId: number;
  documentId?: number | null;
  signerId?: number | null;
  kind: 'view' | 'download' | 'zip';
  ip: string;
  userAgent?: string;
};

/** One row of `signature_download_logs` (document_download_logs lists them). */
export async function saveDownloadLog(deps: Pick<Deps, 'database' | 'clock'>, input: LogInput) {
  const companyId = await companyOfRequest(deps.database.db, input.requestId);
  if (companyId === undefined) throw notFound('La solicitud de firma no existe');
  const [row] = await deps.database.db
    .insert(signatureDownloadLogs)
    .values({
      companyId,
      requestId: input.requestId,
      documentId: input.documentId ?? null,
      signerId: input.signerId ?? null,
      // A server-to-server client has no user (its id is 0).
      userId: input.actor.apiClient ? null : input.actor.userId,
      kind: input.kind,
      ip: input.ip,
      userAgent: input.userAgent ?? null,
      at: deps.clock.now(),
    })
    .returning({ id: signatureDownloadLogs.id });
  return { id: row!.id };
}

/** The file a reader gets: the sealed PDF once it exists, the rendered one before. */
export const currentKeyOf = (document: DocumentRow) => document.sealedKey ?? document.renderedKey;

async function documentOf(db: Db, documentId: number): Promise<DocumentRow> {
  const [document] = await db
    .select()
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.id, documentId));
  if (!document) throw notFound('El documento no existe');
  return document;
}

/** A request's PDF for reading or download, logged; the signer (when named) must be of its request. */
export async function documentPdf(
  deps: Deps,
  input: Omit<LogInput, 'requestId' | 'documentId'> & { documentId: number },
): Promise<FileReply> {
  const { db } = deps.database;
  const document = await documentOf(db, input.documentId);
  if (input.signerId) {
    const [signer] = await db
      .select({ id: signatureRequestSigners.id })
      .from(signatureRequestSigners)
      .where(
        and(
          eq(signatureRequestSigners.id, input.signerId),
          eq(signatureRequestSigners.requestId, document.requestId),
        ),
      );
    if (!signer) throw notFound(FILE_MESSAGES.signerNotInRequest);
  }
  const stream = await deps.storage.get(currentKeyOf(document));
  if (!stream) throw notFound(FILE_MESSAGES.documentMissing);
  await saveDownloadLog(deps, { ...input, requestId: document.requestId, documentId: document.id });
  return { stream, filename: pdfFileName(safeFileName(document.name)), contentType: 'application/pdf' };
}

/**
 * A ZIP of the selected requests' documents, written while the client reads it: one folder per
 * request (`<id> - <title>/`), each document once, sealed if sealed; a download-log row per file.
 */
export async function requestsZip(
  deps: Deps,
  input: { actor: Actor; requestIds: number[]; ip: string; userAgent?: string },
): Promise<FileReply> {
  const { db } = deps.database;
  const requests = await db
    .select({ id: signatureRequests.id, title: signatureRequests.title })
    .from(signatureRequests)
    .where(inArray(signatureRequests.id, input.requestIds))
    .orderBy(asc(signatureRequests.id));
  const documents = await db
    .select()
    .from(signatureRequestDocuments)
    .where(inArray(signatureRequestDocuments.requestId, input.requestIds))
    .orderBy(asc(signatureRequestDocuments.requestId), asc(signatureRequestDocuments.position));
  if (documents.length === 0) throw notFound(FILE_MESSAGES.nothingToZip);
  const entries = zipEntries(requests, documents);
  for (const entry of entries) {
    await saveDownloadLog(deps, {
      actor: input.actor,
      requestId: entry.document.requestId,
      documentId: entry.document.id,
      kind: 'zip',
      ip: input.ip,
      userAgent: input.userAgent,
    });
  }
  const output = zipStoredFiles(
    deps.storage,
    entries.map((entry) => ({ name: entry.name, key: currentKeyOf(entry.document) })),
    (name) => `${FILE_MESSAGES.documentMissing}: ${name}`,
  );
  const stamp = deps.clock.now().toISOString().slice(0, 10);
  return { stream: output, filename: `solicitudes-${stamp}.zip`, contentType: 'application/zip' };
}

/** The paths inside the ZIP, unique even when two requests or documents share a name. */
export function zipEntries(
  requests: readonly { id: number; title: string }[],
  documents: readonly DocumentRow[],
): { name: string; document: DocumentRow }[] {
  const titles = new Map(requests.map((request) => [request.id, request.title]));
  const used = new Set<string>();
  return documents.map((document) => {
    const folder = `${document.requestId} - ${safeFileName(titles.get(document.requestId) ?? 'solicitud')}`;
    const base = withoutPdfExtension(safeFileName(document.name)) || 'documento';
    let name = `${folder}/${base}.pdf`;
    for (let copy = 2; used.has(name); copy++) name = `${folder}/${base} (${copy}).pdf`;
    used.add(name);
    return { name, document };
  });
}

/** A signer's stored signature image and selfie, as base64 (null when there is none). */
export async function signerImages(deps: Deps, requestId: number, signerId: number) {
  const [signer] = await deps.database.db
    .select()
    .from(signatureRequestSigners)
    .where(and(eq(signatureRequestSigners.id, signerId), eq(signatureRequestSigners.requestId, requestId)));
  if (!signer) throw notFound(FILE_MESSAGES.signerNotInRequest);
  const read = async (key: string | null) => {
    if (!key) return null;
    const stream = await deps.storage.get(key);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('base64');
  };
  const text = signer.fieldValues.signature_text;
  return {
    signature_kind: signer.signatureKind,
    signature_text: typeof text === 'string' ? text : null,
    signature_png_base64: await read(signer.signatureKey),
    selfie_base64: await read(signer.selfieKey),
  };
}
