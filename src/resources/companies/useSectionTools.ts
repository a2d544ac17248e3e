import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** What every section of the company page works with: the API, the catalogue, toasts and the query cache. */
export function useSectionTools() {
  return {
    dataProvider: useDataProvider<AppDataProvider>(),
    translate: useAppTranslate(),
    notify: useNotify(),
    queryClient: useQueryClient(),
  };
}
