import { fieldValueText } from '../../contract/fieldValueText.js';
import { TEMPLATE_HTML_ALLOWLIST } from './allowlist.js';
import {
  BOX_SIZES,
  boxCaption,
  FIELD_NAME,
  type FieldDefinitions,
  type FieldValues,
  IMAGE_FIELD_MAX_WIDTH,
  isBoxKind,
} from './fields.js';
import {
  type ChildNode,
  type Element,
  integerAttribute,
  isElement,
  parseHtml,
  startsNewPage,
  type TextAlign,
  textAlignOf,
} from './html-nodes.js';
import type { ResolvedImage } from './images.js';
import { tableMarkup } from './tables.js';
import { escapeMarkup, points, typstString } from './typst-syntax.js';

export type ConvertOptions = {
  fields?: FieldDefinitions;
  values?: FieldValues;
  /** Images by their `src`, already loaded and checked (see resolveImages). */
  images?: ReadonlyMap<string, ResolvedImage>;
  /** Width of the text area in points: images and fixed table columns are scaled to fit. */
  maxWidth?: number;
  /** False for headers and footers: they are containers, where Typst refuses page breaks. */
  pageBreaks?: boolean;
};

export type Conversion = {
  typst: string;
  /** Value fields that appear in the HTML but have no value: printed as «name» placeholders. */
  missingFields: string[];
};

/** State of one conversion, passed down the tree. */
export type ConvertContext = {
  fields: FieldDefinitions;
  values: FieldValues;
  images: ReadonlyMap<string, ResolvedImage>;
  maxWidth: number;
  missingFields: Set<string>;
};

const BLOCK_ELEMENTS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'table',
  'blockquote',
  'hr',
  'div',
  'li',
  'h5',
  'h6',
]);
/** Their text is never content. */
const SKIPPED_ELEMENTS = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'iframe',
  'object',
]);

const PARAGRAPH_BREAK = '\n\n';
const EMPTY_PARAGRAPH = '#v(1.1em)';
const PX_TO_PT = 0.75;

/** Converts template HTML (sanitised or not: anything unknown is reduced to its text) to Typst markup. */
export function convertHtmlToTypst(html: string, options: ConvertOptions = {}): Conversion {
  return convertNodesToTypst(parseHtml(html), options);
}

/** The same from a tree `parseHtml` made, which the conversion only reads (a bulk send converts one tree per row). */
export function convertNodesToTypst(nodes: readonly ChildNode[], options: ConvertOptions = {}): Conversion {
  const context: ConvertContext = {
    fields: options.fields ?? {},
    values: options.values ?? {},
    images: options.images ?? new Map(),
    maxWidth: options.maxWidth ?? 468,
    missingFields: new Set(),
  };
  const typst = blockMarkup(nodes, context, options.pageBreaks ?? true);
  return { typst, missingFields: [...context.missingFields].sort() };
}

/** Block content: consecutive inline nodes form a paragraph; blocks are separated by blank lines. */
export function blockMarkup(nodes: readonly ChildNode[], context: ConvertContext, topLevel = false): string {
  const blocks: string[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    const paragraph = inlineMarkup(run, context).trim();
    if (paragraph) blocks.push(paragraph);
    run = [];
  };
  for (const node of nodes) {
    if (isElement(node) && BLOCK_ELEMENTS.has(node.name)) {
      flush();
      // Typst allows page breaks only outside containers (lists, tables, quotes, aligned blocks).
      if (topLevel && startsNewPage(node)) blocks.push('#pagebreak(weak: true)');
      const block = blockElement(node, context);
      if (block) blocks.push(block);
    } else if (!isElement(node) || !SKIPPED_ELEMENTS.has(node.name)) {
      run.push(node);
    }
  }
  flush();
  return blocks.join(PARAGRAPH_BREAK);
}

function aligned(align: TextAlign | null, content: string): string {
  if (align === 'center' || align === 'right') return `#align(${align})[${content}]`;
  if (align === 'justify') return `#par(justify: true)[${content}]`;
  return content;
}

function blockElement(element: Element, context: ConvertContext): string {
  const align = textAlignOf(element);
  switch (element.name) {
    case 'p': {
      const content = inlineMarkup(element.children, context).trim();
      return content ? aligned(align, content) : EMPTY_PARAGRAPH;
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Math.min(Number(element.name.slice(1)), 4);
      return aligned(align, `#heading(level: ${level})[${inlineMarkup(element.children, context).trim()}]`);
    }
    case 'ul':
    case 'ol':
      return listMarkup(element, context);
    case 'li':
      // An item outside any list prints as a one-item bulleted list, as browsers show it.
      return `#list(${listItem(element, context)})`;
    case 'table':
      return tableMarkup(element, context, blockMarkup);
    case 'blockquote':
      return `#quote(block: true)[${blockMarkup(element.children, context)}]`;
    case 'hr':
      return '#line(length: 100%, stroke: 0.5pt + luma(120))';
    default: {
      if (element.attribs['data-page-break'] !== undefined) return '';
      const content = blockMarkup(element.children, context);
      return content && align && align !== 'left' ? aligned(align, content) : content;
    }
  }
}

