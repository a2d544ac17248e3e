import { APP_LOCALE } from './locale';

/** SI units (powers of 1000), as the product shows storage: B, kB, MB, GB, TB. */
export const SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
const STEP = 1000;

const sizeNumberFormat = new Intl.NumberFormat(APP_LOCALE, { maximumFractionDigits: 2 });

/** A size in bytes with the largest unit that keeps the number at or above 1: `1,54 MB`. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes)) return '';
  let value = Math.abs(bytes);
  let unitIndex = 0;
  while (value >= STEP && unitIndex < SIZE_UNITS.length - 1) {
    value /= STEP;
    unitIndex += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return `${sign}${sizeNumberFormat.format(value)} ${SIZE_UNITS[unitIndex]}`;
}
