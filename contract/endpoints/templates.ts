import { z } from 'zod';
import { endpoint } from '../define.js';
import { refuseUndisplayable } from '../documentText.js';
import { ownedTable } from '../owners.js';
import { base64Upload, documentText, id, itemsPerPage, page, paginated } from '../schemas.js';
import { fieldTypeInfo, templateFields } from './templateFields.js';

const area = 'Templates';

/** Templates and their versions (a version repeats its template's company, so its id alone is checked). */
export const ownedTables = {
  documentTemplate: ownedTable({
    table: 'document_templates',
    owner: 'company_id',
    softDelete: 'deleted_at',
  }),
  documentTemplateVersion: ownedTable({ table: 'document_template_versions', owner: 'company_id' }),
};

export const templateStatus = z.enum(['active', 'inactive']);

/** Largest template HTML accepted (pictures travel inside it as data: URLs). */
export const TEMPLATE_HTML_MAX = 6_000_000;
const html = (max: number) =>
  z
    .string()
    .max(max, { message: 'El contenido de la plantilla es demasiado grande' })
    .superRefine(refuseUndisplayable);

/** Page setup of a version (millimetres), as the renderer takes it. */
export const templatePageSetup = z.object({
  paper: z.enum(['letter', 'a4']).default('letter'),
  margins: z
    .object({
      top: z.number().min(5).max(60),
      right: z.number().min(5).max(60),
      bottom: z.number().min(5).max(60),
      left: z.number().min(5).max(60),
    })
    .default({ top: 25, right: 25, bottom: 25, left: 25 }),
  pageNumbers: z.boolean().default(true),
});

/** What a save sends: the content that becomes a new version. */
export const templateContent = {
  html: html(TEMPLATE_HTML_MAX),
  header_html: html(200_000).default(''),
  footer_html: html(200_000).default(''),
  page: templatePageSetup.default({
    paper: 'letter',
    margins: { top: 25, right: 25, bottom: 25, left: 25 },
    pageNumbers: true,
  }),
  fields: templateFields.default([]),
};

/** A template as lists show it. */
export const templateSummary = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  document_type_id: z.number(),
  document_type_name: z.string(),
  name: z.string(),
  status: templateStatus,
  current_version: z.number(),
  field_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** One saved version, with its content. */
export const templateVersionRecord = z.object({
  id: z.number(),
  template_id: z.number(),
  number: z.number(),
  html: z.string(),
  header_html: z.string(),
  footer_html: z.string(),
  page: templatePageSetup,
  fields: templateFields,
  author_id: z.number().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});

/** The versions list: no content, only who saved what and when. */
export const templateVersionSummary = templateVersionRecord
  .pick({ id: true, template_id: true, number: true, author_id: true, author_name: true, created_at: true })
  .extend({ field_count: z.number(), current: z.boolean() });

/** A template with the content of its current version (get_template and every write reply). */
export const templateRecord = templateSummary.extend({
  version_id: z.number(),
  html: z.string(),
  header_html: z.string(),
  footer_html: z.string(),
  page: templatePageSetup,
  fields: templateFields,
});

/** convert_and_count_pages: a PDF's page count, or a DOCX as editable template HTML. */
export const importedDocument = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pdf'), page_count: z.number() }),
  z.object({
    kind: z.literal('docx'),
    html: z.string(),
    image_count: z.number(),
    dropped_images: z.number(),
  }),
]);

/** Largest upload of convert_and_count_pages, in bytes after decoding (the JSON body limit is 10 MB). */
export const IMPORT_MAX_BYTES = 7 * 1024 * 1024;
const uploadedFile = z.object(
  base64Upload(IMPORT_MAX_BYTES, {
    tooLarge: 'El archivo no puede superar 7 MB',
    base64: 'El contenido del archivo debe venir en base64',
  }),
);

const ownsTemplate = [{ entity: 'documentTemplate', from: 'params', field: 'id' }] as const;

