import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../paths.js';
import { type Database, type Db, queryRows } from './client.js';
import { refreshPlannerStatistics } from './plannerStatistics.js';

export const MIGRATION_LOCK_ID = 7_210_001;

/** Applies the committed migrations; safe when several processes start at once on PostgreSQL. */
export async function applyMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  await database.withAdvisoryLock(MIGRATION_LOCK_ID, async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
      await refreshPlannerStatistics(db);
    } else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}

type Journal = { entries: { idx: number; tag: string }[] };

let journalTags: string[] | undefined;
/** The tags of the migrations this build ships, in order (read once). */
const shippedTags = () =>
  (journalTags ??= (
    JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as Journal
  ).entries.map((entry) => entry.tag));

/** How many migrations are applied, the tag of the last one, and how many this build ships. */
export async function migrationStatus(
  db: Db,
): Promise<{ applied: number; latest: string | null; total: number }> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
  );
  const applied = Number(row?.count ?? 0);
  const tags = shippedTags();
  return { applied, latest: tags[applied - 1] ?? null, total: tags.length };
}
