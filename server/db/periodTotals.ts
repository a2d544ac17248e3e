import { type SQL, sql } from 'drizzle-orm';

/**
 * Reading a range of Bogotá days from totals the database keeps twice, by day and by month
 * (request_day_totals and request_month_totals, code_day_totals and code_month_totals): the
 * range's whole months come from the monthly rows, the days before and after them from the daily
 * ones. A year of a platform is then a few thousand rows, and any range adds at most two months
 * of days.
 */

/** `AAAA-MM-DD` dates of the calendar (UTC arithmetic on dates, no time of day). */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonthStart = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
};

/** From the first day to the last, both included; either may be open. */
export type DayRange = { from?: string; to?: string };

/**
 * The conditions on the monthly rows' `month` (its first day) and on the daily rows' `day` that
 * together cover every day of `range` once.
 */
export function periodConditions(range: DayRange, month: SQL, day: SQL): { months: SQL[]; days: SQL[] } {
  const { from, to } = range;
  const firstWholeMonth = from === undefined || from.endsWith('-01') ? from : nextMonthStart(from);
  const afterWholeMonths = to === undefined ? undefined : monthStartOf(dayAfter(to));
  const months = [
    ...(firstWholeMonth ? [sql`${month} >= ${firstWholeMonth}::date`] : []),
    ...(afterWholeMonths ? [sql`${month} < ${afterWholeMonths}::date`] : []),
  ];
  const outsideWholeMonths = sql`(${firstWholeMonth ? sql`${day} < ${firstWholeMonth}::date` : sql`false`}
    OR ${afterWholeMonths ? sql`${day} >= ${afterWholeMonths}::date` : sql`false`})`;
  const days = [
    ...(from ? [sql`${day} >= ${from}::date`] : []),
    ...(to ? [sql`${day} <= ${to}::date`] : []),
    outsideWholeMonths,
  ];
  return { months, days };
}

/** Every condition joined with AND (none: true). */
export const allOf = (conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((condition) => condition !== undefined);
  return present.length > 0 ? sql.join(present, sql` AND `) : sql`true`;
};
