import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import type { StoredPageSetup } from '../../db/schema/index.js';
import {
  MAX_NESTING_DEPTH,
  NESTING_MESSAGE,
  nestingDepth,
  parseHtml,
  rawNestingTooDeep,
} from '../../documents/html-nodes.js';
import { type FieldDefinitions, sanitizeTemplateHtml } from '../../documents/index.js';
import { unprocessable } from '../../errors.js';

export const CONTENT_MESSAGES = {
  undeclaredField: (name: string) =>
    `El texto usa el campo «${name}», que no está en la lista de campos de la plantilla`,
  emptyBody: 'La plantilla no tiene contenido',
} as const;

export type TemplateContent = {
  html: string;
  header_html: string;
  footer_html: string;
  page: StoredPageSetup;
  fields: TemplateField[];
};

/** The merge-field names an HTML fragment uses, in order of first use. */
export function fieldNamesIn(html: string): string[] {
  // The sanitiser writes every attribute double-quoted and entity-escaped.
  const names = [...html.matchAll(/data-field="([^"]*)"/g)].map((match) => decodeAttribute(match[1]!));
  return [...new Set(names)];
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * What a save stores: body, header and footer through the one template policy, and every field
 * the text uses declared in the field list (a field may be declared and not used yet).
 */
export function cleanContent(input: TemplateContent): TemplateContent {
  for (const field of ['html', 'header_html', 'footer_html'] as const) {
    if (rawNestingTooDeep(input[field])) throw unprocessable(NESTING_MESSAGE, { [field]: NESTING_MESSAGE });
  }
  const html = sanitizeTemplateHtml(input.html);
  const header = sanitizeTemplateHtml(input.header_html);
  const footer = sanitizeTemplateHtml(input.footer_html);
  for (const [field, content] of [
    ['html', html],
    ['header_html', header],
    ['footer_html', footer],
  ] as const) {
    if (nestingDepth(parseHtml(content)) > MAX_NESTING_DEPTH)
      throw unprocessable(NESTING_MESSAGE, { [field]: NESTING_MESSAGE });
  }
  if (!/\S/.test(html.replace(/<[^>]*>/g, '')) && !/<(img|table)\b/.test(html)) {
    throw unprocessable(CONTENT_MESSAGES.emptyBody, { html: CONTENT_MESSAGES.emptyBody });
  }
  const declared = new Set(input.fields.map((field) => field.name));
  for (const name of fieldNamesIn(`${header}${html}${footer}`)) {
    if (!declared.has(name)) {
      throw unprocessable(CONTENT_MESSAGES.undeclaredField(name), {
        html: CONTENT_MESSAGES.undeclaredField(name),
      });
    }
  }
  return {
    html,
    header_html: header,
    footer_html: footer,
    page: input.page,
    fields: input.fields,
  };
}

/** The renderer's view of the fields: value, image or a signer's box. */
export function rendererFields(fields: readonly TemplateField[]): FieldDefinitions {
  const definitions: Record<string, FieldDefinitions[string]> = {};
  for (const field of fields) {
    const kind =
      field.type === 'signature' || field.type === 'initials' || field.type === 'signing_date'
        ? field.type
        : field.type === 'image'
          ? 'image'
          : 'value';
    const format =
      field.type === 'date'
        ? { type: field.type, ...(field.date_format ? { date_format: field.date_format } : {}) }
        : { type: field.type };
    definitions[field.name] = { kind, signer: field.filled_by, ...(kind === 'value' ? { format } : {}) };
  }
  return definitions;
}

/** A version row's content columns. */
export const versionColumnsOf = (content: TemplateContent) => ({
  html: content.html,
  headerHtml: content.header_html,
  footerHtml: content.footer_html,
  page: content.page,
  fields: content.fields,
});
