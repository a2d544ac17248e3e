import { HttpProblem } from '../errors.js';

export const INVALID_PHONE =
  'El número de celular no es válido; escríbalo con el indicativo del país, por ejemplo +57 300 123 4567';

/**
 * A phone number in E.164 (`+573001234567`). A number written without `+` gets the default
 * country code (Colombia, 57) when it has a national length of ten digits.
 */
export function toE164(phone: string, defaultCountryCode = '57'): string {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) throw new HttpProblem(422, INVALID_PHONE);
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+')
    ? digits
    : digits.length === 10
      ? `${defaultCountryCode}${digits}`
      : digits;
  if (!/^[1-9]\d{7,14}$/.test(international)) throw new HttpProblem(422, INVALID_PHONE);
  return `+${international}`;
}
