import { eq } from 'drizzle-orm';
import {
  SIGNER_ONLY_TYPES,
  type TemplateField,
  templateFields,
} from '../../../contract/endpoints/templateFields.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import type { Db } from '../../db/client.js';
import { documentTemplates, documentTemplateVersions } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../errors.js';
import { cleanContent, rendererFields } from '../../modules/templates/templateContent.js';
import {
  checkValues,
  RENDER_MESSAGES,
  sharedRenderer,
} from '../../modules/templates/templateRender.service.js';
import type { FieldBoxRecord, NewRequestDocument } from './create.js';

/**
 * Template documents of requests: the stored version read and cleaned, the values checked, the
 * PDF rendered. Sending, bulk rows and previews all render through here.
 */

/** Part of the request creation's messages (`CREATE_MESSAGES`), which take them from here. */
export const TEMPLATE_DOCUMENT_MESSAGES = {
  templateMissing: 'La plantilla del documento no existe',
  templateBroken: 'La plantilla del documento tiene campos inválidos; edítela y vuelva a intentarlo',
} as const;

export type TemplateDocumentRender = {
  /** Also render every page as SVG (previews). */
  svgPages?: boolean;
  /** Refuse missing values of the sender's required fields (sending; a preview shows them missing). */
  requireValues?: boolean;
  /** Versions already read and cleaned (a bulk send renders one version for many rows). */
  versions?: TemplateVersionCache;
};

/** A template version read and its content cleaned once; versions never change once saved. */
export type LoadedTemplateVersion = {
  id: number;
  companyId: number;
  templateName: string;
  content: ReturnType<typeof cleanContent> | null;
};

export type TemplateVersionCache = Map<number, LoadedTemplateVersion | null>;

async function loadTemplateVersion(db: Db, versionId: number): Promise<LoadedTemplateVersion | null> {
  const [version] = await db
    .select({
      id: documentTemplateVersions.id,
      companyId: documentTemplateVersions.companyId,
      html: documentTemplateVersions.html,
      headerHtml: documentTemplateVersions.headerHtml,
      footerHtml: documentTemplateVersions.footerHtml,
      page: documentTemplateVersions.page,
      fields: documentTemplateVersions.fields,
      templateName: documentTemplates.name,
    })
    .from(documentTemplateVersions)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentTemplateVersions.templateId))
    .where(eq(documentTemplateVersions.id, versionId));
  if (!version) return null;
  const parsedFields = templateFields.safeParse(version.fields);
  const content = parsedFields.success
    ? cleanContent({
        html: version.html,
        header_html: version.headerHtml,
        footer_html: version.footerHtml,
        page: version.page,
        fields: parsedFields.data,
      })
    : null;
  return { id: version.id, companyId: version.companyId, templateName: version.templateName, content };
}

/**
 * A template document exactly as a request carries it: the company's version, content cleaned
 * again, values checked by field type. Sending and the preview both render through here.
 */
export async function renderTemplateDocument(
  db: Db,
  companyId: number,
  document: Extract<NewRequestDocument, { kind: 'template' }>,
  options: TemplateDocumentRender = { requireValues: true },
) {
  const cache = options.versions;
  let version = cache?.get(document.templateVersionId);
  if (version === undefined) {
    version = await loadTemplateVersion(db, document.templateVersionId);
    cache?.set(document.templateVersionId, version);
  }
  // Another company's version is as good as missing: its existence is not revealed.
  if (!version || version.companyId !== companyId) throw notFound(TEMPLATE_DOCUMENT_MESSAGES.templateMissing);
  const { content } = version;
  if (!content) throw unprocessable(TEMPLATE_DOCUMENT_MESSAGES.templateBroken);
  const values = checkValues(content.fields, document.values);
  if (options.requireValues) {
    const missing = missingRequiredValues(content.fields, values);
    if (Object.keys(missing).length > 0) throw unprocessable(RENDER_MESSAGES.invalidValues, missing);
  }
  const rendered = await sharedRenderer().render({
    html: content.html,
    header: content.header_html || undefined,
    footer: content.footer_html || undefined,
    page: content.page,
    title: document.name || version.templateName,
    fields: rendererFields(content.fields),
    values,
    svgPages: options.svgPages,
  });
  return {
    templateVersionId: version.id,
    fieldValues: values,
    pdf: rendered.pdf,
    sha256: rendered.sha256,
    pageCount: rendered.pageCount,
    fieldBoxes: rendered.fieldBoxes as FieldBoxRecord[],
    missingFields: rendered.missingFields,
    svgPages: rendered.svgPages,
  };
}

/** The sender's required fields left without a value (signers fill theirs when signing), by `values.<name>`. */
export function missingRequiredValues(
  fields: readonly TemplateField[],
  values: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const senderFills =
      field.filled_by === 0 && !(SIGNER_ONLY_TYPES as readonly string[]).includes(field.type);
    if (senderFills && field.required && (values[field.name] ?? '').trim() === '') {
      errors[`values.${field.name}`] = VALIDATION_MESSAGES.mandatory;
    }
  }
  return errors;
}
