import { VALIDATION_MESSAGES } from '../../contract/validationMessages';
import { spanishAppMessages } from '../i18n/es';

/** The guest screens speak Spanish without react-admin's i18n (they must not load react-admin). */
export const GUEST_TEXT = {
  app: spanishAppMessages.app,
  validation: VALIDATION_MESSAGES,
} as const;

/** Fills `%{name}` placeholders, as react-admin's translate does. */
export function fillText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** The tab title of a guest screen: `<page> · Rúbrica`. */
export const guestDocumentTitle = (page: string) => fillText(GUEST_TEXT.app.document_title, { page });
