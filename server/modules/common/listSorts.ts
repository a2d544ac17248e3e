import { type AnyColumn, getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EndpointDefinition } from '../../../contract/define.js';
import { listInputsOf, type SortKeyOf } from '../../../contract/listInputs.js';

/** What each sort key of a list orders by. */
export type SortColumns<K extends string> = Readonly<Record<K, AnyColumn | SQL>>;

/** The column of `table` whose SQL name is `name`. */
export const columnNamed = (table: PgTable, name: string): AnyColumn | undefined =>
  Object.values(getTableColumns(table)).find((column) => column.name === name);

const entryName = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;

/**
 * The ORDER BY of every sort key the list endpoint's contract allows. The keys come from the
 * contract alone: each orders by the column of `table` with that SQL name, unless `expressions`
 * says otherwise (a lower-cased name, another table's column, a count). A key that is neither
 * stops the module from loading, so a sort the contract allows can never reach a query the
 * service cannot build (which answered 500).
 */
export function sortColumnsOf<E extends EndpointDefinition>(
  endpoint: E,
  table: PgTable,
  expressions: Partial<Record<SortKeyOf<E>, AnyColumn | SQL>> = {},
): SortColumns<SortKeyOf<E>> {
  const keys = listInputsOf(endpoint)?.sorts ?? [];
  if (keys.length === 0) throw new Error(`${entryName(endpoint)} no declara un orden en el contrato`);
  const given = expressions as Partial<Record<string, AnyColumn | SQL>>;
  const unknown = Object.keys(given).filter((key) => !keys.includes(key));
  if (unknown.length) {
    throw new Error(`${entryName(endpoint)}: el contrato no permite ordenar por ${unknown.join(', ')}`);
  }
  return Object.fromEntries(
    keys.map((key) => {
      const column = given[key] ?? columnNamed(table, key);
      if (!column) {
        throw new Error(
          `${entryName(endpoint)}: el orden «${key}» del contrato no es una columna de ${getTableName(table)}; dé su expresión`,
        );
      }
      return [key, column];
    }),
  ) as SortColumns<SortKeyOf<E>>;
}

/**
 * The filters of a plain resource's list, by SQL column name: the contract's optional list fields
 * except those the common service reads itself (`company_id`, `search`). A filter that is no column
 * of `table` stops the module from loading instead of being silently ignored.
 */
export function filterColumnsOf(endpoint: EndpointDefinition, table: PgTable): readonly string[] {
  const names = Object.keys(listInputsOf(endpoint)?.filters ?? {}).filter(
    (name) => name !== 'company_id' && name !== 'search',
  );
  for (const name of names) {
    if (!columnNamed(table, name)) {
      throw new Error(
        `${entryName(endpoint)}: el filtro «${name}» del contrato no es una columna de ${getTableName(table)}`,
      );
    }
  }
  return names;
}
