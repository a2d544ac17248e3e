import type { HandlersOf } from '../../http/handlers.js';
import { listCompanies } from './companies.service.js';

export const companiesHandlers: HandlersOf<'listCompanies'> = {
  // roleID and companyID of the path are legacy: the session decides what the caller sees.
  listCompanies: async ({ deps, actor, params, body }) => ({
    data: await listCompanies(deps, actor, { page: params.page, itemsPerPage: params.itemsPerPage, ...body }),
  }),
};
