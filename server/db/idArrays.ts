import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** PostgreSQL's text form of an int[] (`{1,2,3}`), sent as one parameter. */
export const intArrayLiteral = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * `column = ANY($n::int[])`: one parameter whatever the number of ids (`IN ($1, $2, …)` makes a
 * new statement text for every count, and a named statement is planned and kept per text); no ids
 * match nothing.
 */
export const inIds = (column: SQLWrapper, ids: readonly number[]): SQL =>
  ids.length === 0 ? sql`false` : sql`${column} = ANY(${intArrayLiteral(ids)}::int[])`;
