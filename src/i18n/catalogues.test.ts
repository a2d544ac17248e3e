import englishReactAdminMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../contract';
import { englishAppMessages } from './en';
import { englishMessages } from './englishCatalogue';
import { spanishAppMessages } from './es';
import { createI18nProvider, spanishMessages } from './i18nProvider';
import { spanishReactAdminMessages } from './raSpanish';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a catalogue as `dotted.key → text`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key}`;
    if (typeof value === 'string') found.set(path, value);
    else for (const [childPath, text] of leaves(value, `${path}.`)) found.set(childPath, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
// Polyglot picks a plural form among segments separated by four pipes.
const pluralForms = (text: string) => text.split('||||').length;

function compareCatalogues(reference: Tree, translation: Tree) {
  const expected = leaves(reference);
  const actual = leaves(translation);
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, text] of expected) {
    const translated = actual.get(key) ?? '';
    expect({ key, placeholders: placeholders(translated) }).toEqual({
      key,
      placeholders: placeholders(text),
    });
    expect({ key, pluralForms: pluralForms(translated) }).toEqual({ key, pluralForms: pluralForms(text) });
  }
}

describe('Spanish react-admin catalogue', () => {
  it('has every key of ra-language-english with the same %{placeholders} and plural forms', () => {
    compareCatalogues(englishReactAdminMessages as Tree, spanishReactAdminMessages);
  });

  it('uses the validation messages of SPEC §5', () => {
    const i18n = createI18nProvider('es');
    expect(i18n.translate('ra.validation.required')).toBe(VALIDATION_MESSAGES.required);
    expect(i18n.translate('ra.validation.email')).toBe(VALIDATION_MESSAGES.email);
    expect(i18n.translate('ra.validation.minLength', { min: 8 })).toBe(VALIDATION_MESSAGES.minLength(8));
    expect(i18n.translate('ra.validation.maxLength', { max: 20 })).toBe(VALIDATION_MESSAGES.maxLength(20));
    expect(i18n.translate('ra.validation.minValue', { min: 1 })).toBe(VALIDATION_MESSAGES.tooSmallNumber(1));
    expect(i18n.translate('ra.validation.maxValue', { max: 9 })).toBe(VALIDATION_MESSAGES.tooBigNumber(9));
  });
});

describe('app catalogues', () => {
  it('Spanish has the keys, placeholders and plural forms of English', () => {
    compareCatalogues(englishAppMessages, spanishAppMessages);
  });
});

describe('i18nProvider', () => {
  it('speaks Spanish by default and offers English', () => {
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('es');
    expect(i18n.getLocales?.().map(({ locale }) => locale)).toEqual(['es', 'en']);
    expect(i18n.translate('app.login.submit')).toBe('Iniciar sesión');
    expect(
      i18n.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 15, total: 40 }),
    ).toBe('1-15 de 40');
  });

  it('switches to English', async () => {
    const i18n = createI18nProvider();
    await i18n.changeLocale('en');
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('app.login.submit')).toBe('Sign in');
    expect(i18n.translate('resources.roles.name', { smart_count: 2 })).toBe('Roles');
  });

  it('has in Spanish every key of the English catalogue, which loads only when English is chosen', () => {
    const spanishKeys = new Set(leaves(spanishMessages as Tree).keys());
    const missing = [...leaves(englishMessages as Tree).keys()].filter((key) => !spanishKeys.has(key));
    expect(missing).toEqual([]);
  });

  it("honours react-admin's `_` default and returns unknown keys as they are", () => {
    const i18n = createI18nProvider('es');
    expect(i18n.translate('ra.action.not_a_key', { _: 'Por defecto' })).toBe('Por defecto');
    expect(i18n.translate('app.unknown.key')).toBe('app.unknown.key');
  });
});
