import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openPglite } from './pgliteImage.js';
import { markPgliteInUse } from './pgliteLock.js';
import { keepPlannerStatistics } from './plannerStatistics.js';

import * as schema from './schema/index.js';

export { createPglite, PGLITE_EXTENSIONS } from './pgliteImage.js';
// Its own module so that the planner's upkeep, which this module starts, can use it without a cycle.
export { queryRows } from './queryRows.js';

/** How often PGlite's tables are checked for enough changes to be analysed again (autovacuum's job on a server). */
const PGLITE_ANALYZE_EVERY_MS = 10_000;

export type Schema = typeof schema;
/** The one database type services use: the same code runs on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgresql';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Runs `work` holding a session-level advisory lock (serialises migrations across processes). */
  withAdvisoryLock<T>(lockId: number, work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** A PGlite instance made elsewhere (tests clone a migrated template). */
  pglite?: PGlite;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const client = options.pglite ?? (await openPgliteDir(options.dataDir));
  // Backup and restore refuse a DATA_DIR whose database a running server holds open.
  const releaseMark = options.pglite ? () => {} : markPgliteInUse(options.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const stopStatistics = keepPlannerStatistics(db, PGLITE_ANALYZE_EVERY_MS);
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection inside this process: nobody else can migrate concurrently.
    withAdvisoryLock: (_lockId, work) => work(db),
    close: async () => {
      await stopStatistics();
      await client.close();
      releaseMark();
    },
  };
}

function openPgliteDir(dataDir: string): Promise<PGlite> {
  return openPglite(join(dataDir, 'pgdata'));
}

/** The PostgreSQL driver is loaded only here: an embedded (PGlite) process never needs it. */
async function openPostgres(connectionString: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    // Only the named statements (`preparedByIds`, list pages) are affected: planned once per
    // connection. With custom plans PostgreSQL re-planned them on every call, because a plan for
    // `= ANY($ids)` knowing 15 ids always looks cheaper than the generic one; planning the company
    // record's joins cost twice its execution. Unnamed statements are planned per call as before.
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgresql',
    async withAdvisoryLock(lockId, work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockId]);
        return await work(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
