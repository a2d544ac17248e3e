import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A query cache key names one answer. Two screens that cache different calls under the same key
 * read each other's answers once a person moves from one to the other: the PDF screens cached
 * get_company_features ({ enabled }) where the company features screen expected
 * get_company_enabled_features ({ features }), and that move ended on «Algo salió mal».
 */

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Key makers, `const fooKey = (id: number) => ['foo', id]`: their names and first elements. */
function keyMakers(text: string): [string, string][] {
  return [...text.matchAll(/const (\w+) = \([^)]*\) =>\s*\[\s*('[^']+')/g)].map((match) => [
    match[1]!,
    match[2]!,
  ]);
}

/**
 * The keys of a file's queries (`['literal', …]`, or a key maker's call) with the contract call
 * made within the next lines.
 */
function keyedCalls(text: string, makers: ReadonlyMap<string, string>): { key: string; call: string }[] {
  const found: { key: string; call: string }[] = [];
  // A literal key is told apart by all its leading literal parts: ['location', 'cities', …].
  for (const match of text.matchAll(/queryKey:\s*(?:\[\s*((?:'[^']*',\s*)*'[^']*')|(\w+)\()/g)) {
    const key = match[1]?.replace(/\s+/g, '') ?? makers.get(match[2]!);
    // The query's own function: up to the next key (an invalidation names a key and fetches nothing).
    const rest = text.slice(match.index + match[0].length, match.index + 400).split('queryKey')[0]!;
    const call = rest.match(/queryFn[\s\S]*?callEndpoint\(\s*'([A-Za-z]+)'/)?.[1];
    if (key && call) found.push({ key, call });
  }
  return found;
}

describe('query cache keys', () => {
  it('finds the call made under a literal key and under a key maker', () => {
    const text = [
      "export const yKey = (id: number) => ['y', id] as const;",
      "useQuery({ queryKey: ['x', id], queryFn: () => dataProvider.callEndpoint('getX', {}) });",
      "useQuery({ queryKey: yKey(id), queryFn: () => dataProvider.callEndpoint('getY', {}) });",
    ].join('\n');
    expect(keyedCalls(text, new Map(keyMakers(text)))).toEqual([
      { key: "'x'", call: 'getX' },
      { key: "'y'", call: 'getY' },
    ]);
  });

  it('never caches two different calls under the same key', () => {
    const texts = sourceFiles(SRC).map((file) => readFileSync(file, 'utf8'));
    const makers = new Map(texts.flatMap(keyMakers));
    const callsByKey = new Map<string, Set<string>>();
    for (const text of texts)
      for (const { key, call } of keyedCalls(text, makers))
        callsByKey.set(key, (callsByKey.get(key) ?? new Set()).add(call));
    expect(callsByKey.size).toBeGreaterThan(10);
    const shared = [...callsByKey]
      .filter(([, calls]) => calls.size > 1)
      .map(([key, calls]) => `${key}: ${[...calls]}`);
    expect(shared).toEqual([]);
  });
});
