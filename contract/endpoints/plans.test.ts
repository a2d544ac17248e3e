import { describe, expect, it } from 'vitest';
import { instant, instantUntil, usdAmount } from './plans.js';

describe('instant', () => {
  it('reads a plain date as the start of that day in Bogotá (UTC−5)', () => {
    expect(instant.parse('2026-03-01').toISOString()).toBe('2026-03-01T05:00:00.000Z');
  });

  it('reads a date-time without zone as Bogotá time, and keeps an explicit zone', () => {
    expect(instant.parse('2026-03-01T08:30').toISOString()).toBe('2026-03-01T13:30:00.000Z');
    expect(instant.parse('2026-03-01T08:30:15').toISOString()).toBe('2026-03-01T13:30:15.000Z');
    expect(instant.parse('2026-03-01T08:30:00Z').toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(instant.parse('2026-03-01T08:30:00+01:00').toISOString()).toBe('2026-03-01T07:30:00.000Z');
  });

  it('refuses days that do not exist and other text', () => {
    for (const value of ['2026-02-30', '2026-13-01', '01/03/2026', 'mañana', '2026-03-01T25:00']) {
      expect(instant.safeParse(value).success, value).toBe(false);
    }
    expect(instant.safeParse('2028-02-29').success).toBe(true);
  });
});

describe('instantUntil', () => {
  it('covers the whole of a plain date, and up to and including a date-time', () => {
    expect(instantUntil.parse('2026-03-01').toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(instantUntil.parse('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-01T10:00:00.001Z');
  });
});

describe('usdAmount', () => {
  it('answers two decimals as a string, from a number or a string', () => {
    expect(usdAmount.parse(9.5)).toBe('9.50');
    expect(usdAmount.parse('1200')).toBe('1200.00');
    expect(usdAmount.parse(' 0.1 ')).toBe('0.10');
  });

  it('refuses negative amounts, more than 2 decimals and text', () => {
    for (const value of [-1, '12.345', 'diez', '1e3', Number.NaN]) {
      expect(usdAmount.safeParse(value).success, String(value)).toBe(false);
    }
  });
});
