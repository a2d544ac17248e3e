import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { defineResource } from '../../framework/defineResource';
import { documentTypesData, exportDocumentTypesBody } from './documentTypesData';

const status = {
  values: ['active', 'inactive'],
  labels: 'app.document_types.status',
  colors: { active: 'success' },
  anyLabel: 'app.document_types.all_statuses',
} as const;

/** Document types (SPEC §2.1 `user.documentType.items-crud`, /document-type), one company at a time. */
export const documentTypes = defineResource({
  name: 'document_types',
  icon: DescriptionOutlinedIcon,
  recordRepresentation: 'name',
  data: documentTypesData,
  access: { export: 'exportDocumentTypes' },
  screens: {
    route: { name: 'user.documentType.items-crud', path: '/document-type' },
    title: 'app.menu.document_types',
    dialogTitles: {
      create: 'app.document_types.create_title',
      edit: 'app.document_types.edit_title',
      show: 'app.document_types.show_title',
    },
    perCompany: true,
    search: 'app.document_types.search',
    sort: { field: 'name', order: 'ASC' },
    fields: {
      company_id: { form: 'create', detail: true },
      name: { column: true, form: true, detail: true },
      code: {
        column: true,
        form: true,
        detail: true,
        upperCase: true,
        helper: 'app.document_types.code_help',
      },
      description: { column: { sortable: false }, form: true, detail: 'wide' },
      status: { choices: status, column: true, filter: true, form: true, detail: true },
      created_at: { kind: 'dateTime', column: true },
      updated_at: { kind: 'dateTime', detail: true },
    },
    phone: { primary: 'name', secondary: ['code', 'status'] },
    createDefaults: { status: 'active' },
    export: {
      endpoint: 'exportDocumentTypes',
      filename: 'tipos-de-documento.xlsx',
      toBody: exportDocumentTypesBody,
    },
  },
});
