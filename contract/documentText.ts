import type { z } from 'zod';
import { DOCUMENT_GLYPH_RANGES } from './documentGlyphs.js';

/**
 * What text may reach a document. Stored text keeps every character as typed; documents get it
 * through `textForDocument` (bidirectional controls removed, so a document always shows text in
 * the order it was stored — «\u202Efdp.exe» is never drawn as «exe.pdf») and fields that end up in a
 * document refuse characters the document fonts cannot draw (`refuseUndisplayable`), so that a
 * signed document never hides part of what it holds behind empty boxes.
 */

/** Embeddings, overrides, isolates and marks: U+202A–E, U+2066–9, U+200E/F and the Arabic letter mark. */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text as a document receives it: without bidirectional controls, and composed (NFC), so an
 * accent typed as a separate mark becomes the letter's own glyph, which text extraction reads back.
 */
export const textForDocument = (text: string): string => text.replace(BIDI_CONTROLS, '').normalize('NFC');

/**
 * Right-to-left scripts and scripts that need shaping the signature stamps cannot do: their
 * letters would be drawn in the wrong order or unjoined, so documents refuse them even where a
 * font has the glyphs.
 */
const UNSUPPORTED_SCRIPTS =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Lao}\p{Script=Thai}]/u;
/** Characters that draw nothing (joiners, variation selectors, soft hyphen…): no glyph needed. */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\s]$/u;
/**
 * A combining mark left after composing: the compiler draws it over its letter, but the PDF then
 * maps neither of them back to text (a reader's search or copy loses the letter), so it is refused.
 */
const LOOSE_MARK = /^\p{M}$/u;

let glyphRanges: [number, number][] | undefined;

function drawable(code: number): boolean {
  glyphRanges ??= DOCUMENT_GLYPH_RANGES.split(',').map((range) => {
    const [start, end = start] = range.split('-').map((part) => Number.parseInt(part, 36));
    return [start!, end!];
  });
  let low = 0;
  let high = glyphRanges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = glyphRanges[middle]!;
    if (code < start) high = middle - 1;
    else if (code > end) low = middle + 1;
    else return true;
  }
  return false;
}

/** The distinct characters of `text` that no document font draws, in order of appearance. */
export function undisplayableCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const character of textForDocument(text)) {
    const unit = character.charCodeAt(0);
    // Printable ASCII is in every document font: the fast path for markup and data URLs.
    if ((unit > 0x20 && unit < 0x7f) || found.has(character) || INVISIBLE.test(character)) continue;
    const code = character.codePointAt(0)!;
    if (!drawable(code) || LOOSE_MARK.test(character) || UNSUPPORTED_SCRIPTS.test(character))
      found.add(character);
  }
  return [...found];
}

const SHOWN = 5;
/** A combining mark is shown on a dotted circle, as character charts do. */
const named = (character: string) =>
  `«${LOOSE_MARK.test(character) ? `\u25cc${character}` : character}» (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;

/** «Los documentos no pueden mostrar «中» (U+4E2D), …»: the first few, each with its code point. */
export function undisplayableMessage(characters: readonly string[]): string {
  const listed = characters.slice(0, SHOWN).map(named).join(', ');
  const more = characters.length > SHOWN ? ` y ${characters.length - SHOWN} más` : '';
  return `Los documentos no pueden mostrar ${listed}${more}: escriba el texto sin esos caracteres`;
}

/** A zod refinement for text that ends up in a document: `.superRefine(refuseUndisplayable)`. */
export function refuseUndisplayable(value: string, context: z.RefinementCtx): void {
  const characters = undisplayableCharacters(value);
  if (characters.length > 0) context.addIssue({ code: 'custom', message: undisplayableMessage(characters) });
}

/**
 * Runs of more than this many characters with no space get break opportunities: after each
 * separator (an address breaks after its «@» and dots), and between every two characters of any
 * stretch between separators still longer than this, so a 4,000-character word or a long address
 * wraps inside its line or table cell instead of running off the page.
 */
const LONGEST_UNBROKEN = 20;
const ZERO_WIDTH_SPACE = '\u200b';
/** Where a long run breaks first: e-mail addresses, paths, dotted names, lists without spaces. */
const SEPARATORS = new Set(['@', '.', '/', '\\', '_', '-', ';', ':', ',', '|']);
let graphemes: Intl.Segmenter | undefined;

/**
 * Long words made breakable (between grapheme clusters, so no accent or emoji is split). Each
 * break opportunity costs the PDF compiler time (a 35-character address broken between every two
 * characters took longer to lay out than the rest of its table), so there are no more than needed.
 */
export function breakableWords(text: string): string {
  return text.replace(/[^\s]{21,}/gu, (word) => {
    if ([...word].length <= LONGEST_UNBROKEN) return word;
    graphemes ??= new Intl.Segmenter('es', { granularity: 'grapheme' });
    let part: string[] = [];
    const parts = [part];
    for (const { segment } of graphemes.segment(word)) {
      part.push(segment);
      if (SEPARATORS.has(segment)) {
        part = [];
        parts.push(part);
      }
    }
    return parts
      .filter((each) => each.length > 0)
      .map((each) => each.join(each.length > LONGEST_UNBROKEN ? ZERO_WIDTH_SPACE : ''))
      .join(ZERO_WIDTH_SPACE);
  });
}
