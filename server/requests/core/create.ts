import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  documentPackages,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { FieldBox } from '../../documents/fields.js';
import { unprocessable } from '../../errors.js';
import { consumeUnits } from '../../modules/plans/consumption.service.js';
import { newValidationCode } from '../../pades/validation-code.js';
import { checkPdfUpload } from '../../uploads/index.js';
import { appendRequestEvent } from './events.js';
import { inviteSigner } from './mail.js';
import { queueRequestPages } from './pages.js';
import {
  renderTemplateDocument,
  TEMPLATE_DOCUMENT_MESSAGES,
  type TemplateVersionCache,
} from './templateDocument.js';
import { signerTokenHash } from './tokens.js';

/**
 * Creating signature requests, shared by every way of sending (single, bulk, PDF, API). Two
 * steps: the documents are rendered and stored first, outside any transaction (CPU and disk);
 * then, in the caller's transaction, plan units are consumed and the rows written, so a refused
 * consumption writes nothing and a bulk row becomes its request exactly once.
 */

export type SignerKind = 'signer' | 'approver' | 'copy';

/** A box of a PDF document (the PDF editor also places text, checkbox and date boxes). */
export type FieldBoxRecord = {
  field: string;
  kind: FieldBox['kind'] | 'text' | 'checkbox' | 'date';
  signer: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type NewRequestDocument =
  | { kind: 'template'; templateVersionId: number; name: string; values: Record<string, string> }
  | { kind: 'pdf'; name: string; pdf: Uint8Array; fieldBoxes: FieldBoxRecord[]; pdfTemplateId?: number };

export type NewRequestSigner = {
  /** "Firmante N": fills the template fields and boxes of signer N. */
  number: number;
  kind: SignerKind;
  name: string;
  email: string;
  phone?: string;
  idType?: string;
  idNumber?: string;
  authentication: string[];
};

export type NewSignatureRequest = {
  companyId: number;
  createdBy: number | null;
  source: 'single' | 'bulk' | 'pdf' | 'bulk_pdf' | 'api';
  packageId?: number;
  title: string;
  message?: string;
  signingOrder: 'sequential' | 'parallel';
  expiresAt: Date;
  reminderDays?: number | null;
  batchId?: number;
  apiClient?: boolean;
  /** The company hands the signers their links (from the API reply): no invitation is e-mailed. */
  linksByCompany?: boolean;
  documents: NewRequestDocument[];
  signers: NewRequestSigner[];
  /** Storage key prefix for idempotent retries (bulk rows): same prefix → same keys. */
  storagePrefix?: string;
  /** The sender's idempotency key and the fingerprint of what it submitted (single and API sends). */
  idempotency?: { key: string; fingerprint: string };
};

/** A document as stored by the first step: the exact bytes the signers will see. */
export type PreparedDocument = {
  position: number;
  name: string;
  templateVersionId: number | null;
  fieldValues: Record<string, string>;
  key: string;
  /** Size of the stored file. */
  bytes: number;
  sha256: string;
  pageCount: number;
  fieldBoxes: FieldBoxRecord[];
};

export type PreparedRequest = Omit<NewSignatureRequest, 'documents'> & { documents: PreparedDocument[] };

export type CreatedRequest = { requestId: number; validationCode: string; signerIds: number[] };

export const CREATE_MESSAGES = {
  noDocuments: 'La solicitud necesita al menos un documento',
  noSigners: 'La solicitud necesita al menos un firmante o aprobador',
  duplicateSigner: (number: number) => `El firmante ${number} está repetido`,
  ...TEMPLATE_DOCUMENT_MESSAGES,
  expiresInPast: 'La fecha de vencimiento debe ser posterior a este momento',
} as const;

/** Signers who consume a unit and sign (or approve); copy recipients only get the result. */
export const isActingSigner = (signer: { kind: SignerKind }) => signer.kind !== 'copy';

/** Where the documents of a request are stored: the caller's prefix, or a fresh folder of the company. */
const storageFolder = (input: NewSignatureRequest) =>
  input.storagePrefix?.replace(/\/+$/, '') ?? `companies/${input.companyId}/requests/${randomUUID()}`;

/**
 * Step 1, outside any transaction: template documents rendered with their checked values, PDFs
 * checked and taken as they are; every file stored. Bad values: 422 with one message per field
 * under `values.<name>`.
 */
export async function prepareRequestDocuments(
  deps: Deps,
  input: NewSignatureRequest,
  versions?: TemplateVersionCache,
): Promise<PreparedRequest> {
  if (input.documents.length === 0) throw unprocessable(CREATE_MESSAGES.noDocuments);
  checkSigners(input.signers);
  const folder = storageFolder(input);
  const prepared: PreparedDocument[] = [];
  for (const [index, document] of input.documents.entries()) {
    const position = index + 1;
    const key = `${folder}/document-${position}.pdf`;
    if (document.kind === 'template') {
      const rendered = await renderTemplateDocument(deps.database.db, input.companyId, document, {
        requireValues: true,
        versions,
      });
      await deps.storage.put(key, rendered.pdf);
      prepared.push({
        position,
        name: document.name,
        templateVersionId: rendered.templateVersionId,
        fieldValues: rendered.fieldValues,
        key,
        bytes: rendered.pdf.length,
        sha256: rendered.sha256,
        pageCount: rendered.pageCount,
        fieldBoxes: rendered.fieldBoxes,
      });
    } else {
      const { pageCount } = await checkPdfUpload(document.pdf);
      await deps.storage.put(key, document.pdf);
      prepared.push({
        position,
        name: document.name,
        templateVersionId: null,
        fieldValues: {},
        key,
        bytes: document.pdf.length,
        sha256: sha256Hex(document.pdf),
        pageCount,
        fieldBoxes: document.fieldBoxes,
      });
    }
  }
  const { documents: _documents, ...rest } = input;
  return { ...rest, documents: prepared };
}

/** Removes the files of a prepared request whose transaction did not commit (never a caller's fixed prefix). */
export async function discardPreparedRequest(deps: Deps, prepared: PreparedRequest): Promise<void> {
  if (prepared.storagePrefix) return;
  await Promise.all(prepared.documents.map((document) => deps.storage.delete(document.key)));
}

export function checkSigners(signers: readonly NewRequestSigner[]): void {
  if (!signers.some(isActingSigner)) throw unprocessable(CREATE_MESSAGES.noSigners);
  const seen = new Set<number>();
  for (const signer of signers) {
    if (seen.has(signer.number)) throw unprocessable(CREATE_MESSAGES.duplicateSigner(signer.number));
    seen.add(signer.number);
  }
}

export {
  type LoadedTemplateVersion,
  missingRequiredValues,
  renderTemplateDocument,
  type TemplateDocumentRender,
  type TemplateVersionCache,
} from './templateDocument.js';

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Step 2, in the caller's transaction: one plan unit per signer or approver (409 and nothing
 * written when the company has none), the request, its documents and signers (links of round 1),
 * the `sent` event, and the invitations of the first turn. Copy recipients are never invited
 * here: they get the result at completion.
 */
