import type { z } from 'zod';
import type { renderedPdf } from '../../../contract/endpoints/documents.js';
import {
  fieldValueSchema,
  sampleValue,
  type TemplateField,
} from '../../../contract/endpoints/templateFields.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import { DEFAULT_RENDER_TIMEOUT_MS, RenderProcess } from '../../documents/index.js';
import { unprocessable } from '../../errors.js';
import { cleanContent, rendererFields, type TemplateContent } from './templateContent.js';

export type RenderedPdfReply = z.output<typeof renderedPdf>;

export const RENDER_MESSAGES = {
  invalidValues: 'Hay valores que no cumplen las reglas de sus campos',
} as const;

/**
 * One renderer per process, compiling in its child process: fonts load once, the compiler is
 * reused, no render blocks the event loop, and a document that crashes the compiler fails alone.
 */
let renderer: RenderProcess | undefined;
let timeoutMs = DEFAULT_RENDER_TIMEOUT_MS;
export const sharedRenderer = () => {
  renderer ??= new RenderProcess({ timeoutMs });
  return renderer;
};

/** The compile time limit of the shared renderer (`RENDER_TIMEOUT_SECONDS`, set at bootstrap). */
export const setSharedRenderTimeout = (milliseconds: number) => {
  timeoutMs = milliseconds;
  if (renderer) renderer.timeoutMs = milliseconds;
};

/** Stops the shared renderer's child (graceful shutdown); a later render would start it again. */
export const closeSharedRenderer = async () => {
  await renderer?.close();
};

/**
 * Values checked against their fields: unknown names and values that break a field's rules are
 * refused (422, one message per field under `values.<name>`); empty values count as not given.
 */
export function checkValues(
  fields: readonly TemplateField[],
  values: Record<string, string>,
): Record<string, string> {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const errors: Record<string, string> = {};
  const checked: Record<string, string> = {};
  for (const [name, raw] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) {
      errors[`values.${name}`] = VALIDATION_MESSAGES.unknownField(name);
      continue;
    }
    if (raw.trim() === '') continue;
    const result = fieldValueSchema(field).safeParse(raw);
    if (result.success) checked[name] = result.data;
    else errors[`values.${name}`] = result.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalidFormat;
  }
  if (Object.keys(errors).length > 0) throw unprocessable(RENDER_MESSAGES.invalidValues, errors);
  return checked;
}

/** Sample values for every field with none given, so a preview shows what a filled document looks like. */
export function withSamples(
  fields: readonly TemplateField[],
  values: Record<string, string>,
): Record<string, string> {
  const filled: Record<string, string> = { ...values };
  for (const field of fields) {
    if (filled[field.name] !== undefined) continue;
    const sample = sampleValue(field);
    if (sample !== undefined) filled[field.name] = sample;
  }
  return filled;
}

export type RenderInput = {
  content: TemplateContent;
  values: Record<string, string>;
  /** Fill fields with no value with samples (previews of the template itself). */
  samples: boolean;
  pages: boolean;
  title?: string;
};

/**
 * The template rendered by the same engine and policy as the final PDF: content sanitised again
 * (stored HTML is never trusted), values as text only.
 */
export async function renderTemplate(input: RenderInput): Promise<RenderedPdfReply> {
  const content = cleanContent(input.content);
  const checked = checkValues(content.fields, input.values);
  const values = input.samples ? withSamples(content.fields, checked) : checked;
  const document = await sharedRenderer().render({
    html: content.html,
    header: content.header_html || undefined,
    footer: content.footer_html || undefined,
    page: content.page,
    title: input.title,
    fields: rendererFields(content.fields),
    values,
    svgPages: input.pages,
  });
  return {
    pdf_base64: document.pdf.toString('base64'),
    sha256: document.sha256,
    page_count: document.pageCount,
    page_size: document.pageSize,
    field_boxes: document.fieldBoxes,
    missing_fields: document.missingFields,
    svg_pages: document.svgPages,
  };
}
