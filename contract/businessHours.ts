/**
 * Support's business hours (SPEC §9): Monday to Friday, 8:00 to 18:00 in Bogotá (COT, UTC−5 all
 * year, no daylight saving). A ticket's first-response and resolution times count only these
 * minutes, so a ticket opened on Friday evening and answered on Monday at 9:00 took one hour.
 */

const BOGOTA_OFFSET_MS = 5 * 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export const BUSINESS_DAY_START_HOUR = 8;
export const BUSINESS_DAY_END_HOUR = 18;

/** Whole business minutes between two instants (0 when `end` is not after `start`). */
export function businessMinutesBetween(start: Date, end: Date): number {
  // Bogotá's wall clock read as UTC: days and hours below are Bogotá's.
  const from = start.getTime() - BOGOTA_OFFSET_MS;
  const to = end.getTime() - BOGOTA_OFFSET_MS;
  if (!(to > from)) return 0;
  let total = 0;
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const open = day + BUSINESS_DAY_START_HOUR * 3_600_000;
    const close = day + BUSINESS_DAY_END_HOUR * 3_600_000;
    total += Math.max(0, Math.min(close, to) - Math.max(open, from));
  }
  return Math.floor(total / MINUTE_MS);
}

/** «2 h 05 min», «45 min», «3 días 1 h» (a business day is 10 hours). */
export function businessDurationText(minutes: number): string {
  const perDay = (BUSINESS_DAY_END_HOUR - BUSINESS_DAY_START_HOUR) * 60;
  const days = Math.floor(minutes / perDay);
  const hours = Math.floor((minutes % perDay) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'día hábil' : 'días hábiles'}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h ${String(rest).padStart(2, '0')} min`;
  return `${rest} min`;
}
