import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { queryRows } from './queryRows.js';

/*
 * PGlite runs no autovacuum daemon, so nothing gathers planner statistics or invalidates the plans
 * a connection keeps (foreign-key checks, prepared statements) as tables grow. These two pieces do
 * on PGlite what autovacuum's analyze does on a PostgreSQL server.
 */

/**
 * Statistics for every table, except that a table found empty is left "never analysed". The
 * planner then assumes such a table has at least 10 pages: a plan made and kept while it is empty
 * (the foreign-key check of the first request ever sent) still walks the primary key instead of
 * scanning the whole table on every later check — what made a 10,000-row bulk send quadratic.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
  await db.execute(sql`
    UPDATE pg_catalog.pg_class SET reltuples = -1
    WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relpages = 0 AND reltuples = 0`);
}

/** autovacuum's defaults: a table is analysed again after 50 rows plus a tenth of its rows changed. */
const ANALYZE_THRESHOLD_ROWS = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Analyses the tables changed enough since their last analysis; returns their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const changed = await queryRows<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', schemaname, relname) AS name FROM pg_catalog.pg_stat_user_tables
        WHERE n_mod_since_analyze > ${ANALYZE_THRESHOLD_ROWS}::int + ${ANALYZE_SCALE_FACTOR}::float8 * n_live_tup
        ORDER BY relname`,
  );
  // The names come from the catalog, quoted by format('%I').
  for (const { name } of changed) await db.execute(sql.raw(`ANALYZE ${name}`));
  return changed.map((table) => table.name);
}

/**
 * Runs `analyzeChangedTables` every `everyMs` until the returned stop is awaited (which waits for
 * a run under way). A failed run is skipped: statistics are an optimisation, never a reason to fail.
 */
export function keepPlannerStatistics(db: Db, everyMs: number): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : analyzeChangedTables(db))).catch(() => undefined);
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
