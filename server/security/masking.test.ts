import { describe, expect, it } from 'vitest';
import { maskDestination, maskEmail, maskPhone } from './masking.js';

describe('maskEmail', () => {
  it('keeps the first letters of the mailbox, the first of the domain and its suffix', () => {
    expect(maskEmail('juan.perez@gmail.com')).toBe('ju••••••••@g••••.com');
    expect(maskEmail('ana@empresa.com.co')).toBe('a•••@e••••••.com.co');
  });

  it('never shows a short mailbox or domain whole', () => {
    expect(maskEmail('a@b.co')).toBe('a•••@b•••.co');
    expect(maskEmail('sin-arroba')).toBe('s•••••••••');
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last four digits of an international number', () => {
    expect(maskPhone('+57 300 123 4567')).toBe('+57••••••4567');
  });

  it('keeps only the last four digits of a national number', () => {
    expect(maskPhone('300-123-4567')).toBe('••••••4567');
  });

  it('hides a number too short to keep anything', () => {
    expect(maskPhone('1234')).toBe('••••');
    expect(maskPhone('12')).toBe('•••');
  });
});

describe('maskDestination', () => {
  it('masks by channel', () => {
    expect(maskDestination('email', 'juan.perez@gmail.com')).toBe('ju••••••••@g••••.com');
    expect(maskDestination('sms', '+573001234567')).toBe('+57••••••4567');
    expect(maskDestination('whatsapp', '+573001234567')).toBe('+57••••••4567');
  });
});
