import { z } from 'zod';

/**
 * The last day to sign, one rule for every kind of request: a day chosen as the last one
 * (`2026-12-27`) stays open until 23:59:59 of that day in Bogotá (COT, UTC−5 all year, no daylight
 * saving), stored as that instant. Screens, the signer's page and e-mails show it with
 * `deadlineText` («27/12/2026, 11:59 p. m.»), so nobody reads the next day's midnight.
 */

const BOGOTA_OFFSET_MS = 5 * 3_600_000;
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

const realDay = (day: string) => {
  const parts = DAY.exec(day);
  if (!parts) return false;
  const date = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return date.toISOString().slice(0, 10) === day;
};

/** The last instant of a day in Bogotá: `2026-12-27` → 2026-12-27 23:59:59.999 COT. */
export function endOfBogotaDay(day: string): Date {
  if (!realDay(day)) throw new RangeError(`Día inválido: ${day}`);
  return new Date(Date.parse(`${day}T00:00:00Z`) + BOGOTA_OFFSET_MS + DAY_MS - 1);
}

/** The calendar day (`AAAA-MM-DD`) of an instant in Bogotá, `days` later. */
export function bogotaDay(at: Date = new Date(), days = 0): string {
  return new Date(at.getTime() - BOGOTA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** A group's «expires in N days»: the end of the N-th day after today in Bogotá. */
export const deadlineInDays = (now: Date, days: number): Date => endOfBogotaDay(bogotaDay(now, days));

/**
 * A deadline as forms and API clients send it: a day (`2026-12-27`, the last day to sign, open
 * until 23:59:59 COT) or an exact date-time, kept as given (Bogotá time when it has no zone).
 */
export const deadline = z
  .string()
  .trim()
  .transform((value, context) => {
    if (realDay(value)) return endOfBogotaDay(value);
    const parts = DATE_TIME.exec(value);
    const time = parts && realDay(parts[1]!) ? Date.parse(parts[4] ? value : `${value}-05:00`) : Number.NaN;
    if (Number.isNaN(time)) {
      context.addIssue({ code: 'custom', message: 'Ingrese una fecha válida (AAAA-MM-DD)' });
      return z.NEVER;
    }
    return new Date(time);
  });

const deadlineFormat = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `27/12/2026, 11:59 p. m.` in Bogotá, with plain spaces (e-mails and PDF fonts lack ICU's narrow ones). */
export function deadlineText(at: Date | string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return deadlineFormat.format(date).replace(/[\u00a0\u202f]/g, ' ');
}
