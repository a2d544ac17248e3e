import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18nProvider } from './i18nProvider';

/** Every `ra.tiptap.*` key the installed ra-input-rich-text asks for, read from its own code. */
function keysAskedByTheEditor(): string[] {
  const dist = path.dirname(createRequire(import.meta.url).resolve('ra-input-rich-text'));
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  const keys = new Set<string>();
  for (const file of files) {
    for (const [key] of readFileSync(path.join(dist, file), 'utf8').matchAll(/ra\.tiptap\.\w+/g))
      keys.add(key);
  }
  return [...keys].sort();
}

describe('the rich-text editor in Spanish', () => {
  const keys = keysAskedByTheEditor();

  it('finds the keys the editor asks for', () => {
    expect(keys).toEqual(
      expect.arrayContaining(['ra.tiptap.align_left', 'ra.tiptap.link', 'ra.tiptap.clear_format']),
    );
  });

  it('translates every key, so no English default shows', () => {
    const i18n = createI18nProvider('es');
    const untranslated = keys.filter(
      (key) => i18n.translate(key, { _: 'ENGLISH DEFAULT' }) === 'ENGLISH DEFAULT',
    );
    expect(untranslated).toEqual([]);
    expect(i18n.translate('ra.tiptap.align_left')).toBe('Alinear a la izquierda');
    expect(i18n.translate('ra.tiptap.list_bulleted')).toBe('Lista con viñetas');
  });
});
