export type { CatalogueOf, MessageKey } from './catalogue';
export { type AppMessageKey, englishAppMessages } from './en';
export { spanishAppMessages } from './es';
export {
  type AppLocale,
  AVAILABLE_LOCALES,
  createI18nProvider,
  DEFAULT_LOCALE,
  spanishMessages,
} from './i18nProvider';
export { spanishReactAdminMessages } from './raSpanish';
export { useAppTranslate } from './useAppTranslate';
