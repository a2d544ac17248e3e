import { APPROVAL_MESSAGES } from '../../../contract/endpoints/approval.js';
import type { HandlersOf } from '../../http/handlers.js';
import { checkAutoSignStatus, decideAutoSign } from './approval.service.js';

export const approvalHandlers: HandlersOf<'checkStatusAutoSignRequest' | 'approveOrRejectAutoSignRequest'> = {
  checkStatusAutoSignRequest: async ({ deps, body }) => ({ data: await checkAutoSignStatus(deps, body) }),
  approveOrRejectAutoSignRequest: async ({ deps, body, ip, userAgent }) => ({
    data: await decideAutoSign(deps, body, { ip, userAgent }),
    message: body.approve ? APPROVAL_MESSAGES.approved : APPROVAL_MESSAGES.rejected,
  }),
};
