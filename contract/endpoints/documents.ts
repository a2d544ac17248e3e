import { z } from 'zod';
import { endpoint } from '../define.js';
import { refuseUndisplayable } from '../documentText.js';
import { id } from '../schemas.js';
import { templateField } from './templateFields.js';
import { templateContent, templateVersionSummary } from './templates.js';

const area = 'Document';

/** Merge values: always text, inserted as text (never markup, never a URL scheme). */
/** Values by field name; each is text a document shows, so it refuses what the fonts cannot draw. */
export const mergeValues = z
  .record(z.string().max(80), z.string().max(8_000_000).superRefine(refuseUndisplayable))
  .default({});

/** A rendered PDF, inline as base64 (the screens show it from a blob URL; no cookie auth exists). */
export const renderedPdf = z.object({
  pdf_base64: z.string(),
  sha256: z.string(),
  page_count: z.number(),
  page_size: z.object({ width: z.number(), height: z.number() }),
  /** Signature, initials and signing-date boxes: PDF points, origin bottom-left, page 1-based. */
  field_boxes: z.array(
    z.object({
      field: z.string(),
      kind: z.enum(['signature', 'initials', 'signing_date']),
      signer: z.number(),
      page: z.number(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  /** Value fields printed as «name» because they had no value. */
  missing_fields: z.array(z.string()),
  /** One standalone SVG per page, when asked for (`pages: true`). */
  svg_pages: z.array(z.string()).optional(),
});

/** The sanitised HTML of a template version, as the renderer and the signer see it. */
export const templateHtml = z.object({
  template_id: z.number(),
  version_id: z.number(),
  number: z.number(),
  name: z.string(),
  html: z.string(),
  header_html: z.string(),
  footer_html: z.string(),
});

/** One block of the side-by-side comparison of two versions' text. */
const diffBlock = z.object({
  change: z.enum(['same', 'added', 'removed', 'changed']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export const templateChanges = z.object({
  template_id: z.number(),
  version: templateVersionSummary,
  /** Null for version 1: everything in it is new. */
  previous: templateVersionSummary.nullable(),
  body: z.array(diffBlock),
  header: z.array(diffBlock),
  footer: z.array(diffBlock),
  fields: z.object({
    added: z.array(templateField),
    removed: z.array(templateField),
    changed: z.array(z.object({ name: z.string(), before: templateField, after: templateField })),
  }),
  page_changed: z.boolean(),
});

const pages = z.boolean().default(false);
const ownsTemplateInBody = [{ entity: 'documentTemplate', from: 'body', field: 'template_id' }] as const;
const ownsVersionInBody = { entity: 'documentTemplateVersion', from: 'body', field: 'version_id' } as const;
/** `{company_id}` and `{id}` of a template in the path (viewHtml, view_template). */
const ownsCompanyTemplateInPath = [
  { entity: 'company', from: 'params', field: 'company_id' },
  { entity: 'documentTemplate', from: 'params', field: 'id' },
] as const;

export const documents = {
  viewHtml: endpoint({
    method: 'GET',
    path: 'viewHtml/{company_id}/{id}',
    summary: 'El HTML saneado de la versión vigente de una plantilla de la empresa.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ company_id: id, id }),
    reply: templateHtml,
    owns: ownsCompanyTemplateInPath,
  }),
  pdfPreview: endpoint({
    method: 'POST',
    path: 'pdf_preview',
    summary:
      'PDF de un contenido aún no guardado (el del editor), con valores de ejemplo por tipo de campo; el mismo motor que el PDF final.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({ ...templateContent, values: mergeValues, pages }),
    reply: renderedPdf,
    readOnly: true,
    skipAudit: true,
    example: { body: { html: '<p>Hola</p>' } },
  }),
  pdfPreviewDocument: endpoint({
    method: 'POST',
    path: 'pdf_preview_document',
    summary:
      'PDF de una versión guardada (la vigente si no se indica) con valores de ejemplo para cada campo sin valor.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({ template_id: id, version_id: id.optional(), values: mergeValues, pages }),
    reply: renderedPdf,
    owns: [...ownsTemplateInBody, ownsVersionInBody],
    readOnly: true,
    skipAudit: true,
    example: { body: { template_id: 1 } },
  }),
  viewTemplate: endpoint({
    method: 'GET',
    path: 'view_template/{id}/{company_id}',
    summary: 'PDF de la versión vigente de una plantilla con valores de ejemplo.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ id, company_id: id }),
    query: z.object({ pages: z.enum(['true', 'false']).optional() }),
    reply: renderedPdf,
    owns: ownsCompanyTemplateInPath,
  }),
  getTemplateChanges: endpoint({
    method: 'GET',
    path: 'get_template_changes/{template_id}/{version_id}',
    summary: 'Qué cambió en una versión respecto de la anterior: texto por bloques, campos y página.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    params: z.object({ template_id: id, version_id: id }),
    reply: templateChanges,
    owns: [
      { entity: 'documentTemplate', from: 'params', field: 'template_id' },
      { entity: 'documentTemplateVersion', from: 'params', field: 'version_id' },
    ],
  }),
  previewDocument: endpoint({
    method: 'POST',
    path: 'preview_document',
    summary:
      'El documento tal como saldría en una solicitud: la versión (vigente si no se indica) con los valores dados, validados por tipo; los que falten se marcan.',
    area,
    scope: 'company',
    permissions: ['document_template.list'],
    body: z.object({ template_id: id, version_id: id.optional(), values: mergeValues, pages }),
    reply: renderedPdf,
    owns: [...ownsTemplateInBody, ownsVersionInBody],
    readOnly: true,
    skipAudit: true,
    example: { body: { template_id: 1, values: {} } },
  }),
} as const;
