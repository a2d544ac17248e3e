import { z } from 'zod';

/**
 * Colombian NIT (Número de Identificación Tributaria) with its check digit, as DIAN computes it:
 * each digit of the base, from the rightmost, times 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53,
 * 59, 67, 71; the sum modulo 11 is r; the check digit is r when r < 2, otherwise 11 − r.
 * Shared by the API and the web form so both apply the same rule.
 */

export const NIT_MESSAGES = {
  checkDigit: 'El dígito de verificación del NIT no es válido',
  format: 'Escriba el NIT con su dígito de verificación, por ejemplo 900123456-7',
} as const;

const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** Base of 5 to 15 digits (dots and spaces allowed as separators), a dash, one check digit. */
const NIT_SHAPE = /^(\d[\d. ]{3,20}\d)\s*-\s*(\d)$/;

/** The check digit of a NIT base (digits only, at most 15). */
export function nitCheckDigit(base: string): number {
  const digits = [...base].reverse();
  const sum = digits.reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? remainder : 11 - remainder;
}

export type NitCheck = { ok: true; nit: string } | { ok: false; message: string };

/** Checks a NIT and normalises it to `900123456-7` (no dots, no spaces). */
export function checkNit(value: string): NitCheck {
  const match = NIT_SHAPE.exec(value.trim());
  const base = match?.[1]?.replace(/[. ]/g, '');
  if (!match || !base || base.length < 5 || base.length > WEIGHTS.length) {
    return { ok: false, message: NIT_MESSAGES.format };
  }
  if (nitCheckDigit(base) !== Number(match[2])) return { ok: false, message: NIT_MESSAGES.checkDigit };
  return { ok: true, nit: `${base}-${match[2]}` };
}

export const isValidNit = (value: string) => checkNit(value).ok;

/** A NIT field: validated, answered normalised; Spanish messages for the form's field error. */
export const nit = z.string().transform((value, context) => {
  const result = checkNit(value);
  if (result.ok) return result.nit;
  context.issues.push({ code: 'custom', message: result.message, input: value });
  return z.NEVER;
});