function listItem(node: ChildNode, context: ConvertContext): string {
  const children = isElement(node) && node.name === 'li' ? node.children : [node];
  return `[${blockMarkup(children, context)}]`;
}

function listMarkup(list: Element, context: ConvertContext): string {
  const items = list.children
    .filter((node) => isElement(node) || (node.type === 'text' && node.data.trim() !== ''))
    .map((node) => listItem(node, context));
  if (items.length === 0) return '';
  if (list.name === 'ol') {
    const start = integerAttribute(list, 'start', 1, 100_000);
    return `#enum(${start === 1 ? '' : `start: ${start}, `}${items.join(', ')})`;
  }
  return `#list(${items.join(', ')})`;
}

const INLINE_WRAPPERS: Readonly<Record<string, string>> = {
  strong: 'strong',
  b: 'strong',
  em: 'emph',
  i: 'emph',
  u: 'underline',
  s: 'strike',
  strike: 'strike',
  del: 'strike',
  sub: 'sub',
  sup: 'super',
};

/** Inline content: text is escaped, formatting becomes function calls with content arguments. */
export function inlineMarkup(nodes: readonly ChildNode[], context: ConvertContext): string {
  let markup = '';
  for (const node of nodes) {
    if (node.type === 'text') {
      markup += escapeMarkup(node.data);
      continue;
    }
    if (!isElement(node) || SKIPPED_ELEMENTS.has(node.name)) continue;
    const wrapper = INLINE_WRAPPERS[node.name];
    if (wrapper) {
      markup += `#${wrapper}[${inlineMarkup(node.children, context)}]`;
    } else if (node.name === 'br') {
      markup += '#linebreak()';
    } else if (node.name === 'a') {
      markup += linkMarkup(node, context);
    } else if (node.name === 'img') {
      markup += imageMarkup(node, context);
    } else if (node.name === 'span' && node.attribs['data-field'] !== undefined) {
      markup += fieldMarkup(node.attribs['data-field'].trim(), context);
    } else {
      // A block inside inline content keeps a space between its words and its neighbours'.
      const inner = inlineMarkup(node.children, context);
      markup += BLOCK_ELEMENTS.has(node.name) ? ` ${inner} ` : inner;
    }
  }
  return markup;
}

/** A safe `https:` link keeps its target; anything else prints as its text. */
function linkMarkup(link: Element, context: ConvertContext): string {
  const text = inlineMarkup(link.children, context);
  const href = (link.attribs.href ?? '').trim();
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return text;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(TEMPLATE_HTML_ALLOWLIST.linkSchemes as readonly string[]).includes(scheme)) return text;
  if (url.username || url.password) return text;
  return `#link(${typstString(url.href)})[${text || escapeMarkup(url.href)}]`;
}

function imageMarkup(image: Element, context: ConvertContext): string {
  const resolved = context.images.get((image.attribs.src ?? '').trim());
  const alt = (image.attribs.alt ?? '').trim();
  if (!resolved) return alt ? escapeMarkup(`[${alt}]`) : '';
  const requestedWidth = Number.parseFloat(image.attribs.width ?? '');
  const requestedHeight = Number.parseFloat(image.attribs.height ?? '');
  let width = resolved.widthPx * PX_TO_PT;
  if (requestedWidth > 0) width = requestedWidth * PX_TO_PT;
  else if (requestedHeight > 0) width = (requestedHeight * resolved.widthPx * PX_TO_PT) / resolved.heightPx;
  width = Math.min(width, context.maxWidth);
  const altArgument = alt ? `, alt: ${typstString(alt)}` : '';
  return `#box(image(${typstString(resolved.path)}, width: ${points(width)}${altArgument}))`;
}

/** A merge field: its value as escaped text, or for signature fields a box that records its place. */
function fieldMarkup(name: string, context: ConvertContext): string {
  if (!FIELD_NAME.test(name)) return '';
  const definition = context.fields[name] ?? { kind: 'value' };
  if (isBoxKind(definition.kind)) {
    const signer = Math.max(1, Math.trunc(definition.signer ?? 1));
    const size = BOX_SIZES[definition.kind];
    return `#rubrica-box(${typstString(name)}, "${definition.kind}", ${signer}, ${typstString(boxCaption(definition.kind, signer))}, (${points(size.width)}, ${points(size.height)}))`;
  }
  const value = Object.hasOwn(context.values, name) ? context.values[name] : undefined;
  if (definition.kind === 'image' && value) {
    const image = context.images.get(value.trim());
    if (!image) return '';
    const width = Math.min(image.widthPx * PX_TO_PT, IMAGE_FIELD_MAX_WIDTH, context.maxWidth);
    return `#box(image(${typstString(image.path)}, width: ${points(width)}))`;
  }
  if (value === undefined || (definition.kind === 'image' && !value)) {
    context.missingFields.add(name);
    return `#highlight(fill: rgb("#fff1a8"))[${escapeMarkup(`«${name}»`)}]`;
  }
  return (definition.format ? fieldValueText(definition.format, value) : value)
    .split(/\r\n|\r|\n/)
    .map((line) => escapeMarkup(line))
    .join('#linebreak()');
}
