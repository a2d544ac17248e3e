import type { HandlersOf } from '../../http/handlers.js';
import { IMPERSONATION_MESSAGES, startImpersonation } from './impersonation.service.js';
import { INVITATION_MESSAGES, resendInvitation } from './invitation.service.js';
import {
  activateUser,
  deleteUser,
  saveUser,
  USER_MESSAGES,
  updatePersonalData,
} from './userAdmin.service.js';
import { exportUsers, findUserByEmail, getUserRecord, listUsers } from './userRecords.js';
import { getAuthenticatedUser, listAdminUsers, listCompanyUsers, listRoles } from './users.service.js';

type UserEndpoints =
  | 'getUser'
  | 'updateUser'
  | 'listUsers'
  | 'getUserRecord'
  | 'getUserByEmail'
  | 'listCompanyUsers'
  | 'saveUser'
  | 'resendInvitation'
  | 'deleteUser'
  | 'activateUser'
  | 'unlockUser'
  | 'listAdminUsers'
  | 'exportUsers'
  | 'listRoles'
  | 'startImpersonation';

export const usersHandlers: HandlersOf<UserEndpoints> = {
  getUser: async ({ deps, actor, params }) => ({
    data: await getAuthenticatedUser(deps, actor, params.id),
  }),
  updateUser: async ({ deps, actor, params, body }) => ({
    data: await updatePersonalData(deps, actor, params.id, body),
    message: params.id === actor.userId ? USER_MESSAGES.profileUpdated : USER_MESSAGES.updated,
  }),
  listUsers: async ({ deps, actor, body }) => ({ data: await listUsers(deps, actor, body) }),
  getUserRecord: async ({ deps, params }) => ({ data: await getUserRecord(deps.database.db, params.id) }),
  getUserByEmail: async ({ deps, params }) => ({
    data: await findUserByEmail(deps, params.email, params.company_id),
  }),
  listCompanyUsers: async ({ deps, params }) => ({ data: await listCompanyUsers(deps, params.company_id) }),
  saveUser: async ({ deps, actor, body, ip }) => {
    const { record, created } = await saveUser(deps, actor, body, ip);
    return { data: record, message: created ? USER_MESSAGES.created : USER_MESSAGES.updated };
  },
  resendInvitation: async ({ deps, actor, params, ip }) => ({
    data: await resendInvitation(deps, actor, params.id, ip),
    message: INVITATION_MESSAGES.sent,
  }),
  deleteUser: async ({ deps, actor, params }) => {
    await deleteUser(deps, actor, params.id);
    return { data: { id: params.id }, message: USER_MESSAGES.deleted };
  },
  activateUser: async ({ deps, actor, params }) => ({
    data: await activateUser(deps, actor, params.id, { onlyLocked: false }),
    message: USER_MESSAGES.activated,
  }),
  unlockUser: async ({ deps, actor, params }) => ({
    data: await activateUser(deps, actor, params.id, { onlyLocked: true }),
    message: USER_MESSAGES.unlocked,
  }),
  listAdminUsers: async ({ deps, params }) => ({ data: await listAdminUsers(deps, params.companyID) }),
  exportUsers: async ({ deps, actor, body }) => ({ file: exportUsers(deps, actor, body) }),
  listRoles: async ({ deps, actor, params }) => ({
    data: await listRoles(deps, actor, params.page, params.itemsPerPage),
  }),
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
