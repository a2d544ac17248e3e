import { fieldTypeCatalogue } from '../../../contract/endpoints/templateFields.js';
import type { HandlersOf } from '../../http/handlers.js';
import {
  importDocument,
  renderVersion,
  templateVersionChanges,
  viewTemplateHtml,
} from './templateDocuments.service.js';
import { renderTemplate } from './templateRender.service.js';
import {
  addTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  listVersions,
  TEMPLATE_MESSAGES,
  templatesHeader,
  updateTemplate,
  versionsById,
} from './templates.service.js';

type TemplateEndpoints =
  | 'listTemplates'
  | 'getFieldTypes'
  | 'templatesHeader'
  | 'getTemplate'
  | 'getTemplateVersions'
  | 'getTemplateVersionsById'
  | 'addTemplate'
  | 'updateTemplate'
  | 'deleteTemplate'
  | 'convertAndCountPages'
  | 'viewHtml'
  | 'pdfPreview'
  | 'pdfPreviewDocument'
  | 'viewTemplate'
  | 'getTemplateChanges'
  | 'previewDocument';

export const templatesHandlers: HandlersOf<TemplateEndpoints> = {
  listTemplates: async ({ deps, actor, body }) => ({ data: await listTemplates(deps, actor, body) }),
  getFieldTypes: async () => ({ data: fieldTypeCatalogue() }),
  templatesHeader: async ({ deps, params }) => ({
    data: await templatesHeader(deps.database.db, params.company_id),
  }),
  getTemplate: async ({ deps, params }) => ({ data: await getTemplate(deps.database.db, params.id) }),
  getTemplateVersions: async ({ deps, params }) => ({
    data: await listVersions(deps.database.db, params.template_id),
  }),
  getTemplateVersionsById: async ({ deps, body }) => ({
    data: await versionsById(deps.database.db, body.version_ids),
  }),
  addTemplate: async ({ deps, actor, body }) => ({
    data: await addTemplate(deps, actor, body),
    message: TEMPLATE_MESSAGES.created,
  }),
  updateTemplate: async ({ deps, actor, params, body }) => {
    const saved = await updateTemplate(deps, actor, params.id, body);
    return { data: saved, message: TEMPLATE_MESSAGES.saved(saved.current_version) };
  },
  deleteTemplate: async ({ deps, params }) => {
    await deleteTemplate(deps, params.id);
    return { data: { id: params.id }, message: TEMPLATE_MESSAGES.deleted };
  },
  convertAndCountPages: async ({ body }) => ({ data: await importDocument(body.content_base64) }),
  viewHtml: async ({ deps, params }) => ({
    data: await viewTemplateHtml(deps.database.db, params.company_id, params.id),
  }),
  pdfPreview: async ({ body }) => ({
    data: await renderTemplate({ content: body, values: body.values, samples: true, pages: body.pages }),
  }),
  pdfPreviewDocument: async ({ deps, body }) => ({
    data: await renderVersion(deps.database.db, {
      templateId: body.template_id,
      versionId: body.version_id,
      values: body.values,
      samples: true,
      pages: body.pages,
    }),
  }),
  viewTemplate: async ({ deps, params, query }) => ({
    data: await renderVersion(deps.database.db, {
      templateId: params.id,
      companyId: params.company_id,
      values: {},
      samples: true,
      pages: query.pages === 'true',
    }),
  }),
  getTemplateChanges: async ({ deps, params }) => ({
    data: await templateVersionChanges(deps.database.db, params.template_id, params.version_id),
  }),
  previewDocument: async ({ deps, body }) => ({
    data: await renderVersion(deps.database.db, {
      templateId: body.template_id,
      versionId: body.version_id,
      values: body.values,
      samples: false,
      pages: body.pages,
    }),
  }),
};
