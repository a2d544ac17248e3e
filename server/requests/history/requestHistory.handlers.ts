import { and, eq } from 'drizzle-orm';
import type { requestHistory } from '../../../contract/endpoints/requestHistory.js';
import { signatureRequestDocuments } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import { resentLinkReply } from '../core/signerLinks.js';
import {
  ACTION_MESSAGES,
  cancelRequest,
  extendTimeLimit,
  resendInvitation,
  updateRequestContent,
  updateRequestValues,
} from './actions.service.js';
import {
  attemptLog,
  rejectionReasons,
  requestDetailOf,
  requestEmails,
  requestIdOfSigner,
  signerOfRequest,
  signerTimeline,
} from './detail.service.js';
import { exportTrackedEmails } from './emailTracker.handlers.js';
import { exportAttempts, exportHistory } from './exports.service.js';
import { documentPdf, requestsZip, saveDownloadLog, signerImages } from './files.service.js';
import { listRequests } from './history.service.js';

export const requestHistoryHandlers: Handlers<typeof requestHistory> = {
  listSignatureRequests: async ({ deps, actor, body }) => ({ data: await listRequests(deps, actor, body) }),
  exportSignatureRequests: async ({ deps, actor, body }) => ({ file: exportHistory(deps, actor, body) }),
  viewSignatureRequestHistory: async ({ deps, body }) => ({
    data: await requestDetailOf(deps, body.request_id),
  }),
  resendSignatureRequest: async ({ deps, actor, body }) => ({
    data: {
      ...(await resendInvitation(deps, actor, body)),
      ...(await resentLinkReply(deps, actor.apiClient, body.signer_id)),
    },
    message: ACTION_MESSAGES.resent,
  }),
  resendSignatureRequestPdf: async ({ deps, actor, body }) => ({
    data: {
      ...(await resendInvitation(deps, actor, body)),
      ...(await resentLinkReply(deps, actor.apiClient, body.signer_id)),
    },
    message: ACTION_MESSAGES.resent,
  }),
  cancelSignatureRequest: async ({ deps, actor, body }) => ({
    data: await cancelRequest(deps, actor, body),
    message: ACTION_MESSAGES.cancelled,
  }),
  extendTimeLimit: async ({ deps, actor, body }) => ({
    data: await extendTimeLimit(deps, actor, body),
    message: ACTION_MESSAGES.extended,
  }),
  downloadZip: async ({ deps, actor, body, ip, userAgent }) => ({
    file: await requestsZip(deps, { actor, requestIds: body.request_ids, ip, userAgent }),
  }),
  exportDocumentsPackagesPdf: async ({ deps, actor, body, ip, userAgent }) => ({
    file: await requestsZip(deps, { actor, requestIds: body.request_ids, ip, userAgent }),
  }),
  saveDownloadLog: async ({ deps, actor, body, ip, userAgent }) => {
    if (body.document_id) await documentInRequest(deps, body.request_id, body.document_id);
    return {
      data: await saveDownloadLog(deps, {
        actor,
        requestId: body.request_id,
        documentId: body.document_id,
        kind: body.kind,
        ip,
        userAgent,
      }),
    };
  },
  getSignatureRequestLogs: async ({ deps, params }) => ({
    data: await signerTimeline(deps.database.db, params.document_package_signer_id),
  }),
  listAttemptLogs: async ({ deps, body }) => ({ data: await attemptLog(deps.database.db, body.request_id) }),
  exportAttemptLogs: async ({ deps, body }) => ({ file: exportAttempts(deps, body.request_id) }),
  getSignatureRejectionReasons: async ({ deps, params }) => {
    const { db } = deps.database;
    const requestId = await requestIdOfSigner(db, params.document_package_signer_id);
    const signer = await signerOfRequest(db, requestId, params.document_package_signer_id);
    return {
      data: {
        reasons: await rejectionReasons(db, params.company_id),
        signer_reason: signer.rejectionReason,
      },
    };
  },
  getSignerImages: async ({ deps, params }) => ({
    data: await signerImages(deps, params.id, params.user_id),
  }),
  getEmailsSentLogs: async ({ deps, body }) => ({
    data: await requestEmails(deps.database.db, { requestId: body.request_id }),
  }),
  exportEmailStatus: async ({ deps, actor, body }) => ({ file: exportTrackedEmails(deps, actor, body) }),
  updateDocumentsPackagesValues: async ({ deps, actor, body }) => ({
    data: await updateRequestValues(deps, actor, body),
    message: ACTION_MESSAGES.updated,
  }),
  updateContentSignRequest: async ({ deps, actor, params, body }) => ({
    data: await updateRequestContent(deps, actor, params.id, body.documents),
    message: ACTION_MESSAGES.updated,
  }),
  viewPdf: async ({ deps, actor, params, ip, userAgent }) => ({
    file: await documentPdf(deps, {
      actor,
      documentId: params.id,
      signerId: params.document_package_signer_id,
      kind: 'view',
      ip,
      userAgent,
    }),
  }),
  viewPdfDocument: async ({ deps, actor, body, ip, userAgent }) => ({
    file: await documentPdf(deps, {
      actor,
      documentId: body.id,
      signerId: body.document_package_signer_id,
      kind: 'download',
      ip,
      userAgent,
    }),
  }),
  viewPdfByUser: async ({ deps, actor, body, ip, userAgent }) => ({
    file: await documentPdf(deps, { actor, documentId: body.document_id, kind: 'view', ip, userAgent }),
  }),
};

async function documentInRequest(deps: Deps, requestId: number, documentId: number): Promise<void> {
  const [document] = await deps.database.db
    .select({ id: signatureRequestDocuments.id })
    .from(signatureRequestDocuments)
    .where(
      and(eq(signatureRequestDocuments.id, documentId), eq(signatureRequestDocuments.requestId, requestId)),
    );
  if (!document) throw notFound(ACTION_MESSAGES.documentNotInRequest);
}
