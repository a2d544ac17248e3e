import type { ChildNode } from 'domhandler';
import { type Element, integerAttribute, isElement, textAlignOf } from './html-nodes.js';
import type { ConvertContext } from './html-to-typst.js';
import { points } from './typst-syntax.js';

const MAX_SPAN = 50;
const PX_TO_PT = 0.75;

type Cell = { element: Element; colspan: number; rowspan: number; header: boolean };
type Row = { cells: Cell[]; inHead: boolean };

function rowsOf(table: Element): Row[] {
  const rows: Row[] = [];
  const collect = (parent: Element, inHead: boolean) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (child.name === 'thead') collect(child, true);
      else if (child.name === 'tbody' || child.name === 'tfoot') collect(child, inHead);
      else if (child.name === 'tr') {
        const cells = child.children
          .filter(isElement)
          .filter((cell) => cell.name === 'td' || cell.name === 'th');
        rows.push({
          inHead,
          cells: cells.map((element) => ({
            element,
            colspan: integerAttribute(element, 'colspan', 1, MAX_SPAN),
            rowspan: integerAttribute(element, 'rowspan', 1, MAX_SPAN),
            header: element.name === 'th',
          })),
        });
      }
    }
  };
  collect(table, false);
  return rows.filter((row) => row.cells.length > 0);
}

/**
 * Column count as Typst will place the cells: each cell takes the first free slot of its row,
 * and a cell spanning rows keeps its columns taken in the rows below.
 */
function columnCount(rows: readonly Row[]): number {
  const taken: Set<number>[] = rows.map(() => new Set());
  let columns = 1;
  rows.forEach((row, rowIndex) => {
    let column = 0;
    for (const cell of row.cells) {
      while (taken[rowIndex]!.has(column)) column++;
      for (let r = rowIndex; r < Math.min(rows.length, rowIndex + cell.rowspan); r++) {
        for (let c = column; c < column + cell.colspan; c++) taken[r]!.add(c);
      }
      column += cell.colspan;
      columns = Math.max(columns, column);
    }
  });
  return columns;
}

/** Fixed widths from the editor's `colwidth` (pixels) where every column of the first row has one. */
function columnWidths(rows: readonly Row[], columns: number, maxWidth: number): string {
  const widths: number[] = [];
  for (const cell of rows[0]?.cells ?? []) {
    const pixels = (cell.element.attribs.colwidth ?? '').split(',').map((part) => Number.parseFloat(part));
    for (let index = 0; index < cell.colspan; index++) widths.push(pixels[index] ?? Number.NaN);
  }
  if (widths.length !== columns || widths.some((width) => !(width > 0))) {
    return `(${Array.from({ length: columns }, () => '1fr').join(', ')},)`;
  }
  const total = widths.reduce((sum, width) => sum + width * PX_TO_PT, 0);
  const scale = total > maxWidth ? maxWidth / total : 1;
  return `(${widths.map((width) => points(width * PX_TO_PT * scale)).join(', ')},)`;
}

/** How a cell's content becomes markup: the converter's own block conversion (cells hold blocks). */
export type BlockMarkup = (nodes: readonly ChildNode[], context: ConvertContext) => string;

function cellMarkup(cell: Cell, context: ConvertContext, blockMarkup: BlockMarkup): string {
  let content = blockMarkup(cell.element.children, context);
  if (cell.header) content = `#strong[${content}]`;
  const settings: string[] = [];
  if (cell.colspan > 1) settings.push(`colspan: ${cell.colspan}`);
  if (cell.rowspan > 1) settings.push(`rowspan: ${cell.rowspan}`);
  const align = textAlignOf(cell.element);
  if (align === 'center' || align === 'right') settings.push(`align: ${align}`);
  if (cell.header) settings.push('fill: luma(235)');
  if (align === 'justify') content = `#par(justify: true)[${content}]`;
  return settings.length > 0 ? `table.cell(${settings.join(', ')})[${content}]` : `[${content}]`;
}

/**
 * A bordered table. Leading rows of header cells (or a `<thead>`) become a header that repeats on
 * every page the table runs onto.
 */
export function tableMarkup(table: Element, context: ConvertContext, blockMarkup: BlockMarkup): string {
  const rows = rowsOf(table);
  if (rows.length === 0) return '';
  const columns = columnCount(rows);
  let headerRows = 0;
  while (
    headerRows < rows.length - 1 &&
    (rows[headerRows]!.inHead || rows[headerRows]!.cells.every((cell) => cell.header))
  ) {
    headerRows++;
  }
  // A header cell spanning into the body cannot be part of a repeated header.
  if (
    rows
      .slice(0, headerRows)
      .some((row, index) => row.cells.some((cell) => index + cell.rowspan > headerRows))
  ) {
    headerRows = 0;
  }
  const cells = (list: readonly Row[]) =>
    list.flatMap((row) => row.cells.map((cell) => cellMarkup(cell, context, blockMarkup)));
  const header = headerRows > 0 ? [`table.header(${cells(rows.slice(0, headerRows)).join(', ')})`] : [];
  const body = cells(rows.slice(headerRows));
  const widths = columnWidths(rows, columns, context.maxWidth);
  return `#table(columns: ${widths}, ${[...header, ...body].join(', ')})`;
}
