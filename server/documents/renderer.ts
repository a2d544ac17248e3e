import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { NodeCompiler, NodeTypstDocument } from '@myriaddreamin/typst-ts-node-compiler';
import { HttpProblem } from '../errors.js';
import { projectRoot } from '../paths.js';
import { type FieldBox, type FieldDefinitions, type FieldValues, imageFieldSources } from './fields.js';
import {
  type ChildNode,
  imageSources,
  MAX_NESTING_DEPTH,
  NESTING_MESSAGE,
  nestingDepth,
  parseHtml,
  rawNestingTooDeep,
} from './html-nodes.js';
import { convertNodesToTypst } from './html-to-typst.js';
import { type ImageLoader, type ResolvedImage, resolveImages } from './images.js';
import { type PageSetup, pageSize, preamble, resolvePageSetup, textWidth } from './page-setup.js';
import { splitSvgPages } from './page-svg.js';

export type RenderRequest = {
  /** Template body, header and footer as HTML (see TEMPLATE_HTML_ALLOWLIST). */
  html: string;
  header?: string;
  footer?: string;
  page?: Partial<PageSetup>;
  title?: string;
  fields?: FieldDefinitions;
  values?: FieldValues;
  /** Resolves stored-file image references; data URLs need none. */
  loadImage?: ImageLoader;
  /** Also returns every page as a standalone SVG (to show pages without a PDF viewer). */
  svgPages?: boolean;
};

export type RenderedDocument = {
  pdf: Buffer;
  /** Hex SHA-256 of `pdf`. */
  sha256: string;
  pageCount: number;
  /** Page size in points (every page has the template's size). */
  pageSize: { width: number; height: number };
  fieldBoxes: FieldBox[];
  missingFields: string[];
  svgPages?: string[];
};

/** The Typst source of a request and the images it needs, before compiling. */
export type PreparedDocument = {
  source: string;
  images: ResolvedImage[];
  setup: PageSetup;
  missingFields: string[];
};

/**
 * What compiles a prepared document: `DocumentRenderer` on the calling thread, or `RenderProcess`
 * in its child process. Code that only compiles takes this, so tests may pass either.
 */
export type DocumentCompiler = {
  compilePrepared(
    prepared: PreparedDocument,
    svgPages?: boolean,
  ): RenderedDocument | Promise<RenderedDocument>;
};

export const RENDER_LIMITS = {
  /** Characters of HTML outside inline images (whose size the image limits bound). */
  maxHtmlCharacters: 2_000_000,
  maxValueCharacters: 20_000,
  maxValues: 2_000,
} as const;

/**
 * Fonts shipped with the project (Liberation, OFL; DejaVu Sans, Bitstream Vera licence). Documents
 * use these two families and nothing else (`fallback: false`: no font of the machine), so what a
 * document can show is known in advance: contract/documentGlyphs.ts, written from these files.
 */
export const FONT_DIRECTORY = () => join(projectRoot(), 'server', 'documents', 'fonts');
export const DOCUMENT_FONT_FAMILIES = ['Liberation Sans', 'DejaVu Sans'] as const;
/** A folder that does not exist: the document can read nothing from disk, only mapped images. */
const WORKSPACE = '/rubrica-documento';

type TypstModule = typeof import('@myriaddreamin/typst-ts-node-compiler');

/**
 * Loads the native compiler only when a renderer is created, so that a platform without a
 * prebuilt binary still starts the server and gets a clear message where documents are rendered.
 */
function loadTypst(): TypstModule {
  try {
    return createRequire(import.meta.url)('@myriaddreamin/typst-ts-node-compiler') as TypstModule;
  } catch (error) {
    throw new Error(
      `El generador de PDF (Typst) no está disponible en ${process.platform}-${process.arch}: ${(error as Error).message}`,
    );
  }
}

/** What the template's box function records: the box, plus its page's height for flipping y. */
type BoxMetadata = FieldBox & { 'page-height': number };

function checkLimits(request: RenderRequest, parts: readonly TemplatePart[]): void {
  const htmlLength = parts.reduce((sum, part) => sum + part.length, 0);
  if (htmlLength > RENDER_LIMITS.maxHtmlCharacters) {
    throw new HttpProblem(413, 'La plantilla es demasiado grande para generar el documento');
  }
  const values = Object.values(request.values ?? {});
  if (values.length > RENDER_LIMITS.maxValues)
    throw new HttpProblem(422, 'El documento tiene demasiados campos');
  if (values.some((value) => typeof value !== 'string' || value.length > RENDER_LIMITS.maxValueCharacters)) {
    throw new HttpProblem(
      422,
      `Cada valor de campo debe ser texto de máximo ${RENDER_LIMITS.maxValueCharacters} caracteres`,
    );
  }
}

/**
 * A body, header or footer as the renderer reads it: its length outside inline images, then
 * (once it passed the size limit) its tree, or `tooDeep`. The conversion only reads the tree, so
 * the rows of a bulk send, which share one template, parse and check it once.
 */
type TemplatePart = { length: number; tree?: ChildNode[] | 'tooDeep' };

/** Recently used parts by their HTML; large ones are not kept (their trees would hold memory). */
const recentParts = new Map<string, TemplatePart>();
const RECENT_PARTS = 8;
const MAX_KEPT_PART_CHARACTERS = 128 * 1024;

