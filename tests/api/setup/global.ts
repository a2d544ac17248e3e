import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PGLITE_TEMPLATE = join(process.cwd(), '.tmp', 'pglite-template.tar.gz');

/** Migrates one PGlite once per run; every test file clones it (a fresh instance costs ~2 s, a clone ~0.4 s). */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DB === 'postgres') return;
  const { createPglite, openDatabase } = await import('../../../server/db/client.js');
  const { applyMigrations } = await import('../../../server/db/migrate.js');
  const pglite = await createPglite();
  const database = await openDatabase({ dataDir: '', pglite });
  await applyMigrations(database);
  // Reference data every app seeds anyway; done once here so that each clone starts with it.
  const { seedLocation } = await import('../../../server/db/seedLocation.js');
  await seedLocation(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
