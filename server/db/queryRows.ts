import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Runs raw SQL and returns its rows; both drivers reply with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
