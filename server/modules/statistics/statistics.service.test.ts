import { describe, expect, it } from 'vitest';
import { toGigabytes } from './statistics.service.js';

describe('toGigabytes', () => {
  it('writes bytes as GB with at most three decimals and no trailing zeros', () => {
    expect(toGigabytes(0)).toBe('0');
    expect(toGigabytes(1.5 * 1024 ** 3)).toBe('1.5');
    expect(toGigabytes(123_456_789)).toBe('0.115');
    expect(toGigabytes(500 * 1024 ** 3)).toBe('500');
    expect(toGigabytes(1)).toBe('0');
  });
});
