import { z } from 'zod';

import { VALIDATION_MESSAGES } from './validationMessages';

export { VALIDATION_MESSAGES };

/**
 * True when the text holds no control character (PostgreSQL refuses NUL, no field has a use for
 * the others); multi-line text may keep tab, line feed and carriage return. The API refuses them
 * in every request before any schema; the shared schemas say it too, so forms show it by the field.
 */
export function withoutControlCharacters(text: string, multiline = false): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const allowedWhitespace = multiline && (code === 0x09 || code === 0x0a || code === 0x0d);
    if ((code < 0x20 && !allowedWhitespace) || code === 0x7f) return false;
  }
  return true;
}

type Issue = z.core.$ZodRawIssue;

/** Spanish messages for every zod issue; schemas may still give their own message. */
export function spanishIssueMessage(issue: Issue): string {
  const m = VALIDATION_MESSAGES;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return m.required;
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint') {
        return m.numbersOnly;
      }
      return m.invalidFormat;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min === 1 ? m.required : m.minLength(min);
      if (issue.origin === 'array' || issue.origin === 'set') return m.atLeastOne;
      return m.tooSmallNumber(min);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') return m.maxLength(max);
      return m.tooBigNumber(max);
    }
    case 'invalid_format':
      return issue.format === 'email' ? m.email : m.invalidFormat;
    case 'invalid_value':
      return m.invalidOption;
    case 'unrecognized_keys':
      return m.unknownField(issue.keys.join(', '));
    case 'not_multiple_of':
      return m.integersOnly;
    default:
      return m.invalidFormat;
  }
}

let installed = false;
/** Makes every zod schema in this process speak Spanish. Idempotent. */
export function installSpanishZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => spanishIssueMessage(issue) });
}

/** Field errors keyed by field path (`a.b`), first message per field, as react-admin forms expect. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_root';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
