import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { HttpProblem } from '../errors.js';
import { clearPlaceholders } from './placeholders.js';
import {
  compressWithZlib,
  drawEmbeddedImage,
  type EmbeddedImage,
  embedFontSubset,
  embedPngImage,
} from './stamp-embed.js';
import { stampFonts } from './stamp-fonts.js';
import { signingDateText } from './time-format.js';

/** A rectangle recorded when the document was rendered: PDF points, origin bottom-left, page 1-based. */
export type StampBox = { page: number; x: number; y: number; width: number; height: number };

export type StampValue =
  /**
   * A drawn or uploaded signature (PNG from the uploads' normaliser), optionally with the signer's
   * name and the moment of signing printed under it, on a signature line.
   */
  | { kind: 'signature_image'; png: Uint8Array; name?: string; signedAt?: Date }
  /** A typed signature: the name in a handwriting face, with the same optional name and moment under it. */
  | { kind: 'typed_signature'; text: string; name?: string; signedAt?: Date }
  | { kind: 'text'; text: string }
  /** Initials typed by the signer, in the handwriting face. */
  | { kind: 'initials'; text: string }
  | { kind: 'date'; at: Date }
  | { kind: 'checkbox'; checked: boolean };

export type Stamp = { box: StampBox; value: StampValue };

export type StampOptions = {
  /**
   * Boxes whose rendered placeholder (grey box and caption, server/documents/page-setup.ts) is
   * taken out before stamping: the rendered template's boxes (see placeholders.ts).
   */
  placeholders?: readonly StampBox[];
};

/**
 * pdf-lib yields to the event loop (a setTimeout) every 50–100 objects by default, which on a
 * busy machine costs more than the parsing itself; a signed contract has a few hundred objects.
 */
export const OBJECTS_PER_TICK = 2000;

/** Room left between a box's border and what is stamped in it. */
const PADDING = 2;
const MIN_FONT_SIZE = 4;
const INK = rgb(0.05, 0.1, 0.35);
const TEXT_COLOUR = rgb(0.1, 0.1, 0.1);

type Fonts = { text: PDFFont; handwriting: PDFFont };
/** Images already embedded in this document, by their bytes: one signature drawn in many boxes is stored once. */
type Images = Map<Uint8Array, Promise<EmbeddedImage>>;
type Area = { x: number; y: number; width: number; height: number };

function inner(box: Area): Area {
  return {
    x: box.x + PADDING,
    y: box.y + PADDING,
    width: Math.max(0, box.width - 2 * PADDING),
    height: Math.max(0, box.height - 2 * PADDING),
  };
}

/** Height of one printed line under a signature (name, then date). */
const CAPTION_LINE = 9;
const SIGNATURE_LINE = rgb(0.45, 0.45, 0.45);

/**
 * Splits an area into the mark (top) and one line per caption (bottom) when there is a name or a
 * date to print; the line between them is where a paper signature would sit.
 */
function splitForCaptions(area: Area, captions: readonly string[]): { mark: Area; lines: Area[] } {
  if (captions.length === 0) return { mark: area, lines: [] };
  const lineHeight = Math.min(CAPTION_LINE, (area.height * 0.4) / captions.length);
  const block = lineHeight * captions.length + 1.5;
  return {
    mark: { ...area, y: area.y + block, height: area.height - block },
    lines: captions.map((_, index) => ({
      ...area,
      y: area.y + (captions.length - 1 - index) * lineHeight,
      height: lineHeight,
    })),
  };
}

/**
 * OpenType features off: building fontkit's shaper for Liberation Sans (its kerning and
 * substitution tables) took ~100 ms per document, and short names and dates need none of it.
 * Text is NFC-normalised first, so accented letters are the fonts' precomposed glyphs.
 */
const NO_SHAPING = Object.fromEntries(
  ['kern', 'liga', 'clig', 'calt', 'rlig', 'ccmp', 'locl', 'mark', 'mkmk'].map((feature) => [feature, false]),
);

/** fontkit computes a font's character set from its cmap on every call: once per font is enough. */
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Characters the font can draw; others are dropped so that no .notdef box lands in a contract. */
function drawable(font: PDFFont, text: string): string {
  let available = characterSets.get(font);
  if (!available) {
    available = new Set(font.getCharacterSet());
    characterSets.set(font, available);
  }
  return [...text.normalize('NFC').replace(/\s+/g, ' ').trim()]
    .filter((char) => available.has(char.codePointAt(0)!))
    .join('');
}

