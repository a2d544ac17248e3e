import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';

type Preparable<Row> = {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
};

/**
 * A query over a set of ids (the rows of a list page, their signers…), built and prepared once per
 * database instead of on every call. Building a select with joins and subqueries through the query
 * builder cost more CPU than running it (≈ 0.4 ms for the company record); prepared, the SQL text
 * is made once and PostgreSQL keeps its plan per connection (a named statement).
 *
 * `build` receives the ids as one `int[]` parameter, to compare with `= ANY(ids)`.
 * `name` must be unique among prepared statements.
 */
export function preparedByIds<Row>(name: string, build: (db: Db, ids: SQL) => Preparable<Row>) {
  const byDatabase = new WeakMap<Db, ReturnType<Preparable<Row>['prepare']>>();
  return (db: Db, ids: readonly number[]): Promise<Row[]> => {
    if (ids.length === 0) return Promise.resolve([]);
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db, sql`${sql.placeholder('ids')}::int[]`).prepare(name);
      byDatabase.set(db, prepared);
    }
    return prepared.execute({ ids: [...ids] });
  };
}
