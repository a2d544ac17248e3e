import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { documentsOfRequest } from '../core/records.js';
import { sealedDocumentFile, sealedDocumentsOf } from '../core/signedCopy.js';
import { type LinkedSigner, SIGNING_MESSAGES, signerOfToken } from './signer.js';

/** The signer's link once their request is over: what was signed, and its sealed PDFs. */

export const SIGNED_DOCUMENT_MESSAGES = {
  notFinished: 'La solicitud aún no termina; el documento firmado estará disponible cuando todos firmen',
  sealing: 'El documento firmado se está sellando; intente de nuevo en unos minutos',
  notInRequest: 'El documento no pertenece a esta solicitud',
} as const;

/** A completed request passes; any other is refused as the signing pages refuse it. */
function assertCompleted({ request }: LinkedSigner): void {
  if (request.status === 'completed') return;
  if (request.status === 'cancelled') throw new HttpProblem(410, SIGNING_MESSAGES.cancelled);
  if (request.status === 'rejected') throw new HttpProblem(410, SIGNING_MESSAGES.rejected);
  if (request.status === 'expired') throw new HttpProblem(410, SIGNING_MESSAGES.expired);
  throw new HttpProblem(409, SIGNED_DOCUMENT_MESSAGES.notFinished);
}

/** signed_request_documents: the finished request as its signer sees it. */
export async function signedRequestDocuments(deps: Deps, token: string) {
  const { db } = deps.database;
  const linked = await signerOfToken(deps, db, token);
  assertCompleted(linked);
  const { request, company } = linked;
  const documents = await documentsOfRequest(db, request.id);
  return {
    request_id: request.id,
    title: request.title,
    company,
    seal_status: request.sealStatus === 'sealed' ? ('sealed' as const) : ('pending' as const),
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      page_count: document.pageCount,
    })),
  };
}

/** signed_request_document: one sealed PDF of the signer's finished request, logged. */
export async function signedRequestDocument(
  deps: Deps,
  input: { token: string; documentId: number; ip: string; userAgent: string | undefined },
) {
  const { db } = deps.database;
  const linked = await signerOfToken(deps, db, input.token);
  assertCompleted(linked);
  const { request, signer } = linked;
  if (request.sealStatus !== 'sealed') throw new HttpProblem(409, SIGNED_DOCUMENT_MESSAGES.sealing);
  const document = (await sealedDocumentsOf(db, request.id)).find(({ id }) => id === input.documentId);
  if (!document) throw new HttpProblem(404, SIGNED_DOCUMENT_MESSAGES.notInRequest);
  return sealedDocumentFile(deps, document, {
    companyId: request.companyId,
    requestId: request.id,
    signerId: signer.id,
    ip: input.ip,
    userAgent: input.userAgent,
  });
}