type Measure = (text: string, size: number) => number;

/**
 * A text's width is proportional to its size: laying it out once (fontkit's layout is the
 * costly part) serves every size tried while fitting it.
 */
function measurer(font: PDFFont): Measure {
  const unitWidths = new Map<string, number>();
  return (text, size) => {
    let unit = unitWidths.get(text);
    if (unit === undefined) {
      unit = font.widthOfTextAtSize(text, 1000) / 1000;
      unitWidths.set(text, unit);
    }
    return unit * size;
  };
}

function wrap(widthOf: Measure, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || widthOf(candidate, size) <= width) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

function truncate(widthOf: Measure, text: string, size: number, width: number): string {
  if (widthOf(text, size) <= width) return text;
  let kept = text;
  while (kept.length > 0 && widthOf(`${kept}…`, size) > width) kept = kept.slice(0, -1);
  return `${kept}…`;
}

/**
 * Draws text as large as fits (up to `maxSize`), wrapping onto more lines only when one line
 * would fall below a readable size; whatever still does not fit is cut with an ellipsis.
 */
function drawFittedText(
  page: PDFPage,
  area: Area,
  rawText: string,
  font: PDFFont,
  options: { maxSize: number; multiline: boolean; colour?: ReturnType<typeof rgb> },
) {
  const text = options.multiline
    ? rawText
        .split(/\r?\n/)
        .map((line) => drawable(font, line))
        .join('\n')
    : drawable(font, rawText);
  if (!text.trim() || area.width <= 0 || area.height <= 0) return;
  const widthOf = measurer(font);
  const lineFactor = 1.15;
  const heightOf = (size: number) => font.heightAtSize(size, { descender: true });
  let size = Math.min(options.maxSize, area.height / lineFactor);
  let lines = [text.replace(/\n/g, ' ')];
  for (; size >= MIN_FONT_SIZE; size -= 0.5) {
    if (widthOf(lines[0]!, size) <= area.width && heightOf(size) <= area.height) break;
    if (options.multiline && size <= 8) {
      const wrapped = wrap(widthOf, text, size, area.width);
      if (
        wrapped.length * size * lineFactor <= area.height &&
        wrapped.every((line) => widthOf(line, size) <= area.width)
      ) {
        lines = wrapped;
        break;
      }
    }
  }
  size = Math.max(size, MIN_FONT_SIZE);
  const maxLines = Math.max(1, Math.floor(area.height / (size * lineFactor)));
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    lines[maxLines - 1] = `${lines[maxLines - 1]!}…`;
  }
  lines = lines.map((line) => truncate(widthOf, line, size, area.width));
  const blockHeight = lines.length === 1 ? heightOf(size) : lines.length * size * lineFactor;
  const ascent = font.heightAtSize(size, { descender: false });
  let baseline = area.y + (area.height + blockHeight) / 2 - ascent;
  for (const line of lines) {
    const width = widthOf(line, size);
    page.drawText(line, {
      x: area.x + (area.width - width) / 2,
      y: baseline,
      size,
      font,
      color: options.colour ?? TEXT_COLOUR,
    });
    baseline -= size * lineFactor;
  }
}

