import type { HandlersOf } from '../../http/handlers.js';
import { getAuthenticatedUser, listRoles } from './users.service.js';

export const usersHandlers: HandlersOf<'getUser' | 'listRoles'> = {
  getUser: async ({ deps, actor, params }) => ({ data: await getAuthenticatedUser(deps, actor, params.id) }),
  listRoles: async ({ deps, params }) => ({ data: await listRoles(deps, params.page, params.itemsPerPage) }),
};
