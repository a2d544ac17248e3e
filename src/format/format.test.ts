import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, formatSize } from '.';

// Intl separates the currency symbol and the day period with no-break spaces; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCurrency', () => {
  it('shows US dollars with 2 decimals in the Colombian style', () => {
    expect(plain(formatCurrency(1234.5))).toBe('US$ 1.234,50');
    expect(plain(formatCurrency(0))).toBe('US$ 0,00');
    expect(plain(formatCurrency(9.999))).toBe('US$ 10,00');
  });

  it('accepts numeric strings and leaves non-numbers empty', () => {
    expect(plain(formatCurrency('42'))).toBe('US$ 42,00');
    expect(formatCurrency('abc')).toBe('');
  });
});

describe('formatDate and formatDateTime', () => {
  // 01:56 UTC on the 22nd is still the 21st in Bogotá (UTC-5), whatever the machine's time zone.
  const instant = '2025-11-22T01:56:00Z';

  it('formats the calendar date in Bogotá', () => {
    expect(formatDate(instant)).toBe('21/11/2025');
    expect(formatDate(new Date(instant))).toBe('21/11/2025');
    expect(formatDate(Date.parse(instant))).toBe('21/11/2025');
  });

  it('formats date and time in Bogotá with the Colombian 12-hour clock', () => {
    expect(plain(formatDateTime(instant))).toBe('21/11/2025, 8:56 p. m.');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('formatSize', () => {
  it('picks B, kB, MB, GB or TB with powers of 1000', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1000)).toBe('1 kB');
    expect(formatSize(1_536_000)).toBe('1,54 MB');
    expect(formatSize(5_000_000_000)).toBe('5 GB');
    expect(formatSize(2_500_000_000_000)).toBe('2,5 TB');
  });

  it('stays in TB beyond it, keeps the sign and ignores non-numbers', () => {
    expect(formatSize(3_000_000_000_000_000)).toBe('3.000 TB');
    expect(formatSize(-1500)).toBe('-1,5 kB');
    expect(formatSize(Number.POSITIVE_INFINITY)).toBe('');
  });
});
