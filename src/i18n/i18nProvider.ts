import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishReactAdminMessages from 'ra-language-english';
import { type I18nProvider, mergeTranslations, type TranslationMessages } from 'react-admin';
import { englishAppMessages } from './en';
import { spanishAppMessages } from './es';
import { spanishReactAdminMessages } from './raSpanish';
import { spanishTiptapMessages } from './raTiptapSpanish';
import { RESOURCE_CATALOGUES } from './resourceCatalogues';

export type AppLocale = 'es' | 'en';

/** Spanish first (SPEC: default locale es, fallback en), whatever the browser says. */
export const DEFAULT_LOCALE: AppLocale = 'es';

export const AVAILABLE_LOCALES = [
  { locale: 'es', name: 'Español' },
  { locale: 'en', name: 'English' },
] as const satisfies readonly { locale: AppLocale; name: string }[];

// Resources that bring their own messages.ts add their labels last.
const englishMessages: TranslationMessages = mergeTranslations(
  englishReactAdminMessages,
  englishAppMessages,
  RESOURCE_CATALOGUES.en,
);

// English sits underneath Spanish, so a key react-admin adds before we translate it still shows (in English).
const spanishMessages: TranslationMessages = mergeTranslations(
  englishMessages,
  spanishReactAdminMessages,
  spanishTiptapMessages,
  spanishAppMessages,
  RESOURCE_CATALOGUES.es,
);

export const MESSAGES_BY_LOCALE: Record<AppLocale, TranslationMessages> = {
  es: spanishMessages,
  en: englishMessages,
};

const isAppLocale = (locale: string): locale is AppLocale => locale in MESSAGES_BY_LOCALE;

export function createI18nProvider(initialLocale: AppLocale = DEFAULT_LOCALE): I18nProvider {
  return polyglotI18nProvider(
    (locale) => MESSAGES_BY_LOCALE[isAppLocale(locale) ? locale : DEFAULT_LOCALE],
    initialLocale,
    [...AVAILABLE_LOCALES],
    // react-admin asks for keys it expects may be missing (with a `_` default); do not warn about those.
    { allowMissing: true },
  );
}
