import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import { createElement, type ReactElement } from 'react';
import { defineResource } from '../../framework/defineResource';
import type { ScreenResource } from '../../framework/GeneratedListPage';
import { DocumentGroupsPage } from './DocumentGroupsPage';
import { documentGroupsData } from './documentGroupsData';

const status = {
  values: ['active', 'inactive'],
  labels: 'app.document_groups.status',
  colors: { active: 'success' },
  anyLabel: 'app.document_groups.all_statuses',
} as const;
const signingOrder = {
  values: ['sequential', 'parallel'],
  labels: 'app.document_groups.signing_order',
} as const;

/**
 * Document groups (SPEC §2.1 `admin.documentGroup.items-crud`, /document-group): the generated
 * columns and details of this declaration, inside a page with the company's folder tree. Each
 * group is edited at /document/{id}.
 */
export const documentGroups: ScreenResource = defineResource({
  name: 'document_groups',
  icon: FolderCopyOutlinedIcon,
  recordRepresentation: 'name',
  data: documentGroupsData,
  // Groups are edited on their own page (/document/{id}), not through a bound data method.
  access: { edit: 'updateDocumentPackage' },
  screens: {
    route: { name: 'admin.documentGroup.items-crud', path: '/document-group' },
    title: 'app.menu.document_groups',
    dialogTitles: { create: 'app.document_groups.create_title', show: 'app.document_groups.show_title' },
    perCompany: true,
    search: 'app.document_groups.search',
    sort: { field: 'name', order: 'ASC' },
    fields: {
      name: { column: true, form: true, detail: true },
      folder_name: { column: { sortable: false }, detail: true },
      description: { form: true, detail: 'wide' },
      status: { choices: status, column: true, detail: true },
      signing_order: { choices: signingOrder, detail: true },
      expiry_days: { detail: true },
      document_count: {
        column: { sortable: false },
        countLabel: 'app.document_groups.document_count',
      },
      version: { detail: true },
      updated_at: { kind: 'dateTime', column: true, detail: true },
    },
    phone: { primary: 'name', secondary: ['document_count', 'status'] },
    overrides: {
      page: (): ReactElement => createElement(DocumentGroupsPage, { resource: documentGroups }),
    },
  },
});
