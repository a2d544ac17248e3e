import { describe, expect, it } from 'vitest';
import { latestSlot, parseCron, ScheduleSpecError, validateSpec } from './schedule.js';

const at = (iso: string) => new Date(iso);

describe('schedule slots', () => {
  it('aligns interval slots on the epoch, so every process computes the same one', () => {
    expect(latestSlot({ everySeconds: 300 }, at('2026-11-23T10:07:59.900Z'))).toEqual(
      at('2026-11-23T10:05:00Z'),
    );
    expect(latestSlot({ everySeconds: 300 }, at('2026-11-23T10:10:00Z'))).toEqual(at('2026-11-23T10:10:00Z'));
  });

  it('reads cron in Colombian time by default: 8:00 COT is 13:00 UTC', () => {
    const daily = { cron: '0 8 * * *' };
    expect(latestSlot(daily, at('2026-11-23T13:30:00Z'))).toEqual(at('2026-11-23T13:00:00Z'));
    // Before 8:00 in Bogotá the latest slot is yesterday's.
    expect(latestSlot(daily, at('2026-11-23T12:59:00Z'))).toEqual(at('2026-11-22T13:00:00Z'));
    expect(latestSlot({ cron: '0 8 * * *', utcOffsetMinutes: 0 }, at('2026-11-23T12:59:00Z'))).toEqual(
      at('2026-11-23T08:00:00Z'),
    );
  });

  it('supports lists, ranges and steps, and weekdays with Sunday as 0 or 7', () => {
    // Every 15 minutes, 9 to 17, Monday to Friday (UTC for readability).
    const office = { cron: '*/15 9-17 * * 1-5', utcOffsetMinutes: 0 };
    expect(latestSlot(office, at('2026-11-23T09:44:10Z'))).toEqual(at('2026-11-23T09:30:00Z'));
    // Monday 08:00 → Friday 17:45 of the week before.
    expect(latestSlot(office, at('2026-11-23T08:00:00Z'))).toEqual(at('2026-11-20T17:45:00Z'));
    const sundays = { cron: '30 6 * * 7', utcOffsetMinutes: 0 };
    expect(latestSlot(sundays, at('2026-11-23T00:00:00Z'))).toEqual(at('2026-11-22T06:30:00Z'));
    expect(parseCron('0 0 1,15 * *').daysOfMonth).toEqual(new Set([1, 15]));
  });

  it('finds rare slots (29 February) and gives up only past five years', () => {
    expect(latestSlot({ cron: '0 0 29 2 *', utcOffsetMinutes: 0 }, at('2026-11-23T00:00:00Z'))).toEqual(
      at('2024-02-29T00:00:00Z'),
    );
    expect(latestSlot({ cron: '0 0 31 2 *' }, at('2026-11-23T00:00:00Z'))).toBeNull();
  });

  it('refuses malformed specs with a Spanish message', () => {
    expect(() => validateSpec({ cron: '0 8 * *' })).toThrow(/debe tener 5 campos/);
    expect(() => validateSpec({ cron: '61 * * * *' })).toThrow(/«minuto» fuera de rango/);
    expect(() => validateSpec({ cron: 'a * * * *' })).toThrow(ScheduleSpecError);
    expect(() => validateSpec({ everySeconds: 0 })).toThrow(/al menos 1/);
  });
});
