/**
 * How a merge value reads in a document, the Colombian way (es-CO): the value is stored as typed
 * (`2026-12-01`, `12000000`) and printed as people write it («1 de diciembre de 2026»,
 * «12.000.000»). The renderer prints every value through here, and the sending screen shows the
 * same text beside the input, so what the sender reads is what the document says.
 */

/** How a date field prints: `long` «1 de diciembre de 2026» (the default) or `numeric` «01/12/2026». */
export const DATE_FORMATS = ['long', 'numeric'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DATE_FORMAT_LABELS = {
  long: '1 de diciembre de 2026',
  numeric: '01/12/2026',
} as const satisfies Record<DateFormat, string>;

/** What a value's text depends on: its field's type and, for dates, the format chosen. */
export type ValueFormat = { type: string; date_format?: DateFormat };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^(-?)(\d+)(?:[.,](\d+))?$/;

const dateFormats = {
  long: new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }),
  numeric: new Intl.DateTimeFormat('es-CO', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }),
} satisfies Record<DateFormat, Intl.DateTimeFormat>;

/** `2026-12-01` as «1 de diciembre de 2026» (or «01/12/2026»); anything else as given. */
export function dateValueText(raw: string, format: DateFormat = 'long'): string {
  const parts = DAY.exec(raw.trim());
  if (!parts) return raw;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  if (date.toISOString().slice(0, 10) !== raw.trim()) return raw;
  return dateFormats[format].format(date);
}

/**
 * `12000000` as «12.000.000», `1234,5` or `1234.5` as «1.234,5»: thousands with a point, decimals
 * after a comma, digits kept exactly as typed (no rounding, however long). Anything else as given.
 */
export function numberValueText(raw: string): string {
  const parts = NUMBER.exec(raw.trim());
  if (!parts) return raw;
  const [, sign, whole, decimals] = parts;
  const digits = whole!.replace(/^0+(?=\d)/, '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = sign && /[1-9]/.test(`${digits}${decimals ?? ''}`) ? '-' : '';
  return `${negative}${grouped}${decimals === undefined ? '' : `,${decimals}`}`;
}

/** A merge value as the document prints it. */
export function fieldValueText(format: ValueFormat, raw: string): string {
  switch (format.type) {
    case 'date':
      return dateValueText(raw, format.date_format);
    case 'number':
      return numberValueText(raw);
    default:
      return raw;
  }
}
