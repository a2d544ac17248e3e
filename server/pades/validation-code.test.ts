import { describe, expect, it } from 'vitest';
import { newValidationCode, normaliseValidationCode, validationUrl } from './validation-code.js';

describe('validation codes', () => {
  it('are three groups of four unambiguous characters, all different across draws', () => {
    const codes = Array.from({ length: 500 }, newValidationCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-TV-Z2-9]{4}(-[A-HJKMNP-TV-Z2-9]{4}){2}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('accept what a person types and refuse what cannot be a code', () => {
    expect(normaliseValidationCode(' k7qm 2xhd-9trb ')).toBe('K7QM-2XHD-9TRB');
    expect(normaliseValidationCode('K7QM-2XHD-9TR')).toBeUndefined();
    expect(normaliseValidationCode('K7QM-2XHD-9TR0')).toBeUndefined();
    expect(normaliseValidationCode('K7QM-2XHD-9TR<')).toBeUndefined();
  });

  it('open the public validation page', () => {
    expect(validationUrl('https://firma.example.co/', 'K7QM-2XHD-9TRB')).toBe(
      'https://firma.example.co/certificate_validation?code=K7QM-2XHD-9TRB',
    );
  });
});