async function drawImage(document: PDFDocument, images: Images, page: PDFPage, area: Area, png: Uint8Array) {
  let embedding = images.get(png);
  if (!embedding) {
    embedding = embedPngImage(document, png);
    images.set(png, embedding);
  }
  let image: EmbeddedImage;
  try {
    image = await embedding;
  } catch {
    throw new HttpProblem(422, 'La imagen de la firma no es un PNG legible');
  }
  const scale = Math.min(area.width / image.width, area.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  drawEmbeddedImage(page, image, {
    x: area.x + (area.width - width) / 2,
    y: area.y + (area.height - height) / 2,
    width,
    height,
  });
}

function drawCheck(page: PDFPage, area: Area) {
  const side = Math.min(area.width, area.height);
  const x = area.x + (area.width - side) / 2;
  const y = area.y + (area.height - side) / 2;
  const thickness = Math.max(0.8, side / 9);
  page.drawLine({
    start: { x: x + side * 0.12, y: y + side * 0.5 },
    end: { x: x + side * 0.4, y: y + side * 0.18 },
    thickness,
    color: INK,
  });
  page.drawLine({
    start: { x: x + side * 0.4, y: y + side * 0.18 },
    end: { x: x + side * 0.9, y: y + side * 0.85 },
    thickness,
    color: INK,
  });
}

async function drawStamp(document: PDFDocument, page: PDFPage, fonts: Fonts, images: Images, stamp: Stamp) {
  const area = inner(stamp.box);
  const value = stamp.value;
  switch (value.kind) {
    case 'signature_image':
    case 'typed_signature': {
      const captions = [value.name?.trim(), value.signedAt && signingDateText(value.signedAt)].filter(
        (caption): caption is string => Boolean(caption),
      );
      const { mark, lines } = splitForCaptions(area, captions);
      if (value.kind === 'signature_image') await drawImage(document, images, page, mark, value.png);
      else {
        const font =
          drawable(fonts.handwriting, value.text) === value.text.normalize('NFC').replace(/\s+/g, ' ').trim()
            ? fonts.handwriting
            : fonts.text;
        drawFittedText(page, mark, value.text, font, { maxSize: 40, multiline: false, colour: INK });
      }
      if (lines.length > 0) {
        const top = lines[0]!.y + lines[0]!.height + 0.75;
        page.drawLine({
          start: { x: area.x + area.width * 0.1, y: top },
          end: { x: area.x + area.width * 0.9, y: top },
          thickness: 0.5,
          color: SIGNATURE_LINE,
        });
      }
      for (const [index, line] of lines.entries())
        drawFittedText(page, line, captions[index]!, fonts.text, {
          maxSize: index === 0 ? 8 : 7,
          multiline: false,
        });
      return;
    }
    case 'initials':
      drawFittedText(page, area, value.text, fonts.handwriting, {
        maxSize: 28,
        multiline: false,
        colour: INK,
      });
      return;
    case 'text':
      drawFittedText(page, area, value.text, fonts.text, { maxSize: 11, multiline: true });
      return;
    case 'date':
      drawFittedText(page, area, signingDateText(value.at), fonts.text, { maxSize: 10, multiline: true });
      return;
    case 'checkbox':
      if (value.checked) drawCheck(page, area);
      return;
  }
}

/**
 * Stamps signer input into the PDF exactly as rendered (the boxes recorded at rendering time),
 * without rendering it again. Each mark fits its box and keeps its aspect ratio; fonts are
 * embedded as subsets.
 */
export async function stampPdf(
  pdf: Uint8Array,
  stamps: readonly Stamp[],
  options: StampOptions = {},
): Promise<Uint8Array> {
  const { document } = await stampDocument(pdf, stamps, options);
  return document.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
    objectsPerTick: OBJECTS_PER_TICK,
  });
}

/**
 * The same, returning the pdf-lib document (the sealing pipeline appends pages before saving once)
 * and how many placeholder parts were taken out.
 */
export async function stampDocument(
  pdf: Uint8Array,
  stamps: readonly Stamp[],
  options: StampOptions = {},
): Promise<{ document: PDFDocument; clearedPlaceholders: number }> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  } catch {
    throw new HttpProblem(422, 'El documento no es un PDF legible');
  }
  const pages = document.getPages();
  for (const stamp of stamps) {
    const { page, width, height } = stamp.box;
    if (!Number.isInteger(page) || page < 1 || page > pages.length) {
      throw new HttpProblem(422, `El campo apunta a la página ${page}, que el documento no tiene`);
    }
    if (!(width > 0 && height > 0)) throw new HttpProblem(422, 'El campo tiene un tamaño no válido');
  }
  const placeholders = options.placeholders ?? [];
  if (stamps.length === 0 && placeholders.length === 0) return { document, clearedPlaceholders: 0 };
  compressWithZlib(document);
  const clearedPlaceholders = clearPlaceholders(document, placeholders);
  if (stamps.length === 0) return { document, clearedPlaceholders };
  const files = stampFonts();
  const needsHandwriting = stamps.some(
    (stamp) => stamp.value.kind === 'typed_signature' || stamp.value.kind === 'initials',
  );
  const text = await embedFontSubset(document, files.text, NO_SHAPING);
  const fonts: Fonts = {
    text,
    handwriting: needsHandwriting ? await embedFontSubset(document, files.handwriting, NO_SHAPING) : text,
  };
  const images: Images = new Map();
  for (const stamp of stamps) await drawStamp(document, pages[stamp.box.page - 1]!, fonts, images, stamp);
  return { document, clearedPlaceholders };
}
