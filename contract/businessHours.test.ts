import { describe, expect, it } from 'vitest';
import { businessDurationText, businessMinutesBetween } from './businessHours.js';

/** A Bogotá wall-clock time (UTC−5). */
const cot = (text: string) => new Date(`${text}-05:00`);

describe('business minutes (Monday to Friday, 8:00 to 18:00 COT)', () => {
  it('counts plain minutes inside one working day', () => {
    expect(businessMinutesBetween(cot('2026-11-24T09:00:00'), cot('2026-11-24T10:30:00'))).toBe(90);
  });

  it('does not count the night: 17:00 to 9:00 the next day is two hours', () => {
    expect(businessMinutesBetween(cot('2026-11-24T17:00:00'), cot('2026-11-25T09:00:00'))).toBe(120);
  });

  it('starts counting at 8:00 when a ticket arrives before opening', () => {
    expect(businessMinutesBetween(cot('2026-11-24T06:15:00'), cot('2026-11-24T08:45:00'))).toBe(45);
    expect(businessMinutesBetween(cot('2026-11-24T19:00:00'), cot('2026-11-24T23:00:00'))).toBe(0);
  });

  it('skips the weekend: Friday 17:00 to Monday 9:00 is two hours', () => {
    // 2026-11-27 is a Friday, 2026-11-30 a Monday.
    expect(businessMinutesBetween(cot('2026-11-27T17:00:00'), cot('2026-11-30T09:00:00'))).toBe(120);
    expect(businessMinutesBetween(cot('2026-11-28T10:00:00'), cot('2026-11-29T15:00:00'))).toBe(0);
  });

  it('adds ten hours for each full working day spanned', () => {
    // Monday 8:00 to Friday 18:00: five days of ten hours.
    expect(businessMinutesBetween(cot('2026-11-23T08:00:00'), cot('2026-11-27T18:00:00'))).toBe(3000);
    // Monday 12:00 to the next Monday 12:00: 6 h + 4 × 10 h + 4 h.
    expect(businessMinutesBetween(cot('2026-11-23T12:00:00'), cot('2026-11-30T12:00:00'))).toBe(3000);
  });

  it('reads the day in Bogotá, not in UTC (Friday 22:00 COT is Saturday in UTC)', () => {
    expect(businessMinutesBetween(cot('2026-11-27T22:00:00'), cot('2026-11-30T08:30:00'))).toBe(30);
  });

  it('is zero when the end is not after the start', () => {
    const at = cot('2026-11-24T09:00:00');
    expect(businessMinutesBetween(at, at)).toBe(0);
    expect(businessMinutesBetween(cot('2026-11-24T11:00:00'), at)).toBe(0);
  });

  it('is written in Spanish', () => {
    expect(businessDurationText(45)).toBe('45 min');
    expect(businessDurationText(125)).toBe('2 h 05 min');
    expect(businessDurationText(600)).toBe('1 día hábil');
    expect(businessDurationText(1_260)).toBe('2 días hábiles 1 h');
  });
});
