import { describe, expect, it } from 'vitest';
import { checkNit, isValidNit, NIT_MESSAGES, nit, nitCheckDigit } from './nit.js';

describe('NIT check digit (DIAN modulo 11)', () => {
  it('computes the check digit of known NITs', () => {
    // Published NITs: DIAN 800197268-4, Bancolombia 890903938-8, Ecopetrol 899999068-1.
    expect(nitCheckDigit('800197268')).toBe(4);
    expect(nitCheckDigit('890903938')).toBe(8);
    expect(nitCheckDigit('899999068')).toBe(1);
    expect(nitCheckDigit('900000000')).toBe(5);
  });

  it('uses the remainder itself when it is 0 or 1', () => {
    // The first five-digit bases whose weighted sum leaves 0 and 1.
    const withRemainder = (wanted: number) => {
      for (let base = 10_000; ; base++) {
        const digits = [...String(base)].reverse();
        const weights = [3, 7, 13, 17, 19];
        const sum = digits.reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
        if (sum % 11 === wanted) return String(base);
      }
    };
    expect(nitCheckDigit(withRemainder(0))).toBe(0);
    expect(nitCheckDigit(withRemainder(1))).toBe(1);
  });

  it('accepts dots and spaces and normalises them away', () => {
    expect(checkNit('800.197.268-4')).toEqual({ ok: true, nit: '800197268-4' });
    expect(checkNit(' 890 903 938 - 8 ')).toEqual({ ok: true, nit: '890903938-8' });
    expect(isValidNit('899999068-1')).toBe(true);
  });

  it('refuses a wrong check digit with the DIAN message', () => {
    expect(checkNit('800197268-5')).toEqual({ ok: false, message: NIT_MESSAGES.checkDigit });
    const result = nit.safeParse('800197268-5');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('El dígito de verificación del NIT no es válido');
  });

  it('refuses malformed values with the format message', () => {
    for (const value of ['', '800197268', 'abc-1', '1234-5', '1234567890123456-1', '800197268-45']) {
      expect(checkNit(value), value).toEqual({ ok: false, message: NIT_MESSAGES.format });
    }
  });
});
