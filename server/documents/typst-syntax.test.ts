import { describe, expect, it } from 'vitest';
import { escapeMarkup, points, typstString } from './typst-syntax.js';

describe('escapeMarkup', () => {
  it('puts a backslash before every ASCII symbol and leaves letters, digits and accents alone', () => {
    expect(escapeMarkup('Añó 2026 #$%')).toBe('Añó 2026 \\#\\$\\%');
    for (let code = 33; code < 127; code++) {
      const character = String.fromCharCode(code);
      expect(escapeMarkup(character)).toBe(/[A-Za-z0-9]/.test(character) ? character : `\\${character}`);
    }
  });

  it('collapses HTML whitespace, keeps non-breaking spaces and drops control characters', () => {
    expect(escapeMarkup('a \n\t b\u00a0c\u0000\u0007d')).toBe('a b\u00a0cd');
  });
});

describe('typstString', () => {
  it('escapes backslashes, quotes and line breaks', () => {
    expect(typstString('a\\b"c\nd')).toBe('"a\\\\b\\"c\\nd"');
  });
});

describe('points', () => {
  it('rounds to hundredths', () => {
    expect(points(12.3456)).toBe('12.35pt');
  });
});
