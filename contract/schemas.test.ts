import { describe, expect, it } from 'vitest';
import { nonEmpty } from './schemas.js';
import { installSpanishZodMessages, withoutControlCharacters } from './validation.js';

describe('shared text schemas', () => {
  it('refuse control characters with a Spanish message, so forms show it by the field', () => {
    installSpanishZodMessages();
    const result = nonEmpty().safeParse('Acme\u0000 S.A.S.');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('No se permiten caracteres de control');
    expect(nonEmpty().safeParse('Acme S.A.S. ✍️').success).toBe(true);
  });

  it('allow tab, line feed and carriage return only in multi-line text', () => {
    expect(withoutControlCharacters('a\r\n\tb', true)).toBe(true);
    expect(withoutControlCharacters('a\tb')).toBe(false);
    expect(withoutControlCharacters('a\u007fb', true)).toBe(false);
    expect(withoutControlCharacters('a\u001bb', true)).toBe(false);
  });
});
