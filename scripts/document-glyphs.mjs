// `node scripts/document-glyphs.mjs`: writes contract/documentGlyphs.ts, the characters that
// documents can show, from the fonts in server/documents/fonts. Run it again after changing a font.
//
// A character is drawable when every variant of Liberation Sans has it (bold and italic text
// must not fall back) or DejaVu Sans has it (the one variant shipped: every weight falls back to
// it alike). The renderer sets `fallback: false`, so nothing else on the machine can draw.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONTS = path.join(ROOT, 'server', 'documents', 'fonts');
const OUT = path.join(ROOT, 'contract', 'documentGlyphs.ts');

/** @param {string} file */
const characters = (file) => new Set(fontkit.create(readFileSync(path.join(FONTS, file))).characterSet);

const liberation = ['Regular', 'Bold', 'Italic', 'BoldItalic'].map((style) =>
  characters(`LiberationSans-${style}.ttf`),
);
const dejaVu = characters('DejaVuSans.ttf');
const covered = new Set([
  ...[...liberation[0]].filter((code) => liberation.every((set) => set.has(code))),
  ...dejaVu,
]);

/** @type {[number, number][]} */
const ranges = [];
for (const code of [...covered].filter((code) => code > 0x20).sort((a, b) => a - b)) {
  const last = ranges.at(-1);
  if (last && last[1] === code - 1) last[1] = code;
  else ranges.push([code, code]);
}
// Each range as "start-end" in base 36 (start alone when it is one character): a short literal.
const encoded = ranges
  .map(([start, end]) => (start === end ? start.toString(36) : `${start.toString(36)}-${end.toString(36)}`))
  .join(',');

const lines = [
  '// Written by scripts/document-glyphs.mjs from server/documents/fonts: do not edit.',
  '',
  '/** Code points the document fonts draw, as base-36 `start-end` ranges. */',
  `export const DOCUMENT_GLYPH_RANGES = '${encoded}';`,
  '',
];
writeFileSync(OUT, lines.join('\n'));
console.log(`${path.relative(ROOT, OUT)}: ${covered.size} characters in ${ranges.length} ranges`);
