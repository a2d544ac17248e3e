import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { PdfMessageKey } from './messages';

/** `useTranslate` over this folder's labels (`resources.pdf_requests.*`), so a typo fails to compile. */
export function usePdfTranslate(): (key: PdfMessageKey, options?: Record<string, string | number>) => string {
  const translate = useTranslate();
  return useCallback((key, options) => translate(`resources.pdf_requests.${key}`, options), [translate]);
}
