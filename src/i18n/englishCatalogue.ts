import englishReactAdminMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { englishAppMessages } from './en';
import { RESOURCE_CATALOGUES } from './resourceCatalogues';

/**
 * The whole English catalogue: react-admin's, the app's and the resources' own. Its own chunk,
 * loaded when someone switches to English (i18nProvider.ts): Spanish is complete without it.
 */
export const englishMessages: TranslationMessages = mergeTranslations(
  englishReactAdminMessages,
  englishAppMessages,
  RESOURCE_CATALOGUES.en,
);
