import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishReactAdminMessages from 'ra-language-english';
import { type I18nProvider, mergeTranslations, type TranslationMessages } from 'react-admin';
import { spanishAppMessages } from './es';
import { spanishReactAdminMessages } from './raSpanish';
import { spanishTiptapMessages } from './raTiptapSpanish';
import { RESOURCE_CATALOGUES } from './resourceCatalogues';

export type AppLocale = 'es' | 'en';

/** Spanish first (SPEC: default locale es, fallback en), whatever the browser says. */
export const DEFAULT_LOCALE = 'es' satisfies AppLocale;

export const AVAILABLE_LOCALES = [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
] as const satisfies readonly { locale: AppLocale; name: string }[];

// react-admin's English sits underneath Spanish, so a key react-admin adds before we translate it
// still shows (in English). The app's and the resources' Spanish are complete by type (es.ts
// `satisfies` the English catalogue), so the English app catalogue is not loaded with them.
export const spanishMessages: TranslationMessages = mergeTranslations(
  englishReactAdminMessages,
  spanishReactAdminMessages,
  spanishTiptapMessages,
  spanishAppMessages,
  RESOURCE_CATALOGUES.es,
);

/** English is fetched when chosen (its own chunk): the first screens carry Spanish only. */
const loadEnglish = () => import('./englishCatalogue').then((module) => module.englishMessages);

/** Starts in Spanish (the initial catalogue must be at hand); `changeLocale('en')` loads English. */
export function createI18nProvider(initialLocale: typeof DEFAULT_LOCALE = DEFAULT_LOCALE): I18nProvider {
  return polyglotI18nProvider(
    (locale) => (locale === 'en' ? loadEnglish() : spanishMessages),
    initialLocale,
    [...AVAILABLE_LOCALES],
    // react-admin asks for keys it expects may be missing (with a `_` default); do not warn about those.
    { allowMissing: true },
  );
}
