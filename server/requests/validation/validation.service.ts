import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type fileVerdict,
  type integrityStatus,
  type requestSummary,
  VALIDATION_MESSAGES,
} from '../../../contract/endpoints/validation.js';
import type { Db } from '../../db/client.js';
import { companies, signatureRequestDocuments, signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { verifyAuditChain } from '../../pades/audit-chain.js';
import { platformTrust } from '../../pades/platform-trust.js';
import { type SignatureVerdict, type Verdict, validateSealedPdf } from '../../pades/validate-pdf.js';
import { normaliseValidationCode } from '../../pades/validation-code.js';
import { readAll } from '../../storage/storage.js';
import { requestEvents, toAuditEntry } from '../core/events.js';
import { documentsOfRequest, signersOfRequest } from '../core/records.js';

/**
 * Public validation of signed documents: by the code printed on the certificate (and in its QR),
 * or by the file itself. Whoever has only the code learns who signed, when, and whether the stored
 * file is intact, never what the document says.
 */

type Summary = z.input<typeof requestSummary>;
type FileVerdict = z.input<typeof fileVerdict>;
type Status = z.infer<typeof integrityStatus>;

const STATUS_TEXT: Record<Status, string> = {
  intact: 'Íntegro: no ha cambiado desde que se firmó',
  modified: 'Modificado después de firmado: solo se agregaron anotaciones',
  altered: 'Alterado: las firmas no garantizan su contenido actual',
  unsigned: 'Sin firmas digitales',
};

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function timestampOf(signature: SignatureVerdict | undefined) {
  return signature?.timestamp
    ? { time: signature.timestamp.time.toISOString(), authority: signature.timestamp.authority }
    : null;
}

/** The chain of events is intact and still holds the entries the seal anchored. */
async function auditTrailIntact(db: Db, requestId: number): Promise<boolean> {
  const entries = (await requestEvents(db, requestId)).map(toAuditEntry);
  if (!verifyAuditChain(entries).valid) return false;
  const sealed = entries.find((entry) => entry.action === 'sealed');
  if (!sealed) return true;
  const count = Number(sealed.data.auditCount);
  return entries[count - 1]?.hash === sealed.data.auditLastHash;
}

async function summaryOf(deps: Deps, requestId: number): Promise<Summary> {
  const { db } = deps.database;
  const [request] = await db
    .select({ request: signatureRequests, company: companies.fiscalName })
    .from(signatureRequests)
    .innerJoin(companies, eq(companies.id, signatureRequests.companyId))
    .where(eq(signatureRequests.id, requestId));
  if (!request) throw new HttpProblem(404, VALIDATION_MESSAGES.unknownCode);
  const signers = await signersOfRequest(db, requestId);
  const documents = await documentsOfRequest(db, requestId);
  const trust = await platformTrust(deps.config);
  const checked = [];
  for (const document of documents) {
    if (!document.sealedKey || !document.sealedSha256) {
      checked.push({
        name: document.name,
        pages: document.pageCount,
        status: null,
        status_text: 'Aún no está sellado: faltan firmas o el sello está pendiente',
        sealed_sha256: null,
        timestamp: null,
      });
      continue;
    }
    const stored = await readAll(deps.storage, document.sealedKey);
    const bytes = stored ? new Uint8Array(stored) : undefined;
    // The stored file must be the one the seal recorded; a swapped file is altered whatever it holds.
    const verdict =
      bytes && sha256Hex(bytes) === document.sealedSha256 ? await validateSealedPdf(bytes, trust) : undefined;
    const status: Status = verdict?.status ?? 'altered';
    checked.push({
      name: document.name,
      pages: document.pageCount,
      status,
      status_text: STATUS_TEXT[status],
      sealed_sha256: document.sealedSha256,
      timestamp: timestampOf(verdict?.signatures[0]),
    });
  }
  const row = request.request;
  return {
    validation_code: row.validationCode,
    title: row.title,
    company: request.company,
    status: row.status,
    seal_status: row.sealStatus,
    completed_at: iso(row.completedAt),
    sealed_at: iso(row.sealedAt),
    audit_trail_intact: await auditTrailIntact(db, requestId),
    signers: signers
      .filter((signer) => signer.kind !== 'copy')
      .map((signer) => ({ name: signer.name, status: signer.status, signed_at: iso(signer.signedAt) })),
    documents: checked,
  };
}

export async function validateByCode(deps: Deps, input: { code: string }): Promise<Summary> {
  const code = normaliseValidationCode(input.code);
  if (!code) throw new HttpProblem(422, VALIDATION_MESSAGES.badCode, { code: VALIDATION_MESSAGES.badCode });
  const [request] = await deps.database.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(eq(signatureRequests.validationCode, code));
  if (!request) throw new HttpProblem(404, VALIDATION_MESSAGES.unknownCode);
  return summaryOf(deps, request.id);
}

function signatureReply(signature: SignatureVerdict) {
  return {
    signer: signature.signer ?? null,
    organization: signature.organization ?? null,
    signed_at: iso(signature.signedAt),
    timestamp: timestampOf(signature),
    covers_whole_document: signature.coversWholeDocument,
    valid: signature.valid,
  };
}

export async function validateUploadedPdf(
  deps: Deps,
  input: { content_base64: string },
): Promise<FileVerdict> {
  const bytes = new Uint8Array(Buffer.from(input.content_base64, 'base64'));
  if (!Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-'))
    throw new HttpProblem(422, VALIDATION_MESSAGES.notPdf, { content_base64: VALIDATION_MESSAGES.notPdf });
  const sha256 = sha256Hex(bytes);
  const verdict: Verdict = await validateSealedPdf(bytes, await platformTrust(deps.config));
  const [match] = await deps.database.db
    .select({ requestId: signatureRequestDocuments.requestId })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.sealedSha256, sha256))
    .limit(1);
  return {
    status: verdict.status,
    summary: verdict.summary,
    problems: verdict.problems,
    sha256,
    signatures: verdict.signatures.map(signatureReply),
    request: match ? await summaryOf(deps, match.requestId) : null,
  };
}
