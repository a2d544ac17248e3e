import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { EVIDENCE_MESSAGES } from '../../../contract/endpoints/requestEvidence.js';
import { signatureRequestDocuments, signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import type { FileReply, HandlersOf } from '../../http/handlers.js';
import { verifyAuditChain } from '../../pades/audit-chain.js';
import { readAll } from '../../storage/storage.js';
import { requestEvents, toAuditEntry } from '../core/events.js';
import { signersOfRequest } from '../core/records.js';
import { certificateAuditTrail, eventUsers } from './sealEvidence.js';

/** The chained trail of a request as the certificate of completion prints it, in JSON. */
async function auditTrail(deps: Deps, requestId: number) {
  const { db } = deps.database;
  const [request] = await db
    .select({ validationCode: signatureRequests.validationCode })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  if (!request) throw notFound();
  const events = await requestEvents(db, requestId);
  const signers = await signersOfRequest(db, requestId);
  const entries = certificateAuditTrail(events, signers, await eventUsers(deps, events));
  return {
    request_id: requestId,
    validation_code: request.validationCode,
    intact: verifyAuditChain(events.map(toAuditEntry)).valid,
    entries: entries.map(({ previousHash, ...entry }) => ({ ...entry, previous_hash: previousHash })),
  };
}

/**
 * The certificate of completion alone: the pages the seal appended after the document's own, copied
 * out of the sealed PDF (so it is exactly the certificate sealed; the signature covers the full file).
 */
async function completionCertificate(deps: Deps, documentId: number): Promise<FileReply> {
  const [document] = await deps.database.db
    .select({
      name: signatureRequestDocuments.name,
      pageCount: signatureRequestDocuments.pageCount,
      sealedKey: signatureRequestDocuments.sealedKey,
    })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.id, documentId));
  if (!document) throw notFound();
  if (!document.sealedKey) throw conflict(EVIDENCE_MESSAGES.notSealed);
  const sealed = await readAll(deps.storage, document.sealedKey);
  if (!sealed) throw notFound();
  const source = await PDFDocument.load(new Uint8Array(sealed), { updateMetadata: false });
  const pages = source.getPageIndices().slice(document.pageCount);
  if (pages.length === 0) throw conflict(EVIDENCE_MESSAGES.notSealed);
  const certificate = await PDFDocument.create();
  for (const page of await certificate.copyPages(source, pages)) certificate.addPage(page);
  const bytes = Buffer.from(await certificate.save());
  return {
    stream: Readable.from([bytes]),
    filename: `certificado-${document.name.replace(/\.pdf$/i, '')}.pdf`,
    contentType: 'application/pdf',
  };
}

export const evidenceHandlers: HandlersOf<'getSignatureRequestAuditTrail' | 'getCompletionCertificate'> = {
  getSignatureRequestAuditTrail: async ({ deps, params }) => ({ data: await auditTrail(deps, params.id) }),
  getCompletionCertificate: async ({ deps, params }) => ({
    file: await completionCertificate(deps, params.documentId),
  }),
};