export async function insertSignatureRequest(
  deps: Deps,
  tx: Db,
  prepared: PreparedRequest,
): Promise<CreatedRequest> {
  checkSigners(prepared.signers);
  if (prepared.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw unprocessable(CREATE_MESSAGES.expiresInPast, { expires_at: CREATE_MESSAGES.expiresInPast });
  }
  const settings = prepared.packageId ? await packageSettingsOf(tx, prepared.packageId) : NO_PACKAGE;
  const validationCode = newValidationCode();
  const [request] = await tx
    .insert(signatureRequests)
    .values(requestRow(prepared, settings, validationCode))
    .returning({ id: signatureRequests.id });
  const requestId = request!.id;
  const units = prepared.signers.filter(isActingSigner).length;
  await consumeUnits(deps, {
    companyId: prepared.companyId,
    units,
    reference: `signature_request:${requestId}`,
    within: tx,
  });
  await tx.insert(signatureRequestDocuments).values(documentRows(requestId, prepared));
  await queueRequestPages(tx, [requestId]);
  await appendRequestEvent(tx, {
    requestId,
    userId: prepared.createdBy,
    action: 'sent',
    details: {
      source: prepared.source,
      documents: prepared.documents.map((document) => ({ name: document.name, sha256: document.sha256 })),
      signers: prepared.signers.length,
      units,
      ...(prepared.apiClient ? { api_client: true } : {}),
    },
  });
  const signers = await insertSigners(deps, tx, requestId, prepared);
  const firstTurn = Math.min(...signers.filter(isActingSigner).map((signer) => signer.turn));
  for (const signer of signers) {
    if (isActingSigner(signer) && signer.turn === firstTurn) await inviteSigner(deps, tx, signer.id);
  }
  return { requestId, validationCode, signerIds: signers.map((signer) => signer.id) };
}

