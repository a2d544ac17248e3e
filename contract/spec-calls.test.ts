import { describe, expect, it } from 'vitest';
import { endpoints } from './index.js';
import specCalls from './spec-calls.json' with { type: 'json' };

type SpecCall = { area: string; methods: string[]; path: string };
const calls = specCalls as SpecCall[];

describe('contract against the 166 calls of SPEC §7.2', () => {
  const declared = Object.entries(endpoints).map(([name, entry]) => ({ name, ...entry }));

  // Declared means served: the server refuses to start with a contract entry lacking its handler
  // (tests/api/app.test.ts), and the route sweep calls each one (tests/api/route-sweep.test.ts).
  it('declares every call', () => {
    const missing: string[] = [];
    let covered = 0;
    for (const call of calls) {
      if (declared.some((entry) => entry.path === call.path)) covered++;
      else missing.push(`${call.methods.join('/') || '?'} ${call.path}`);
    }
    expect(calls).toHaveLength(166);
    expect(missing).toEqual([]);
    expect(covered).toBe(166);
  });

  it('declares each call with the path and method the specification gives', () => {
    const disagreements: string[] = [];
    for (const entry of declared) {
      const spec = calls.filter((call) => call.path === entry.path);
      if (spec.length === 0) continue; // our own additions, such as health
      const methods = spec.flatMap((call) => call.methods);
      if (methods.length > 0 && !methods.includes(entry.method)) {
        disagreements.push(
          `${entry.name}: ${entry.method} ${entry.path}, la especificación dice ${methods.join('/')}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('uses each method and path once', () => {
    const keys = declared.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
