import type { HandlersOf } from '../../http/handlers.js';
import { crudHandlers } from '../common/crudHandlers.js';
import { documentTypesCrud } from './documentTypes.service.js';

const commonHandlers = crudHandlers(documentTypesCrud, {
  get: 'getDocumentType',
  create: 'addDocumentType',
  update: 'updateDocumentType',
  delete: 'deleteDocumentType',
  export: 'exportDocumentTypes',
});

export const documentTypesHandlers: HandlersOf<keyof typeof commonHandlers | 'listDocumentTypes'> = {
  ...commonHandlers,
  // SPEC §7.2 puts the company and the search in the path: {key} arrives already decoded, the
  // search text or undefined for the "no search" placeholder.
  listDocumentTypes: async ({ deps, params, query: { sort, order, ...filters } }) => ({
    data: await documentTypesCrud.list(deps, {
      companyId: params.companyID,
      page: params.page,
      itemsPerPage: params.itemsPerPage,
      search: params.key,
      sort,
      order,
      filters,
    }),
  }),
};
