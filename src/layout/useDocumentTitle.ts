import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** Sets the browser tab title to `<page> · Rúbrica` while the page is shown. */
export function useDocumentTitle(page: string): void {
  const translate = useTranslate();
  const title = translate('app.document_title', { page });
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
