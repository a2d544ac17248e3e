import type { HandlersOf } from '../../http/handlers.js';
import {
  FOLDER_MESSAGES,
  getFolderPermissions,
  getPackageTree,
  setFolderPermissions,
  updateFolder,
} from './folders.service.js';
import {
  associatePdf,
  associateTemplates,
  createPdfPackage,
  PACKAGE_DOCUMENT_MESSAGES,
  packagePdf,
  removeDocument,
  reorderDocuments,
  replacePdf,
} from './packageDocuments.service.js';
import {
  createPackage,
  deletePackage,
  documentGroupFeatures,
  getPackage,
  getPackageFeatures,
  listPackages,
  PACKAGE_MESSAGES,
  packageChanges,
  updatePackage,
} from './packages.service.js';

type DocumentGroupEndpoints =
  | 'getPackageTree'
  | 'updateFolder'
  | 'getFolderPermissions'
  | 'setFolderPermissions'
  | 'listDocumentPackages'
  | 'getDocumentPackage'
  | 'getDocumentGroupFeatures'
  | 'getDocumentPackageFeatures'
  | 'addDocumentPackage'
  | 'updateDocumentPackage'
  | 'deleteDocumentPackage'
  | 'associateTemplates'
  | 'updateAssociatedTemplates'
  | 'associatePdf'
  | 'createPdfPackage'
  | 'updatePdfPackage'
  | 'deletePackageDocument'
  | 'getPackageChanges'
  | 'getPackagePdf';

const FOLDER_ACTION_MESSAGES = {
  create: FOLDER_MESSAGES.created,
  rename: FOLDER_MESSAGES.renamed,
  move: FOLDER_MESSAGES.moved,
  delete: FOLDER_MESSAGES.deleted,
} as const;

// Visibility is the caller's: `{user_id}` of the list and delete paths is the session's user,
// whose ownership the route layer checks; folder permissions are applied to the actor.
export const documentGroupsHandlers: HandlersOf<DocumentGroupEndpoints> = {
  getPackageTree: async ({ deps, actor, params }) => ({
    data: await getPackageTree(deps, actor, params.companyId),
  }),
  updateFolder: async ({ deps, actor, params, body }) => ({
    data: await updateFolder(deps, actor, params.id, body),
    message: FOLDER_ACTION_MESSAGES[body.action],
  }),
  getFolderPermissions: async ({ deps, actor, params }) => ({
    data: await getFolderPermissions(deps, actor, params.id),
  }),
  setFolderPermissions: async ({ deps, actor, params, body }) => ({
    data: await setFolderPermissions(deps, actor, params.id, body.entries),
    message: FOLDER_MESSAGES.permissionsSaved,
  }),
  listDocumentPackages: async ({ deps, actor, params, query }) => ({
    data: await listPackages(deps, actor, {
      companyId: params.companyID,
      page: params.page,
      itemsPerPage: params.itemsPerPage,
      ...query,
    }),
  }),
  getDocumentPackage: async ({ deps, actor, params }) => ({
    data: await getPackage(deps, actor, params.documentPackageId),
  }),
  getDocumentGroupFeatures: async ({ deps, params }) => ({
    data: await documentGroupFeatures(deps.database.db, params.company_id),
  }),
  getDocumentPackageFeatures: async ({ deps, actor, params }) => ({
    data: await getPackageFeatures(deps, actor, params.document_package_header_id),
  }),
  addDocumentPackage: async ({ deps, actor, body }) => ({
    data: await createPackage(deps, actor, body),
    message: PACKAGE_MESSAGES.created,
  }),
  updateDocumentPackage: async ({ deps, actor, params, body }) => ({
    data: await updatePackage(deps, actor, params.id, body),
    message: PACKAGE_MESSAGES.updated,
  }),
  deleteDocumentPackage: async ({ deps, actor, params }) => {
    await deletePackage(deps, actor, params.id);
    return { data: { id: params.id }, message: PACKAGE_MESSAGES.deleted };
  },
  associateTemplates: async ({ deps, actor, body }) => ({
    data: await associateTemplates(deps, actor, body.document_package_id, body.template_version_ids),
    message: PACKAGE_DOCUMENT_MESSAGES.templatesAdded,
  }),
  updateAssociatedTemplates: async ({ deps, actor, body }) => ({
    data: await reorderDocuments(deps, actor, body.document_package_id, body.document_ids),
    message: PACKAGE_DOCUMENT_MESSAGES.reordered,
  }),
  associatePdf: async ({ deps, actor, body }) => ({
    data: await associatePdf(deps, actor, body.document_package_id, body),
    message: PACKAGE_DOCUMENT_MESSAGES.pdfAdded,
  }),
  createPdfPackage: async ({ deps, actor, body }) => ({
    data: await createPdfPackage(deps, actor, body),
    message: PACKAGE_MESSAGES.created,
  }),
  updatePdfPackage: async ({ deps, actor, params, body }) => ({
    data: await replacePdf(deps, actor, params.id, body),
    message: PACKAGE_DOCUMENT_MESSAGES.pdfReplaced,
  }),
  deletePackageDocument: async ({ deps, actor, params }) => ({
    data: await removeDocument(deps, actor, params.id),
    message: PACKAGE_DOCUMENT_MESSAGES.removed,
  }),
  getPackageChanges: async ({ deps, actor, params }) => ({
    data: await packageChanges(deps, actor, params.documentPackageId),
  }),
  getPackagePdf: async ({ deps, actor, params }) => ({
    data: await packagePdf(deps, actor, params.documentPackageId),
  }),
};
