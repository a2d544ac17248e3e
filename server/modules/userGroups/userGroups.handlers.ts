import type { HandlersOf } from '../../http/handlers.js';
import { listCompanyUserItems } from '../users/userRecords.js';
import {
  createGroup,
  deleteGroup,
  GROUP_MESSAGES,
  getGroup,
  listGroups,
  updateGroup,
} from './userGroups.service.js';

type GroupEndpoints =
  | 'listGroups'
  | 'listGroupUsers'
  | 'getGroup'
  | 'createGroup'
  | 'updateGroup'
  | 'deleteGroup';

export const userGroupsHandlers: HandlersOf<GroupEndpoints> = {
  listGroups: async ({ deps, params, query }) => ({
    data: await listGroups(deps, {
      companyId: params.company_id,
      page: params.page,
      itemsPerPage: params.itemsPerPage,
      ...query,
    }),
  }),
  // Members must belong to the group's company: exactly that company's live users.
  listGroupUsers: async ({ deps, params }) => ({
    data: await listCompanyUserItems(deps.database.db, params.company_id),
  }),
  getGroup: async ({ deps, params }) => ({ data: await getGroup(deps.database.db, params.id) }),
  createGroup: async ({ deps, body }) => ({
    data: await createGroup(deps, body),
    message: GROUP_MESSAGES.created,
  }),
  updateGroup: async ({ deps, params, body }) => ({
    data: await updateGroup(deps, params.id, body),
    message: GROUP_MESSAGES.updated,
  }),
  deleteGroup: async ({ deps, params }) => {
    await deleteGroup(deps, params.id);
    return { data: { id: params.id }, message: GROUP_MESSAGES.deleted };
  },
};
