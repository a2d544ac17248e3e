import { describe, expect, it } from 'vitest';
import { INVALID_PHONE, toE164 } from './phone.js';

describe('toE164', () => {
  it('accepts international numbers with any separators and adds Colombia’s code to national mobiles', () => {
    expect(toE164('+57 (300) 123-4567')).toBe('+573001234567');
    expect(toE164('300 123 4567')).toBe('+573001234567');
    expect(toE164('3001234567', '1')).toBe('+13001234567');
    expect(toE164('573001234567')).toBe('+573001234567');
  });

  it('refuses what cannot be a phone number', () => {
    for (const phone of ['', 'hola', '+0 300', '12345', '+57 300 123 4567 8901 2345', '300;123']) {
      expect(() => toE164(phone), phone).toThrow(INVALID_PHONE);
    }
  });
});
