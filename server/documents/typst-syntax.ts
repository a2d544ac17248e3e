import { breakableWords, textForDocument } from '../../contract/documentText.js';

/**
 * The only places where text from a template or a merge value enters Typst source. Markup text is
 * escaped character by character (every ASCII symbol gets a backslash, which Typst prints as the
 * symbol itself), so no value can open code (`#`), math (`$`), a label (`<`), a reference (`@`),
 * emphasis, a comment, a list marker, an automatic link or a smart quote. Both drop bidirectional
 * controls (the document shows text in stored order; an override also crashes the compiler).
 */

// Control characters other than tab and newline carry no meaning in a document.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const ASCII_SYMBOL = /[!-/:-@[-`{-~]/g;

/**
 * Escapes text for Typst markup; whitespace runs (newlines included, non-breaking spaces kept)
 * become one space, and long words may break anywhere (see breakableWords).
 */
export function escapeMarkup(text: string): string {
  return breakableWords(
    textForDocument(text)
      .replace(CONTROL_CHARACTERS, '')
      .replace(/[ \t\n\r\f]+/g, ' '),
  ).replace(ASCII_SYMBOL, (symbol) => `\\${symbol}`);
}

/** A Typst string literal holding `text` as documents show it (without bidirectional controls). */
export function typstString(text: string): string {
  const escaped = textForDocument(text)
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  return `"${escaped}"`;
}

/** A length in points, rounded to hundredths so the source stays short and stable. */
export function points(value: number): string {
  return `${Math.round(value * 100) / 100}pt`;
}
