import { describe, expect, it } from 'vitest';
import { endpoints } from './index.js';
import specCalls from './spec-calls.json' with { type: 'json' };

type SpecCall = { area: string; methods: string[]; path: string };
const calls = specCalls as SpecCall[];

describe('contract against the 166 calls of SPEC §7.2', () => {
  const declared = Object.entries(endpoints).map(([name, entry]) => ({ name, ...entry }));

  it('reports which calls the contract declares', () => {
    const missing: string[] = [];
    let covered = 0;
    for (const call of calls) {
      if (declared.some((entry) => entry.path === call.path)) covered++;
      else missing.push(`${call.methods.join('/') || '?'} ${call.path}`);
    }
    console.info(`${covered} of ${calls.length} calls declared`);
    console.info(`not yet declared (${missing.length}): ${missing.join(', ')}`);
    expect(calls).toHaveLength(166);
    expect(covered).toBeGreaterThan(0);
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
