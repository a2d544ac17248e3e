/**
 * When a recurring job is due. A spec is either a fixed interval (slots aligned on the Unix epoch,
 * so every process computes the same slots) or a five-field cron expression
 * (`minute hour day-of-month month day-of-week`, with `*`, lists, ranges and steps) read in a fixed
 * UTC offset, Colombia's by default (COT has no daylight saving time).
 */
export type ScheduleSpec = { everySeconds: number } | { cron: string; utcOffsetMinutes?: number };

export const COT_OFFSET_MINUTES = -5 * 60;

type CronFields = {
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  daysOfWeek: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either one is due. */
  dayOfMonthAny: boolean;
  dayOfWeekAny: boolean;
};

const FIELD_RANGES: readonly [string, number, number][] = [
  ['minuto', 0, 59],
  ['hora', 0, 23],
  ['día del mes', 1, 31],
  ['mes', 1, 12],
  ['día de la semana', 0, 7],
];

export class ScheduleSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScheduleSpecError';
  }
}

function parseField(text: string, [label, min, max]: readonly [string, number, number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new ScheduleSpecError(`Campo «${label}» inválido en la expresión cron: «${part}»`);
    const step = match[4] ? Number(match[4]) : 1;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] ? Number(match[3]) : match[4] ? max : from;
    if (step < 1 || from < min || to > max || from > to)
      throw new ScheduleSpecError(`Campo «${label}» fuera de rango (${min}-${max}): «${part}»`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseCron(expression: string): CronFields {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new ScheduleSpecError(
      `La expresión cron debe tener 5 campos, tiene ${parts.length}: «${expression}»`,
    );
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((part, index) =>
    parseField(part, FIELD_RANGES[index]!),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  // Both 0 and 7 mean Sunday.
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthAny: parts[2] === '*',
    dayOfWeekAny: parts[4] === '*',
  };
}

function dayMatches(fields: CronFields, local: Date): boolean {
  if (!fields.months.has(local.getUTCMonth() + 1)) return false;
  const byMonthDay = fields.daysOfMonth.has(local.getUTCDate());
  const byWeekDay = fields.daysOfWeek.has(local.getUTCDay());
  if (fields.dayOfMonthAny) return byWeekDay;
  if (fields.dayOfWeekAny) return byMonthDay;
  return byMonthDay || byWeekDay;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The start of the latest slot at or before `now`, or null when none falls in the last 5 years. */
export function latestSlot(spec: ScheduleSpec, now: Date): Date | null {
  if ('everySeconds' in spec) {
    const period = spec.everySeconds * 1000;
    return new Date(Math.floor(now.getTime() / period) * period);
  }
  const fields = parseCron(spec.cron);
  const offset = (spec.utcOffsetMinutes ?? COT_OFFSET_MINUTES) * MINUTE;
  // Walk back in local wall-clock time (a shifted UTC date), skipping whole days and hours.
  let local = Math.floor((now.getTime() + offset) / MINUTE) * MINUTE;
  const limit = local - 5 * 366 * DAY;
  while (local >= limit) {
    const date = new Date(local);
    if (!dayMatches(fields, date)) {
      local = Math.floor(local / DAY) * DAY - MINUTE;
    } else if (!fields.hours.has(date.getUTCHours())) {
      local = Math.floor(local / HOUR) * HOUR - MINUTE;
    } else if (!fields.minutes.has(date.getUTCMinutes())) {
      local -= MINUTE;
    } else {
      return new Date(local - offset);
    }
  }
  return null;
}

/** Checks a spec once, at declaration, so a typo fails the start rather than a later tick. */
export function validateSpec(spec: ScheduleSpec): void {
  if ('everySeconds' in spec) {
    if (!Number.isInteger(spec.everySeconds) || spec.everySeconds < 1)
      throw new ScheduleSpecError('El intervalo debe ser un número entero de segundos, al menos 1');
    return;
  }
  parseCron(spec.cron);
}
