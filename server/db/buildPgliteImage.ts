/**
 * `npm run build` step (bundled to dist/server/build-pglite-image.js and run by
 * scripts/build-server.mjs in a process of its own): makes dist/pglite-image, an embedded database
 * with every migration and the reference data, that a first start copies instead of running initdb.
 * The memory initdb takes is spent here, in a short-lived process, never in the server.
 */
import { renameSync, rmSync } from 'node:fs';
import { openDatabase } from './client.js';
import { applyMigrations } from './migrate.js';
import { openPglite, pgliteImageFolder } from './pgliteImage.js';
import { seedLocation } from './seedLocation.js';

export async function buildPgliteImage(target = pgliteImageFolder()): Promise<void> {
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  // From initdb, never from the previous image: a new PGlite version must not inherit old files.
  const pglite = await openPglite(partial, null);
  const database = await openDatabase({ dataDir: '', pglite });
  try {
    await applyMigrations(database);
    await seedLocation(database.db);
    // Leave the files compact: the copy of a first start is then as small as it can be.
    await pglite.exec('VACUUM ANALYZE');
    await pglite.exec('CHECKPOINT');
  } catch (error) {
    await database.close();
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  await database.close();
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}