export const templates = {
  listTemplates: endpoint({
    method: 'POST',
    path: 'templates',
    summary:
      'Plantillas de documento visibles, con búsqueda por nombre, filtros por tipo y estado, orden y páginas.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({
      company_id: id.optional(),
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      search: z.string().trim().max(200).optional(),
      document_type_id: id.optional(),
      status: templateStatus.optional(),
      sort: z.enum(['id', 'name', 'status', 'current_version', 'created_at', 'updated_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(templateSummary),
    owns: [
      { entity: 'company', from: 'body', field: 'company_id' },
      { entity: 'documentType', from: 'body', field: 'document_type_id' },
    ],
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  getFieldTypes: endpoint({
    method: 'GET',
    path: 'get_field_types',
    summary: 'Tipos de campo de las plantillas, con sus reglas y quién puede llenarlos.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    reply: z.array(fieldTypeInfo),
  }),
  templatesHeader: endpoint({
    method: 'GET',
    path: 'templates_header/{company_id}',
    summary: 'Plantillas activas de una empresa para elegir (id, nombre, tipo, versión vigente).',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ company_id: id }),
    reply: z.array(
      templateSummary.pick({
        id: true,
        name: true,
        document_type_id: true,
        document_type_name: true,
        current_version: true,
      }),
    ),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
  }),
  getTemplate: endpoint({
    method: 'GET',
    path: 'get_template/{id}',
    summary: 'Una plantilla con el contenido de su versión vigente.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ id }),
    reply: templateRecord,
    owns: ownsTemplate,
  }),
  getTemplateVersions: endpoint({
    method: 'GET',
    path: 'get_template_versions/{template_id}',
    summary: 'Las versiones guardadas de una plantilla, de la más reciente a la primera.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ template_id: id }),
    reply: z.array(templateVersionSummary),
    owns: [{ entity: 'documentTemplate', from: 'params', field: 'template_id' }],
  }),
  getTemplateVersionsById: endpoint({
    method: 'POST',
    path: 'get_template_versions_by_id',
    summary: 'El contenido de las versiones pedidas (hasta 20).',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({ version_ids: z.array(id).min(1).max(20) }),
    reply: z.array(templateVersionRecord),
    owns: [{ entity: 'documentTemplateVersion', from: 'body', field: 'version_ids' }],
    readOnly: true,
    skipAudit: true,
    example: { body: { version_ids: [1] } },
  }),
  addTemplate: endpoint({
    method: 'POST',
    path: 'template_add',
    summary: 'Crea una plantilla y su versión 1; el nombre no se repite dentro de la empresa.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({
      company_id: id,
      document_type_id: id,
      name: documentText(150),
      status: templateStatus.default('active'),
      ...templateContent,
    }),
    reply: templateRecord,
    owns: [
      { entity: 'company', from: 'body', field: 'company_id' },
      { entity: 'documentType', from: 'body', field: 'document_type_id' },
    ],
    example: { body: { company_id: 1, document_type_id: 1, name: 'Contrato', html: '<p>Hola</p>' } },
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: 'template_update/{id}',
    summary:
      'Guarda una plantilla: cada guardado es una versión nueva e inmutable. Con base_version, 409 si otra persona guardó antes.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ id }),
    body: z.object({
      document_type_id: id.optional(),
      name: documentText(150).optional(),
      status: templateStatus.optional(),
      base_version: z.number().int().min(1).optional(),
      ...templateContent,
    }),
    reply: templateRecord,
    owns: [...ownsTemplate, { entity: 'documentType', from: 'body', field: 'document_type_id' }],
    example: { params: { id: 1 }, body: { html: '<p>Hola</p>' } },
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: 'template/delete/{id}',
    summary: 'Elimina una plantilla (sus versiones se conservan para las solicitudes hechas con ella).',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ id }),
    reply: z.object({ id: z.number() }),
    owns: ownsTemplate,
  }),
  convertAndCountPages: endpoint({
    method: 'POST',
    path: 'convert_and_count_pages',
    summary:
      'Un DOCX subido se convierte en HTML editable de plantilla; de un PDF se cuentan las páginas. Rechaza otros tipos, macros, bombas ZIP y PDF cifrados o dañados.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: uploadedFile,
    reply: importedDocument,
    readOnly: true,
    example: { body: { filename: 'contrato.docx', content_base64: 'UEsDBA==' } },
  }),
} as const;