function templatePart(html: string): TemplatePart {
  const known = recentParts.get(html);
  if (known) {
    // Most recently used last: the first entry is the one to drop.
    recentParts.delete(html);
    recentParts.set(html, known);
    return known;
  }
  const part: TemplatePart = { length: html.replace(/data:[^"'\s>]*/g, '').length };
  if (html.length <= MAX_KEPT_PART_CHARACTERS) {
    recentParts.set(html, part);
    if (recentParts.size > RECENT_PARTS) recentParts.delete(recentParts.keys().next().value!);
  }
  return part;
}

/** The part's tree; the raw tags are looked at before any parser, and the parsed depth before converting. */
function treeOf(part: TemplatePart, html: string): ChildNode[] {
  if (part.tree === undefined) {
    if (rawNestingTooDeep(html)) part.tree = 'tooDeep';
    else {
      const tree = parseHtml(html);
      // Before converting: the converter recurses, and Typst refuses deep show rules.
      part.tree = nestingDepth(tree) > MAX_NESTING_DEPTH ? 'tooDeep' : tree;
    }
  }
  if (part.tree === 'tooDeep') throw new HttpProblem(422, NESTING_MESSAGE, { html: NESTING_MESSAGE });
  return part.tree;
}

/** Builds the Typst source of a request: checks limits, loads images, converts body, header and footer. */
export async function prepareDocument(request: RenderRequest): Promise<PreparedDocument> {
  const htmlParts = [request.html, request.header ?? '', request.footer ?? ''];
  const parts = htmlParts.map(templatePart);
  checkLimits(request, parts);
  const setup = resolvePageSetup(request.page);
  const trees = parts.map((part, index) => treeOf(part, htmlParts[index]!));
  const sources = [
    ...trees.flatMap((tree) => imageSources(tree)),
    ...imageFieldSources(request.fields ?? {}, request.values ?? {}),
  ];
  const images = await resolveImages(sources, request.loadImage);
  const options = { fields: request.fields, values: request.values, images, maxWidth: textWidth(setup) };
  const [body, header, footer] = trees.map((tree, index) =>
    convertNodesToTypst(tree, { ...options, pageBreaks: index === 0 }),
  );
  const source =
    preamble({
      setup,
      title: request.title ?? '',
      fontFamilies: DOCUMENT_FONT_FAMILIES,
      header: header!.typst,
      footer: footer!.typst,
    }) + body!.typst;
  const missingFields = [...new Set([body!, header!, footer!].flatMap((part) => part.missingFields))].sort();
  return {
    source,
    images: [...new Map([...images.values()].map((image) => [image.path, image])).values()],
    setup,
    missingFields,
  };
}

/**
 * Renders templates to PDF with one Typst compiler, reused across renders (fonts are loaded once
 * and layout is cached, which makes later renders much faster than the first). Compiling is
 * synchronous: renders run one after another on the calling thread. The server compiles through
 * `RenderProcess` (renderProcess.ts), which runs one of these in a child process.
 */
export class DocumentRenderer {
  private constructor(private readonly compiler: NodeCompiler) {}

  static create(options: { fontDirectories?: string[] } = {}): DocumentRenderer {
    const compiler = loadTypst().NodeCompiler.create({
      workspace: WORKSPACE,
      fontArgs: [{ fontPaths: options.fontDirectories ?? [FONT_DIRECTORY()] }],
    });
    return new DocumentRenderer(compiler);
  }

  async render(request: RenderRequest): Promise<RenderedDocument> {
    const prepared = await prepareDocument(request);
    return this.compilePrepared(prepared, request.svgPages === true);
  }

  compilePrepared(prepared: PreparedDocument, svgPages = false): RenderedDocument {
    for (const image of prepared.images) {
      this.compiler.mapShadow(join(WORKSPACE, image.path), image.bytes);
    }
    try {
      const document = this.compile(prepared.source);
      const pdf = this.compiler.pdf(document);
      const size = pageSize(prepared.setup.paper);
      return {
        pdf,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        pageCount: document.numOfPages,
        pageSize: size,
        fieldBoxes: this.fieldBoxes(document),
        missingFields: prepared.missingFields,
        ...(svgPages
          ? { svgPages: splitSvgPages(this.compiler.plainSvg(document), document.numOfPages) }
          : {}),
      };
    } finally {
      this.compiler.resetShadow();
      // Keeps only layouts used in the last few renders: with every render merging new values,
      // a larger cache raised the peak RSS of 40 renders from ~230 to ~360 MiB for no speed gain.
      this.compiler.evictCache(3);
    }
  }

  private compile(source: string): NodeTypstDocument {
    const result = this.compiler.compile({ mainFileContent: source });
    const document = result.result;
    const diagnostics = result.takeDiagnostics();
    if (!document || result.hasError()) {
      const messages = (diagnostics?.shortDiagnostics ?? [])
        .map((entry) => String(entry?.message))
        .join('; ');
      throw new Error(`No se pudo generar el PDF: ${messages || 'error desconocido'}`);
    }
    return document;
  }

  /** Boxes in PDF user space: Typst measures from the top-left corner, PDF from the bottom-left. */
  private fieldBoxes(document: NodeTypstDocument): FieldBox[] {
    const found = this.compiler.query(document, {
      selector: '<rubrica-box>',
      field: 'value',
    }) as BoxMetadata[];
    return found.map((box) => ({
      field: box.field,
      kind: box.kind,
      signer: box.signer,
      page: box.page,
      x: round(box.x),
      y: round(box['page-height'] - box.y - box.height),
      width: round(box.width),
      height: round(box.height),
    }));
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
