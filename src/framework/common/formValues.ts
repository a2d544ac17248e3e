/**
 * Small conversions from react-admin form values to endpoint bodies, shared by the data
 * declarations: forms hold '' for an emptied input, endpoints want null (cleared) or a number.
 */

/** Trimmed text, or null when empty. */
export function textOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** A positive id, or null when empty. */
export function idOrNull(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date input's value (`YYYY-MM-DD`, a Date or an ISO string) as `YYYY-MM-DD` or the text given. */
export function dateText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The end of a date range as the server's `instant` wants it: a plain date means "until the end of
 * that day" in Bogotá (the server reads a plain date as its start).
 */
export function endOfDayText(value: unknown): string {
  const text = dateText(value);
  return DATE_ONLY.test(text) ? `${text}T23:59:59` : text;
}

/** Form values as react-admin hands them to create and update. */
export type FormValues = Record<string, unknown>;

/**
 * A form's reset when its record is fetched again (a refresh, the window regaining focus, a save
 * elsewhere): the inputs the person already changed keep what they typed; the others take the
 * server's values.
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;
