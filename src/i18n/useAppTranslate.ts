import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { AppMessageKey } from './en';

type TranslateOptions = Record<string, string | number>;

/** `useTranslate` restricted to the keys of the app catalogue, so a typo fails to compile. */
export function useAppTranslate(): (key: AppMessageKey, options?: TranslateOptions) => string {
  const translate = useTranslate();
  return useCallback((key, options) => translate(key, options), [translate]);
}
