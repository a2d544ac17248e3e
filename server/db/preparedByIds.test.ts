import { describe, expect, it } from 'vitest';
import { statementNamer } from './preparedByIds.js';

describe('statementNamer', () => {
  it('names a text the same way every time, and different texts differently', () => {
    const nameOf = statementNamer('list', 10);
    const first = nameOf('SELECT 1');
    expect(first).toMatch(/^list_[\w-]+$/);
    expect(nameOf('SELECT 1')).toBe(first);
    expect(nameOf('SELECT 2')).not.toBe(first);
  });

  it('leaves texts past the bound unnamed, still naming the ones it knows', () => {
    const nameOf = statementNamer('list', 2);
    const known = nameOf('SELECT 1');
    nameOf('SELECT 2');
    expect(nameOf('SELECT 3')).toBeUndefined();
    expect(nameOf('SELECT 1')).toBe(known);
  });
});
