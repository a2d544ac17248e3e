import { describe, expect, it } from 'vitest';
import { signerSearchQuery } from './signerSearch.js';

describe('signerSearchQuery', () => {
  it('matches finished words whole and lets the word being typed be a prefix', () => {
    expect(signerSearchQuery('ana per')).toBe('ana & per:*');
    expect(signerSearchQuery('Sofía')).toBe('sofía:*');
    expect(signerSearchQuery('eva@export')).toBe('eva & export:*');
    expect(signerSearchQuery('firmante4231-')).toBe('firmante4231');
  });

  it('lets nothing but letters and digits into the text-search query', () => {
    expect(signerSearchQuery("'); DROP TABLE users; --")).toBe('drop & table & users');
    expect(signerSearchQuery('a:* | !b & (c)')).toBe('a & b & c');
    expect(signerSearchQuery('@@ --')).toBeNull();
    expect(signerSearchQuery('')).toBeNull();
  });

  it('takes at most eight words', () => {
    expect(signerSearchQuery('a b c d e f g h i j')).toBe('a & b & c & d & e & f & g & h');
  });
});
