import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

export type { ChildNode, Element };

/** Parses template HTML into a tree; entities are decoded, tag and attribute names lower-cased. */
export function parseHtml(html: string): ChildNode[] {
  return parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true })
    .children;
}

export const isElement = (node: ChildNode): node is Element =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';

/** Inline `style` declarations as a map of lower-cased property → lower-cased value. */
export function styleOf(element: Element): Map<string, string> {
  const styles = new Map<string, string>();
  for (const declaration of (element.attribs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (property && value) styles.set(property, value);
  }
  return styles;
}

export type TextAlign = 'left' | 'center' | 'right' | 'justify';

export function textAlignOf(element: Element): TextAlign | null {
  const value = styleOf(element).get('text-align');
  return value === 'left' || value === 'center' || value === 'right' || value === 'justify' ? value : null;
}

export function startsNewPage(element: Element): boolean {
  if (element.name === 'div' && element.attribs['data-page-break'] !== undefined) return true;
  const styles = styleOf(element);
  return styles.get('page-break-before') === 'always' || styles.get('break-before') === 'page';
}

/** Every image `src` in the tree, in document order. */
export function imageSources(nodes: readonly ChildNode[]): string[] {
  const sources: string[] = [];
  const visit = (list: readonly ChildNode[]) => {
    for (const node of list) {
      if (!isElement(node)) continue;
      if (node.name === 'img' && node.attribs.src) sources.push(node.attribs.src.trim());
      visit(node.children);
    }
  };
  visit(nodes);
  return sources;
}

/** A positive integer attribute within bounds, or the fallback. */
export function integerAttribute(element: Element, name: string, fallback: number, max: number): number {
  const value = Number.parseInt(element.attribs[name] ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * How deep a template nests, as Typst counts it: every element one level, a quote two (its
 * style wraps the body again). Typst stops at 64 nested show rules ("maximum show rule depth
 * exceeded"); 24 nested quotes still compiled and 32 did not. Walked without recursion, so that
 * a hostile 100,000-level document is measured, not a stack overflow.
 */
export function nestingDepth(nodes: readonly ChildNode[]): number {
  let deepest = 0;
  const pending: [ChildNode, number][] = nodes.map((node) => [node, 0]);
  while (pending.length > 0) {
    const [node, above] = pending.pop()!;
    if (!isElement(node)) continue;
    const depth = above + (node.name === 'blockquote' ? 2 : 1);
    deepest = Math.max(deepest, depth);
    for (const child of node.children) pending.push([child, depth]);
  }
  return deepest;
}

/** The deepest nesting a template may have (see nestingDepth): far beyond what an editor makes. */
export const MAX_NESTING_DEPTH = 32;

export const NESTING_MESSAGE = `El contenido anida demasiados elementos (más de ${MAX_NESTING_DEPTH} niveles): simplifique listas, tablas y citas`;

const TAG = /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;
const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'wbr']);

/**
 * A linear look at the raw tags before any parser sees them: parsing and sanitising a document
 * nested 100,000 levels took ~7 s each. Counts open tags still open (no parser's closing rules, so
 * it allows four times the real limit) and answers as soon as the bound is passed.
 */
export function rawNestingTooDeep(html: string, limit = MAX_NESTING_DEPTH * 4): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(TAG)) {
    if (selfClosing || VOID_ELEMENTS.has(name!.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > limit) return true;
  }
  return false;
}
