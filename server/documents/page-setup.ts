import { HttpProblem } from '../errors.js';
import { typstString } from './typst-syntax.js';

export type PaperSize = 'letter' | 'a4';
export type Margins = { top: number; right: number; bottom: number; left: number };

/** Page setup of a template; margins in millimetres. */
export type PageSetup = {
  paper: PaperSize;
  margins: Margins;
  /** Adds "Página X de Y" to the footer. */
  pageNumbers: boolean;
};

export const DEFAULT_PAGE_SETUP: PageSetup = {
  paper: 'letter',
  margins: { top: 25, right: 25, bottom: 25, left: 25 },
  pageNumbers: true,
};

export const MARGIN_RANGE_MM = { min: 5, max: 60 } as const;

const PAPER: Record<PaperSize, { typst: string; widthPt: number; heightPt: number }> = {
  letter: { typst: 'us-letter', widthPt: 612, heightPt: 792 },
  a4: { typst: 'a4', widthPt: (210 / 25.4) * 72, heightPt: (297 / 25.4) * 72 },
};

const MM_TO_PT = 72 / 25.4;

const SIDE_NAMES: Record<keyof Margins, string> = {
  top: 'superior',
  right: 'derecho',
  bottom: 'inferior',
  left: 'izquierdo',
};

export function resolvePageSetup(input: Partial<PageSetup> = {}): PageSetup {
  const setup: PageSetup = {
    paper: input.paper ?? DEFAULT_PAGE_SETUP.paper,
    margins: { ...DEFAULT_PAGE_SETUP.margins, ...input.margins },
    pageNumbers: input.pageNumbers ?? DEFAULT_PAGE_SETUP.pageNumbers,
  };
  if (!Object.hasOwn(PAPER, setup.paper))
    throw new HttpProblem(422, 'El tamaño de página debe ser carta o A4');
  for (const [side, value] of Object.entries(setup.margins)) {
    if (!Number.isFinite(value) || value < MARGIN_RANGE_MM.min || value > MARGIN_RANGE_MM.max) {
      throw new HttpProblem(
        422,
        `El margen ${SIDE_NAMES[side as keyof Margins] ?? side} debe estar entre ${MARGIN_RANGE_MM.min} y ${MARGIN_RANGE_MM.max} mm`,
      );
    }
  }
  return setup;
}

export function pageSize(paper: PaperSize): { width: number; height: number } {
  return { width: PAPER[paper].widthPt, height: PAPER[paper].heightPt };
}

/** Width of the text area in points: the most an image or a table column may take. */
export function textWidth(setup: PageSetup): number {
  return PAPER[setup.paper].widthPt - (setup.margins.left + setup.margins.right) * MM_TO_PT;
}

const mm = (value: number) => `${Math.round(value * 100) / 100}mm`;

/**
 * The fixed part of every document: page, fonts, element styles, and the box function whose
 * metadata records where each signature, initials and date box lands.
 */
export function preamble(options: {
  setup: PageSetup;
  title: string;
  fontFamilies: readonly string[];
  header: string;
  footer: string;
}): string {
  const { setup } = options;
  const margin = setup.margins;
  const pageNumber = setup.pageNumbers
    ? '#context text(size: 8.5pt)[Página #counter(page).display() de #counter(page).final().first()]'
    : '';
  const footer =
    options.footer || pageNumber
      ? `grid(columns: (1fr, auto), column-gutter: 12pt, align: (left + bottom, right + bottom), [${options.footer}], [${pageNumber}])`
      : 'none';
  const header = options.header ? `[${options.header}]` : 'none';
  return [
    // Defined first: header and footer may hold boxes too (initials on every page). Sealing takes
    // the rectangle and its caption out by the recorded box (server/pades/placeholders.ts).
    `#let rubrica-box(field, kind, signer, caption, size) = box(stack(dir: ttb, spacing: 3pt, rect(width: size.at(0), height: size.at(1), inset: 0pt, stroke: 0.6pt + luma(90), fill: luma(248))[#context [#metadata((field: field, kind: kind, signer: signer, page: here().page(), x: here().position().x.pt(), y: here().position().y.pt(), width: size.at(0).pt(), height: size.at(1).pt(), page-height: page.height.pt())) <rubrica-box>]], text(size: 7.5pt, fill: luma(60), caption)))`,
    `#set document(title: ${typstString(options.title)}, date: none)`,
    `#set page(paper: "${PAPER[setup.paper].typst}", margin: (top: ${mm(margin.top)}, right: ${mm(margin.right)}, bottom: ${mm(margin.bottom)}, left: ${mm(margin.left)}), header: ${header}, footer: ${footer})`,
    `#set text(font: (${options.fontFamilies.map(typstString).join(', ')}), fallback: false, size: 11pt, lang: "es", region: "co", hyphenate: false)`,
    '#set par(leading: 0.6em, spacing: 0.9em)',
    '#show heading: set block(above: 1.1em, below: 0.7em)',
    '#show heading.where(level: 1): set text(size: 20pt)',
    '#show heading.where(level: 2): set text(size: 16pt)',
    '#show heading.where(level: 3): set text(size: 13pt)',
    '#show heading.where(level: 4): set text(size: 11pt)',
    '#show link: set text(fill: rgb("#1a4fa0"))',
    '#show quote.where(block: true): it => block(inset: (left: 10pt, y: 3pt), stroke: (left: 2pt + luma(170)), it.body)',
    '#set table(stroke: 0.5pt + black, inset: 5pt)',
    '#set list(indent: 6pt, marker: ([•], [◦], [▪]))',
    '#set enum(indent: 6pt)',
    '',
  ].join('\n');
}
