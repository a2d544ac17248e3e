import { describe, expect, it } from 'vitest';
import { endpointModules } from './endpoints.generated.js';
import { type EndpointName, endpoints } from './index.js';
import { OWNED_TABLES } from './ownedTables.js';
import { type MergedTables, mergeTables } from './registry.js';

type Entry = { kind: string };
const isEntry = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as Entry).kind === 'string';

describe('mergeTables', () => {
  it('merges the tables of every module and ignores other exports', () => {
    const first = { alpha: { a: { kind: 'x' } }, label: 'texto', schema: { parse: () => 1 } };
    const second = { beta: { b: { kind: 'y' }, c: { kind: 'z' } }, helper: () => 1, empty: {} };
    expect(mergeTables([first, second], isEntry, 'Entrada')).toEqual({
      a: { kind: 'x' },
      b: { kind: 'y' },
      c: { kind: 'z' },
    });
  });

  it('refuses a name two modules declare', () => {
    const first = { alpha: { a: { kind: 'x' } } };
    const second = { beta: { a: { kind: 'y' } } };
    expect(() => mergeTables([first, second], isEntry, 'Entrada')).toThrow('Entrada a declarado dos veces');
  });

  it('types the merge as every table together, so a missing entry is a compile error', () => {
    const modules = [
      { alpha: { a: { kind: 'x' } }, label: 'texto' },
      { beta: { b: { kind: 'y' } } },
    ] as const;
    const merged = mergeTables(modules, isEntry, 'Entrada') as MergedTables<typeof modules, Entry>;
    const complete: { a: Entry; b: Entry } = merged;
    // @ts-expect-error: no module declares `c`.
    const missing: { a: Entry; b: Entry; c: Entry } = merged;
    expect([complete, missing].every((value) => value === merged)).toBe(true);
  });
});

describe('the contract registry', () => {
  it('holds every endpoint table of contract/endpoints/ and types each name', () => {
    const name: EndpointName = 'listDocumentTypes';
    // @ts-expect-error: no endpoint has this name.
    const unknown: EndpointName = 'listNothing';
    expect(endpoints[name].path).toBe('document_types_list/{companyID}/{page}/{itemsPerPage}/{key}');
    expect(unknown in endpoints).toBe(false);
    const isEndpoint = (entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'method' in entry && 'path' in entry;
    const declaredInFiles = endpointModules.flatMap((module) =>
      Object.values(module).flatMap((value) =>
        typeof value === 'object' && value !== null && Object.values(value).every(isEndpoint)
          ? Object.keys(value)
          : [],
      ),
    );
    expect(Object.keys(endpoints).sort()).toEqual([...new Set(declaredInFiles)].sort());
  });

  it('derives the owned tables from the platform list and the resources', () => {
    expect(OWNED_TABLES.company.table).toBe('companies');
    expect(OWNED_TABLES.documentType).toMatchObject({ table: 'document_types', owner: 'company_id' });
    expect(OWNED_TABLES.userGroup).toMatchObject({ table: 'user_groups', owner: 'company_id' });
  });
});
