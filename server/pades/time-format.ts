/** Dates as Colombian readers expect them (es-CO), in Bogotá time (COT, UTC−5, no daylight saving). */

const BOGOTA = 'America/Bogota';

const longDate = new Intl.DateTimeFormat('es-CO', {
  timeZone: BOGOTA,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const clock = new Intl.DateTimeFormat('es-CO', {
  timeZone: BOGOTA,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const numericDate = new Intl.DateTimeFormat('es-CO', {
  timeZone: BOGOTA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

// ICU puts narrow no-break spaces in some formats; the PDF fonts may lack them.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** `23 de noviembre de 2026, 18:17` (Bogotá). */
export function signingDateText(date: Date): string {
  return plainSpaces(`${longDate.format(date)}, ${clock.format(date).slice(0, 5)}`);
}

/** `23/11/2026 18:17:05 COT`. */
export function bogotaTimestamp(date: Date): string {
  return plainSpaces(`${numericDate.format(date)} ${clock.format(date)} COT`);
}

/** `2026-11-23 23:17:05 UTC`. */
export function utcTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
