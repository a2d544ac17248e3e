import type { HandlersOf } from '../../http/handlers.js';
import { IMPERSONATION_MESSAGES, startImpersonation } from './impersonation.service.js';
import { getAuthenticatedUser, listCompanyUsers, listRoles } from './users.service.js';

export const usersHandlers: HandlersOf<'getUser' | 'listRoles' | 'listCompanyUsers' | 'startImpersonation'> =
  {
    getUser: async ({ deps, actor, params }) => ({
      data: await getAuthenticatedUser(deps, actor, params.id),
    }),
    listRoles: async ({ deps, params }) => ({
      data: await listRoles(deps, params.page, params.itemsPerPage),
    }),
    listCompanyUsers: async ({ deps, params }) => ({ data: await listCompanyUsers(deps, params.company_id) }),
    startImpersonation: async ({ deps, actor, params, body, ip, userAgent }) => ({
      data: await startImpersonation(deps, actor, {
        companyId: params.companyId,
        userId: body.user_id,
        ip,
        userAgent,
      }),
      message: IMPERSONATION_MESSAGES.started,
    }),
  };
