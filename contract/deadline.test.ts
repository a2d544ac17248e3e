import { describe, expect, it } from 'vitest';
import { bogotaDay, deadline, deadlineInDays, deadlineText, endOfBogotaDay } from './deadline.js';

describe('the last day to sign', () => {
  it('ends at 23:59:59 of that day in Bogotá, not at the next midnight', () => {
    expect(endOfBogotaDay('2026-12-27').toISOString()).toBe('2026-12-28T04:59:59.999Z');
    expect(deadline.parse('2026-12-27').toISOString()).toBe('2026-12-28T04:59:59.999Z');
    expect(() => endOfBogotaDay('2026-02-30')).toThrow();
  });

  it('keeps an exact date-time as given (Bogotá time without a zone)', () => {
    expect(deadline.parse('2030-01-01T12:00:00-05:00').toISOString()).toBe('2030-01-01T17:00:00.000Z');
    expect(deadline.parse('2030-01-01T12:00:00Z').toISOString()).toBe('2030-01-01T12:00:00.000Z');
    expect(deadline.parse('2030-01-01T08:30').toISOString()).toBe('2030-01-01T13:30:00.000Z');
  });

  it('refuses days that do not exist and other text', () => {
    for (const value of ['2026-02-30', '27/12/2026', 'mañana', '2026-13-01T10:00:00Z', '']) {
      expect(deadline.safeParse(value).success, value).toBe(false);
    }
  });

  it('counts a group’s days from today in Bogotá, whatever the hour in UTC', () => {
    // 03:00 UTC on the 24th is still the 23rd in Bogotá.
    const now = new Date('2026-11-24T03:00:00Z');
    expect(bogotaDay(now)).toBe('2026-11-23');
    expect(deadlineInDays(now, 10).toISOString()).toBe('2026-12-04T04:59:59.999Z');
  });

  it('reads as the last minute of that day, the Colombian way', () => {
    expect(deadlineText(endOfBogotaDay('2026-12-27'))).toBe('27/12/2026, 11:59 p. m.');
    expect(deadlineText('2026-12-28T04:59:59.999Z')).toBe('27/12/2026, 11:59 p. m.');
    expect(deadlineText('no es fecha')).toBe('');
  });
});
