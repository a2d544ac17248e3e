import { SENDING_MESSAGES } from '../../../contract/endpoints/requestSending.js';
import type { HandlersOf } from '../../http/handlers.js';
import { signerLinksReply } from '../core/signerLinks.js';
import { previewSignatureRequest, processSignatureRequest } from './send.service.js';
import { requestFormOf, sendingPackage } from './sendingPackage.js';
import { requestStatusOf, sendablePackages, userSigners } from './signers.service.js';

type RequestSendingEndpoints =
  | 'listSendablePackages'
  | 'getRequestForm'
  | 'previewSignatureRequest'
  | 'processSignatureRequest'
  | 'getUserSigners'
  | 'getSignatureRequestStatus';

// Folder permissions are the caller's: every group is checked with the right to send from it.
export const requestSendingHandlers: HandlersOf<RequestSendingEndpoints> = {
  listSendablePackages: async ({ deps, actor, params, query }) => ({
    data: await sendablePackages(deps.database.db, actor, params.companyId, query.search),
  }),
  getRequestForm: async ({ deps, actor, params }) => ({
    data: requestFormOf(await sendingPackage(deps.database.db, actor, params.documentPackageId)),
  }),
  previewSignatureRequest: async ({ deps, actor, body }) => ({
    data: await previewSignatureRequest(deps, actor, body),
  }),
  processSignatureRequest: async ({ deps, actor, body }) => {
    const sent = await processSignatureRequest(deps, actor, body, { apiClient: actor.apiClient });
    return {
      data: {
        request_id: sent.requestId,
        repeated: sent.repeated,
        ...(await signerLinksReply(deps, sent.requestId)),
      },
      message: sent.repeated ? SENDING_MESSAGES.repeated : SENDING_MESSAGES.sent,
    };
  },
  getUserSigners: async ({ deps, actor, body }) => ({
    data: await userSigners(deps.database.db, actor, body),
  }),
  getSignatureRequestStatus: async ({ deps, params }) => ({
    data: await requestStatusOf(deps.database.db, params.id),
  }),
};
