import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import { createElement } from 'react';
import { defineResource } from '../../framework/defineResource';
import { TemplateListPage } from './TemplateListPage';
import { TEMPLATE_STATUS_CHOICES } from './templateChoices';
import { templatesData } from './templatesData';

/**
 * Document templates (SPEC §2.1 `user.documentTemplate.items-crud`, /document-template). The list
 * is generated from these fields; creating and editing open the editor page
 * (/document-template/{create|update}/{id}) instead of a dialog.
 */
export const documentTemplates = defineResource({
  name: 'document_templates',
  icon: ArticleOutlinedIcon,
  recordRepresentation: 'name',
  data: templatesData,
  // Created and edited on the editor page, not through bound data methods.
  access: { create: 'addTemplate', edit: 'updateTemplate' },
  screens: {
    route: { name: 'user.documentTemplate.items-crud', path: '/document-template' },
    title: 'app.menu.document_templates',
    dialogTitles: {},
    search: 'app.templates.search',
    sort: { field: 'name', order: 'ASC' },
    fields: {
      name: { column: true },
      company_name: { column: { sortable: false } },
      document_type_name: { column: { sortable: false } },
      status: { choices: TEMPLATE_STATUS_CHOICES, column: true, filter: true },
      current_version: { column: true },
      updated_at: { kind: 'dateTime', column: true },
    },
    phone: { primary: 'name', secondary: ['document_type_name', 'status'] },
    actions: ['update', 'delete'],
    overrides: { page: () => createElement(TemplateListPage) },
  },
});
