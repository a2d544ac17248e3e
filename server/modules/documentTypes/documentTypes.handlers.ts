import type { HandlersOf } from '../../http/handlers.js';
import {
  addDocumentType,
  DOCUMENT_TYPE_MESSAGES,
  deleteDocumentType,
  exportDocumentTypes,
  getDocumentType,
  listDocumentTypes,
  updateDocumentType,
} from './documentTypes.service.js';

type DocumentTypeEndpoints =
  | 'listDocumentTypes'
  | 'getDocumentType'
  | 'addDocumentType'
  | 'updateDocumentType'
  | 'deleteDocumentType'
  | 'exportDocumentTypes';

export const documentTypesHandlers: HandlersOf<DocumentTypeEndpoints> = {
  // {key} arrives already decoded: the search text, or undefined for the "no search" placeholder.
  listDocumentTypes: async ({ deps, params, query }) => ({
    data: await listDocumentTypes(deps, {
      companyId: params.companyID,
      page: params.page,
      itemsPerPage: params.itemsPerPage,
      search: params.key,
      ...query,
    }),
  }),
  getDocumentType: async ({ deps, params }) => ({ data: await getDocumentType(deps.database.db, params.id) }),
  addDocumentType: async ({ deps, body }) => ({
    data: await addDocumentType(deps, body),
    message: DOCUMENT_TYPE_MESSAGES.created,
  }),
  updateDocumentType: async ({ deps, params, body }) => ({
    data: await updateDocumentType(deps, params.id, body),
    message: DOCUMENT_TYPE_MESSAGES.updated,
  }),
  deleteDocumentType: async ({ deps, params }) => {
    await deleteDocumentType(deps, params.id);
    return { data: { id: params.id }, message: DOCUMENT_TYPE_MESSAGES.deleted };
  },
  exportDocumentTypes: async ({ deps, actor, body }) => ({ file: exportDocumentTypes(deps, actor, body) }),
};
