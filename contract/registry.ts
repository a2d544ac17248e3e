/**
 * Merging the tables the resource modules export (endpoint tables, handler tables), found by the
 * generated barrels. Only exports that look like such a table count: the type keeps the exports
 * whose type is a table, the runtime check the values that are one, and a name exported twice
 * fails at start, so two modules never silently replace each other's entries.
 */

/** `A | B` → `A & B`. */
export type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The exports of module `M` that are tables of `Entry` (functions and other values drop out). */
export type TablesOf<M, Entry> = M extends unknown
  ? {
      [K in keyof M]: M[K] extends (...args: never[]) => unknown
        ? never
        : M[K] extends Record<string, Entry>
          ? M[K]
          : never;
    }[keyof M]
  : never;

/** Every table of every module, merged into one object type. */
export type MergedTables<Modules extends readonly unknown[], Entry> = Flat<
  UnionToIntersection<TablesOf<Modules[number], Entry>>
>;

type Flat<T> = { [K in keyof T]: T[K] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** The entries of every exported table of `modules` whose entries all pass `isEntry`. */
export function mergeTables(
  modules: readonly Record<string, unknown>[],
  isEntry: (value: unknown) => boolean,
  what: string,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const module of modules) {
    for (const table of Object.values(module)) {
      if (!isPlainObject(table)) continue;
      const entries = Object.entries(table);
      if (entries.length === 0 || !entries.every(([, entry]) => isEntry(entry))) continue;
      for (const [name, entry] of entries) {
        if (name in merged && merged[name] !== entry) throw new Error(`${what} ${name} declarado dos veces`);
        merged[name] = entry;
      }
    }
  }
  return merged;
}
