import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client.js';
import { applyMigrations } from './migrate.js';
import { analyzeChangedTables, keepPlannerStatistics } from './plannerStatistics.js';

const scratch = mkdtempSync(join(tmpdir(), 'rubrica-statistics-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: scratch });
  await applyMigrations(database);
});
afterAll(async () => {
  await database.close();
  rmSync(scratch, { recursive: true, force: true });
});

const reltuples = async (table: string) =>
  Number(
    (
      await queryRows<{ reltuples: number }>(
        database.db,
        sql`SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass`,
      )
    )[0]?.reltuples,
  );

/** The plan PostgreSQL keeps for a statement it runs again and again, like a foreign-key check. */
async function genericPlanOfKeyLookup(table: string): Promise<string> {
  await database.db.execute(sql.raw(`SET plan_cache_mode = force_generic_plan`));
  await database.db.execute(sql.raw(`PREPARE key_lookup(int) AS SELECT 1 FROM ${table} WHERE id = $1`));
  try {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql.raw(`EXPLAIN EXECUTE key_lookup(1)`),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await database.db.execute(sql.raw(`DEALLOCATE key_lookup`));
    await database.db.execute(sql.raw(`RESET plan_cache_mode`));
  }
}

/** Waits for a condition (statistics reach PGlite's counters a moment after a commit). */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('planner statistics on PGlite', () => {
  it('leaves the empty tables of a new database "never analysed", so kept plans walk the primary key', async () => {
    expect(await reltuples('signature_requests')).toBe(-1);
    expect(await genericPlanOfKeyLookup('signature_requests')).toMatch(/Index (Only )?Scan/);
    // What a plain ANALYZE of the empty table would have left: a plan that scans the whole table.
    await database.db.execute(sql`ANALYZE signature_requests`);
    expect(await reltuples('signature_requests')).toBe(0);
    expect(await genericPlanOfKeyLookup('signature_requests')).toMatch(/Seq Scan/);
    await applyMigrations(database);
    expect(await reltuples('signature_requests')).toBe(-1);
  });

  it('analyses a table again once enough of its rows changed, as autovacuum would', async () => {
    await database.db.execute(sql`CREATE TABLE statistics_probe (id serial PRIMARY KEY, note text)`);
    await database.db.execute(
      sql`INSERT INTO statistics_probe (note) SELECT 'n' FROM generate_series(1, 500)`,
    );
    const analysed = await until(
      () => analyzeChangedTables(database.db),
      (tables) => tables.includes('public.statistics_probe'),
    );
    expect(analysed).toContain('public.statistics_probe');
    expect(await reltuples('statistics_probe')).toBe(500);
    // Nothing changed since: nothing to do.
    expect(await analyzeChangedTables(database.db)).not.toContain('public.statistics_probe');
  });

  it('keeps analysing on a timer until stopped', async () => {
    await database.db.execute(
      sql`INSERT INTO statistics_probe (note) SELECT 'm' FROM generate_series(1, 700)`,
    );
    const stop = keepPlannerStatistics(database.db, 20);
    try {
      expect(
        await until(
          () => reltuples('statistics_probe'),
          (rows) => rows === 1200,
        ),
      ).toBe(1200);
    } finally {
      await stop();
    }
  });
});