/** The `signature_request_documents` rows of a prepared request, as rendered and stored. */
export function documentRows(requestId: number, prepared: PreparedRequest) {
  return prepared.documents.map((document) => ({
    requestId,
    companyId: prepared.companyId,
    position: document.position,
    name: document.name,
    templateVersionId: document.templateVersionId,
    fieldValues: document.fieldValues,
    renderedKey: document.key,
    renderedBytes: document.bytes,
    renderedSha256: document.sha256,
    pageCount: document.pageCount,
    fieldBoxes: document.fieldBoxes,
  }));
}

export type PackageSettings = { version: number | null; autoSign: boolean; approverId: number | null };
/** A request made without a document group (a PDF to sign). */
export const NO_PACKAGE: PackageSettings = { version: null, autoSign: false, approverId: null };

/** The `signature_requests` row of a prepared request, one at a time or many in one statement. */
export function requestRow(prepared: PreparedRequest, settings: PackageSettings, validationCode: string) {
  return {
    companyId: prepared.companyId,
    packageId: prepared.packageId ?? null,
    packageVersion: settings.version,
    autoSign: settings.autoSign,
    autoSignApproverId: settings.approverId,
    batchId: prepared.batchId ?? null,
    source: prepared.source,
    title: prepared.title,
    message: prepared.message ?? null,
    signingOrder: prepared.signingOrder,
    expiresAt: prepared.expiresAt,
    reminderDays: prepared.reminderDays ?? null,
    validationCode,
    createdBy: prepared.createdBy,
    apiClient: prepared.apiClient ?? false,
    linksByCompany: prepared.linksByCompany ?? false,
    idempotencyKey: prepared.idempotency?.key ?? null,
    idempotencyFingerprint: prepared.idempotency?.fingerprint ?? null,
  };
}

/** The group's version when sent, and its auto-sign (the company signs last once approved). */
export async function packageSettingsOf(tx: Db, packageId: number): Promise<PackageSettings> {
  const [row] = await tx
    .select({
      version: documentPackages.version,
      autoSignEnabled: documentPackages.autoSignEnabled,
      autoSignApproverId: documentPackages.autoSignApproverId,
    })
    .from(documentPackages)
    .where(eq(documentPackages.id, packageId));
  const approverId = row?.autoSignEnabled ? (row.autoSignApproverId ?? null) : null;
  return { version: row?.version ?? null, autoSign: approverId !== null, approverId };
}

/** Signers in their order: turn = position when sequential, 1 for everyone when parallel. */
async function insertSigners(deps: Deps, tx: Db, requestId: number, prepared: PreparedRequest) {
  const ordered = [...prepared.signers].sort((a, b) => a.number - b.number);
  const inserted: { id: number; turn: number; kind: SignerKind }[] = [];
  for (const [index, signer] of ordered.entries()) {
    const turn = prepared.signingOrder === 'sequential' ? index + 1 : 1;
    const [row] = await tx
      .insert(signatureRequestSigners)
      .values({
        requestId,
        companyId: prepared.companyId,
        number: signer.number,
        turn,
        kind: signer.kind,
        name: signer.name.trim(),
        email: signer.email.trim().toLowerCase(),
        phone: signer.phone?.trim() || null,
        idType: signer.idType?.trim() || null,
        idNumber: signer.idNumber?.trim() || null,
        authentication: signer.authentication,
        // The hash derives from the id, known only after the insert.
        tokenHash: `pending-${requestId}-${signer.number}`,
      })
      .returning({ id: signatureRequestSigners.id });
    const id = row!.id;
    await tx
      .update(signatureRequestSigners)
      .set({ tokenHash: signerTokenHash(deps.secrets.sessionSecret, id, 1) })
      .where(eq(signatureRequestSigners.id, id));
    inserted.push({ id, turn, kind: signer.kind });
  }
  return inserted;
}
