import type { HandlersOf } from '../../http/handlers.js';
import { crudHandlers } from '../common/crudHandlers.js';
import { listCompanyUserItems } from '../users/userRecords.js';
import { createGroup, GROUP_MESSAGES, updateGroup, userGroupsCrud } from './userGroups.service.js';

const commonHandlers = crudHandlers(userGroupsCrud, {
  list: 'listGroups',
  get: 'getGroup',
  delete: 'deleteGroup',
});

export const userGroupsHandlers: HandlersOf<
  keyof typeof commonHandlers | 'listGroupUsers' | 'createGroup' | 'updateGroup'
> = {
  ...commonHandlers,
  // Members must belong to the group's company: exactly that company's live users.
  listGroupUsers: async ({ deps, params }) => ({
    data: await listCompanyUserItems(deps.database.db, params.company_id),
  }),
  createGroup: async ({ deps, body }) => ({
    data: await createGroup(deps, body),
    message: GROUP_MESSAGES.created,
  }),
  updateGroup: async ({ deps, params, body }) => ({
    data: await updateGroup(deps, params.id, body),
    message: GROUP_MESSAGES.updated,
  }),
};
