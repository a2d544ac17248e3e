/**
 * Unicode edge cases thrown at every path that puts text into a document (preview, send, bulk,
 * seal). `shown` cases must render with every visible character on the page, in stored order;
 * the others must be refused with a 422 that names the field.
 */
export type CorpusCase = { name: string; text: string; shown: boolean };

const hex = (character: string) => character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/** Every bidirectional control: embeddings, overrides, isolates, marks. */
export const BIDI_CONTROL_CHARACTERS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

const decomposed = (text: string) => text.normalize('NFD');

export const UNICODE_CORPUS: readonly CorpusCase[] = [
  ...BIDI_CONTROL_CHARACTERS.map((control) => ({
    name: `U+${hex(control)} around a file name`,
    text: `Contrato ${control}fdp.exe${control} fin`,
    shown: true,
  })),
  { name: 'an override first, unclosed', text: '\u202eabc Núñez', shown: true },
  { name: 'a closed override inside a name', text: 'N \u202eabc\u202c Peña', shown: true },
  { name: 'decomposed accents', text: decomposed('José Núñez Peña Ñandú'), shown: true },
  { name: 'letters with several precomposed accents', text: 'Tiếng Việt Ǖ ǘ ṩ', shown: true },
  {
    name: 'joiners, a soft hyphen and selectors',
    text: 'co\u00adope\u200dra\u200ct\u2060ivo\ufe0f listo',
    shown: true,
  },
  { name: 'emoji the fonts draw', text: 'Firmado ✍ 😀 ❤️ ✓ ★', shown: true },
  { name: 'Greek, Cyrillic, Georgian and Armenian', text: 'Ωμέγα Привет ქართული Հայերեն', shown: true },
  { name: 'symbols and ligature letters', text: '∑ ∞ ≠ € № ™ ﬁ ĳ ẞ', shown: true },
  { name: 'a very long word', text: `Inicio ${'Largo'.repeat(300)} fin`, shown: true },
  { name: 'a long address', text: `https://ejemplo.test/${'ruta/'.repeat(120)}final`, shown: true },
  { name: 'a long line of short words', text: 'palabra corta '.repeat(220).trim(), shown: true },
  {
    name: 'stacked combining marks',
    text: `Z${'\u0351\u0352\u0353\u0354\u0355'.repeat(4)}algo fin`,
    shown: false,
  },
  { name: 'an accent with no composed letter', text: 'Q\u0301 fin', shown: false },
  { name: 'an emoji with a skin tone', text: 'Hola 👍🏽', shown: false },
  { name: 'a joined emoji family', text: 'Familia 👨‍👩‍👧', shown: false },
  { name: 'a flag', text: 'Colombia 🇨🇴', shown: false },
  { name: 'Chinese', text: '合同 中文', shown: false },
  { name: 'Hebrew (right to left)', text: 'חוזה שלום', shown: false },
  { name: 'Arabic (right to left, joined)', text: 'عقد مرحبا', shown: false },
  { name: 'Devanagari (shaped)', text: 'अनुबंध हिन्दी', shown: false },
  { name: 'Thai', text: 'สัญญา ไทย', shown: false },
  { name: 'a private-use character', text: 'Marca \ue000', shown: false },
];

/**
 * What a reader must find on the page for `text`: its characters in stored order, without
 * bidirectional controls and the invisible ones, NFC, and whitespace dropped (lines wrap).
 */
export const visibleCharacters = (text: string): string =>
  text.normalize('NFC').replace(/[\p{Default_Ignorable_Code_Point}\s\u061c]/gu, '');
