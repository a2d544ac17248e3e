/** The document renderer: template HTML → Typst → PDF with the boxes signing will stamp into. */
export { IMAGE_LIMITS, TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';
export type {
  BoxFieldKind,
  FieldBox,
  FieldDefinition,
  FieldDefinitions,
  FieldKind,
  FieldValues,
} from './fields.js';
export { BOX_SIZES, FIELD_NAME } from './fields.js';
export { type Conversion, type ConvertOptions, convertHtmlToTypst } from './html-to-typst.js';
export type { ImageLoader } from './images.js';
export { DEFAULT_PAGE_SETUP, type Margins, type PageSetup, type PaperSize } from './page-setup.js';
export {
  type DocumentCompiler,
  DocumentRenderer,
  type PreparedDocument,
  prepareDocument,
  RENDER_LIMITS,
  type RenderedDocument,
  type RenderRequest,
} from './renderer.js';
export {
  DEFAULT_RENDER_TIMEOUT_MS,
  documentFailureReason,
  RENDER_PROCESS_MESSAGES,
  RenderFailure,
  RenderProcess,
  type RenderProcessOptions,
} from './renderProcess.js';
export { sanitizeTemplateHtml } from './sanitize-template.js';
