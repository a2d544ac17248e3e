import { describe, expect, it } from 'vitest';
import { typedWordsQuery } from './signerSearch.js';

describe('typedWordsQuery', () => {
  it('matches finished words whole and lets the word being typed be a prefix', () => {
    expect(typedWordsQuery('ana per')).toBe('ana & per:*');
    expect(typedWordsQuery('Sofía')).toBe('sofía:*');
    expect(typedWordsQuery('eva@export')).toBe('eva & export:*');
    expect(typedWordsQuery('firmante4231-')).toBe('firmante4231');
  });

  it('lets nothing but letters and digits into the text-search query', () => {
    expect(typedWordsQuery("'); DROP TABLE users; --")).toBe('drop & table & users');
    expect(typedWordsQuery('a:* | !b & (c)')).toBe('a & b & c');
    expect(typedWordsQuery('@@ --')).toBeNull();
    expect(typedWordsQuery('')).toBeNull();
  });

  it('takes at most eight words', () => {
    expect(typedWordsQuery('a b c d e f g h i j')).toBe('a & b & c & d & e & f & g & h');
  });
});
