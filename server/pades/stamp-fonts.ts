import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FONT_DIRECTORY } from '../documents/renderer.js';

/**
 * Font files for stamping: Liberation Sans (the document's own text face) and Dancing Script
 * (SIL OFL 1.1, from @expo-google-fonts/dancing-script, which ships TrueType files) for typed
 * signatures. Read once per process; pdf-lib embeds only the glyphs used.
 */
let cache: { text: Uint8Array; handwriting: Uint8Array } | undefined;

export function stampFonts(): { text: Uint8Array; handwriting: Uint8Array } {
  if (!cache) {
    const handwritingPath = createRequire(import.meta.url).resolve(
      '@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf',
    );
    cache = {
      text: readFileSync(join(FONT_DIRECTORY(), 'LiberationSans-Regular.ttf')),
      handwriting: readFileSync(handwritingPath),
    };
  }
  return cache;
}
