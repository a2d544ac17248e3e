import { createHash, createHmac } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type MailAttachment,
  signatureDownloadLogs,
  signatureRequestDocuments,
  signedCopyLinks,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import type { FileReply } from '../../http/handlers.js';
import { safeFileName, zipStoredFiles } from '../../storage/zip.js';

/**
 * The signer's copy of what they signed: the sealed PDFs attached to the completion e-mail while
 * they fit (MAIL_ATTACHMENTS_MAX_BYTES in all), else a download link that works without an
 * account for SIGNED_COPY_LINK_DAYS. The link's token is derived from the server secret and the
 * e-mail, so a retried mail job mails the same link; only its SHA-256 is stored. Every download is
 * a row of `signature_download_logs`.
 */

export const SIGNED_COPY_MESSAGES = {
  unknownLink: 'El enlace de descarga no existe. Revise que lo copió completo',
  expiredLink:
    'El enlace de descarga venció; descargue el documento firmado desde el enlace de firma de su correo',
  missing: 'El documento firmado no está disponible',
} as const;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const signedCopyToken = (sessionSecret: string, emailId: number) =>
  createHmac('sha256', sessionSecret).update(`signed-copy-link:${emailId}`).digest('base64url');

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

type SealedDocument = { id: number; name: string; sealedKey: string };

/** The request's sealed documents in order; empty unless every one is sealed. */
export async function sealedDocumentsOf(db: Db, requestId: number): Promise<SealedDocument[]> {
  const rows = await db
    .select({
      id: signatureRequestDocuments.id,
      name: signatureRequestDocuments.name,
      sealedKey: signatureRequestDocuments.sealedKey,
    })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, requestId))
    .orderBy(asc(signatureRequestDocuments.position));
  if (rows.some((row) => !row.sealedKey)) return [];
  return rows.map((row) => ({ ...row, sealedKey: row.sealedKey! }));
}

async function storedSize(deps: Pick<Deps, 'storage'>, key: string): Promise<number | null> {
  const stream = await deps.storage.get(key);
  if (!stream) return null;
  let size = 0;
  for await (const chunk of stream) size += (chunk as Buffer).length;
  return size;
}

/** Attachment names, unique within one e-mail. */
function fileNames(documents: readonly { name: string }[]): string[] {
  const used = new Set<string>();
  return documents.map((document) => {
    const base = safeFileName(document.name);
    let name = `${base}.pdf`;
    for (let copy = 2; used.has(name); copy++) name = `${base} (${copy}).pdf`;
    used.add(name);
    return name;
  });
}

export type SignedCopy = { attachments: MailAttachment[] } | { downloadUrl: string; expiresAt: Date };

/**
 * What a signer's completion e-mail carries: the sealed PDFs as attachments when they fit, else
 * a download link (created once per e-mail; a retried job finds the same one).
 */
export async function signedCopyFor(
  deps: Deps,
  input: { emailId: number; companyId: number; requestId: number; signerId: number; baseUrl: string },
): Promise<SignedCopy | null> {
  const { db } = deps.database;
  const documents = await sealedDocumentsOf(db, input.requestId);
  if (documents.length === 0) return null;
  const names = fileNames(documents);
  const attachments: MailAttachment[] = [];
  let total = 0;
  for (const [index, document] of documents.entries()) {
    const size = await storedSize(deps, document.sealedKey);
    if (size === null) throw new Error(`falta el documento sellado ${document.id}`);
    total += size;
    attachments.push({
      filename: names[index]!,
      contentType: 'application/pdf',
      storageKey: document.sealedKey,
      size,
    });
  }
  if (total <= deps.config.MAIL_ATTACHMENTS_MAX_BYTES) return { attachments };
  const token = signedCopyToken(deps.secrets.sessionSecret, input.emailId);
  await db
    .insert(signedCopyLinks)
    .values({
      companyId: input.companyId,
      requestId: input.requestId,
      signerId: input.signerId,
      emailId: input.emailId,
      tokenHash: tokenHash(token),
      expiresAt: new Date(deps.clock.now().getTime() + deps.config.SIGNED_COPY_LINK_DAYS * 86_400_000),
    })
    .onConflictDoNothing({ target: signedCopyLinks.emailId });
  const [link] = await db
    .select({ expiresAt: signedCopyLinks.expiresAt })
    .from(signedCopyLinks)
    .where(eq(signedCopyLinks.emailId, input.emailId));
  return {
    downloadUrl: `${input.baseUrl}/api/signed_document?token=${encodeURIComponent(token)}`,
    expiresAt: link!.expiresAt,
  };
}

type Download = {
  companyId: number;
  requestId: number;
  signerId: number | null;
  ip: string;
  userAgent: string | undefined;
};

/** One row of the download log per file handed to a signer (no user: the link is the signer's). */
async function logDownloads(
  deps: Pick<Deps, 'database' | 'clock'>,
  download: Download,
  documentIds: number[],
) {
  if (documentIds.length === 0) return;
  await deps.database.db.insert(signatureDownloadLogs).values(
    documentIds.map((documentId) => ({
      companyId: download.companyId,
      requestId: download.requestId,
      documentId,
      signerId: download.signerId,
      userId: null,
      kind: 'download' as const,
      ip: download.ip,
      userAgent: download.userAgent ?? null,
      at: deps.clock.now(),
    })),
  );
}

/** One sealed PDF of the request, logged as the signer's download. */
export async function sealedDocumentFile(
  deps: Deps,
  document: SealedDocument,
  download: Download,
): Promise<FileReply> {
  const stream = await deps.storage.get(document.sealedKey);
  if (!stream) throw new HttpProblem(404, SIGNED_COPY_MESSAGES.missing);
  await logDownloads(deps, download, [document.id]);
  return { stream, filename: `${safeFileName(document.name)}.pdf`, contentType: 'application/pdf' };
}

/**
 * signed_document: the sealed PDF a completion e-mail's link names (a ZIP when the request has
 * several documents). 404 for a link the server never issued, 410 once it expired.
 */
export async function signedCopyByLink(
  deps: Deps,
  input: { token: string; ip: string; userAgent: string | undefined },
): Promise<FileReply> {
  if (!TOKEN_PATTERN.test(input.token)) throw new HttpProblem(404, SIGNED_COPY_MESSAGES.unknownLink);
  const { db } = deps.database;
  const [link] = await db
    .select()
    .from(signedCopyLinks)
    .where(eq(signedCopyLinks.tokenHash, tokenHash(input.token)));
  if (!link) throw new HttpProblem(404, SIGNED_COPY_MESSAGES.unknownLink);
  if (link.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new HttpProblem(410, SIGNED_COPY_MESSAGES.expiredLink);
  const documents = await sealedDocumentsOf(db, link.requestId);
  if (documents.length === 0) throw new HttpProblem(404, SIGNED_COPY_MESSAGES.missing);
  const download = {
    ...input,
    companyId: link.companyId,
    requestId: link.requestId,
    signerId: link.signerId,
  };
  if (documents.length === 1) return sealedDocumentFile(deps, documents[0]!, download);
  const names = fileNames(documents);
  const stream = zipStoredFiles(
    deps.storage,
    documents.map((document, index) => ({ name: names[index]!, key: document.sealedKey })),
    () => SIGNED_COPY_MESSAGES.missing,
  );
  await logDownloads(
    deps,
    download,
    documents.map((document) => document.id),
  );
  return { stream, filename: 'documentos-firmados.zip', contentType: 'application/zip' };
}
