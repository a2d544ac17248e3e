import { APP_LOCALE } from './locale';

const formats = new Map<number, Intl.NumberFormat>();

/** A number the Colombian way (`1.234,5`), with at most `maxFractionDigits` decimals. Empty for NaN. */
export function formatNumber(value: number, maxFractionDigits = 2): string {
  if (!Number.isFinite(value)) return '';
  let format = formats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: maxFractionDigits });
    formats.set(maxFractionDigits, format);
  }
  return format.format(value);
}
