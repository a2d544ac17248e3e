import {
  decodePDFRawStream,
  PDFArray,
  type PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { type ContentOperation, ContentSyntaxError, contentOperations } from './pdf-content.js';

/** A recorded box (as `StampBox` in stamp.ts): PDF points, origin bottom-left, page 1-based. */
type StampBox = { page: number; x: number; y: number; width: number; height: number };

/**
 * The placeholders of a rendered template — the grey box and its caption («Firma · Firmante 1»)
 * that `rubrica-box` (server/documents/page-setup.ts) draws to show a signer where to sign —
 * taken out of the pages when the values are stamped, so that a signed document shows the
 * signatures, names and dates the way a signed paper does.
 *
 * Only what the renderer drew at a recorded rectangle goes: a graphics group that paints exactly
 * one rectangle equal to a box (within 0.05 pt) and nothing else, and the text objects that
 * follow it in the group that holds it and start just under the box (its caption). Every other
 * byte of the page stays as rendered; a page where none is found is not rewritten (uploaded PDFs
 * have none). The rendered document, whose SHA-256 the certificate states, keeps them.
 */

type Matrix = [number, number, number, number, number, number];
type Point = { x: number; y: number };
type Range = { start: number; end: number };

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const TOLERANCE = 0.05;
/** How far under a box its caption's baseline may be (7.5 pt text, 3 pt gap, a second line). */
const CAPTION_DEPTH = 24;

/** Operators that only set colours and line styles: a placeholder's group holds nothing else. */
const STYLE = new Set(['cs', 'CS', 'sc', 'SC', 'scn', 'SCN', 'g', 'G', 'rg', 'RG', 'k', 'K']);
const LINE = new Set(['w', 'J', 'j', 'd', 'M', 'ri', 'i', 'gs']);
const PAINT = new Set(['B', 'B*', 'b', 'b*', 'f', 'F', 'f*']);

/** `m × n`: first m, then n (PDF's row-vector convention). */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const apply = (m: Matrix, x: number, y: number): Point => ({
  x: x * m[0] + y * m[2] + m[4],
  y: x * m[1] + y * m[3] + m[5],
});

const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;

/** The recorded box a rectangle drawn under `ctm` covers exactly, if any. */
function boxOfRectangle(ctm: Matrix, [x, y, width, height]: number[], boxes: readonly StampBox[]) {
  const corners = [apply(ctm, x!, y!), apply(ctm, x! + width!, y! + height!)];
  const left = Math.min(corners[0]!.x, corners[1]!.x);
  const bottom = Math.min(corners[0]!.y, corners[1]!.y);
  const right = Math.max(corners[0]!.x, corners[1]!.x);
  const top = Math.max(corners[0]!.y, corners[1]!.y);
  return boxes.find(
    (box) =>
      near(left, box.x) &&
      near(bottom, box.y) &&
      near(right, box.x + box.width) &&
      near(top, box.y + box.height),
  );
}

type Frame = { start: number; ctm: Matrix; operators: string[]; rectangle?: StampBox; captionOf?: StampBox };

/** Byte ranges of the stream that draw a placeholder of one of the boxes. */
export function placeholderRanges(
  operations: readonly ContentOperation[],
  boxes: readonly StampBox[],
): Range[] {
  const ranges: Range[] = [];
  const stack: Frame[] = [{ start: 0, ctm: IDENTITY, operators: [] }];
  let text: { start: number; origin?: Point } | undefined;
  for (const operation of operations) {
    const frame = stack.at(-1)!;
    const { operator, numbers } = operation;
    if (text) {
      if (
        (operator === 'Tm' || operator === 'Td' || operator === 'TD') &&
        !text.origin &&
        numbers.length >= 2
      ) {
        const matrix: Matrix =
          operator === 'Tm' ? (numbers.slice(-6) as Matrix) : [1, 0, 0, 1, numbers.at(-2)!, numbers.at(-1)!];
        text.origin = apply(frame.ctm, matrix[4], matrix[5]);
      } else if (operator === 'ET') {
        const origin = text.origin ?? apply(frame.ctm, 0, 0);
        const box = frame.captionOf;
        if (
          box &&
          origin.x >= box.x - 1 &&
          origin.x <= box.x + box.width &&
          origin.y < box.y &&
          origin.y >= box.y - CAPTION_DEPTH
        )
          ranges.push({ start: text.start, end: operation.end });
        text = undefined;
      }
      continue;
    }
    frame.operators.push(operator);
    if (operator === 'q') {
      stack.push({ start: operation.start, ctm: frame.ctm, operators: [] });
    } else if (operator === 'Q' && stack.length > 1) {
      const group = stack.pop()!;
      const parent = stack.at(-1)!;
      const painted = group.operators.filter((name) => !STYLE.has(name) && !LINE.has(name) && name !== 'cm');
      if (group.rectangle && painted.length === 3 && painted[0] === 're' && PAINT.has(painted[1]!)) {
        ranges.push({ start: group.start, end: operation.end });
        parent.captionOf = group.rectangle;
      }
    } else if (operator === 'cm' && numbers.length >= 6) {
      frame.ctm = multiply(numbers.slice(-6) as Matrix, frame.ctm);
    } else if (operator === 're' && numbers.length >= 4) {
      frame.rectangle = boxOfRectangle(frame.ctm, numbers.slice(-4), boxes);
    } else if (operator === 'BT') {
      text = { start: operation.start };
    }
  }
  return ranges;
}

/** The objects a page's /Contents names: a stream, or an array of them. */
function contentItems(page: PDFPage) {
  const contents = page.node.Contents();
  return contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
}

function contentStreams(page: PDFPage): PDFRawStream[] | undefined {
  const streams = contentItems(page).map((item) =>
    item instanceof PDFRef ? page.doc.context.lookup(item) : item,
  );
  return streams.every((stream) => stream instanceof PDFRawStream) ? (streams as PDFRawStream[]) : undefined;
}

/**
 * Drops the page's former content streams that no other page shows, so the saved file does not
 * keep the placeholders as unreferenced objects.
 */
function dropFormerContents(document: PDFDocument, former: readonly PDFRef[]) {
  const shown = new Set(
    document
      .getPages()
      .flatMap((page) => contentItems(page))
      .filter((item): item is PDFRef => item instanceof PDFRef)
      .map((ref) => ref.tag),
  );
  for (const ref of former) if (!shown.has(ref.tag)) document.context.delete(ref);
}

/** Removes the placeholders of `boxes` from one page; the number removed. */
function clearPage(document: PDFDocument, page: PDFPage, boxes: readonly StampBox[]): number {
  const streams = contentStreams(page);
  if (!streams?.length) return 0;
  const parts = streams.map((stream) => decodePDFRawStream(stream).decode());
  // Streams of one page are one sequence of operations, split only between tokens.
  const bytes = Buffer.concat(parts.flatMap((part) => [part, Buffer.from('\n')]));
  let ranges: Range[];
  try {
    ranges = placeholderRanges(contentOperations(bytes), boxes);
  } catch (error) {
    if (error instanceof ContentSyntaxError) return 0;
    throw error;
  }
  if (ranges.length === 0) return 0;
  const kept: Buffer[] = [];
  let at = 0;
  for (const range of ranges.sort((a, b) => a.start - b.start)) {
    if (range.start < at) continue;
    kept.push(bytes.subarray(at, range.start), Buffer.from(' '));
    at = range.end;
  }
  kept.push(bytes.subarray(at));
  const former = contentItems(page).filter((item): item is PDFRef => item instanceof PDFRef);
  const stream = document.context.flateStream(Buffer.concat(kept));
  page.node.set(PDFName.of('Contents'), document.context.register(stream));
  dropFormerContents(document, former);
  return ranges.length;
}

/**
 * Takes the rendered placeholders of these boxes out of their pages (see above). Returns how many
 * drawing parts were removed (a box and its caption count apart).
 */
export function clearPlaceholders(document: PDFDocument, boxes: readonly StampBox[]): number {
  const pages = document.getPages();
  let removed = 0;
  for (const [index, page] of pages.entries()) {
    const onPage = boxes.filter((box) => box.page === index + 1);
    if (onPage.length > 0) removed += clearPage(document, page, onPage);
  }
  return removed;
}
