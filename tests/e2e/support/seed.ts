/**
 * Prepares the end-to-end database before the server starts (PGlite allows one process per data
 * directory): migrations, the base seed, then every `tests/e2e/fixtures/*.fixture.ts` module's
 * `seed(db)`, in file-name order. Each fixture module exports the names and passwords its specs use.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootstrap } from '../../../server/bootstrap.js';
import { loadConfig } from '../../../server/config.js';
import type { Db } from '../../../server/db/client.js';
import type { Deps } from '../../../server/deps.js';
import { createLogger } from '../../../server/logger.js';

/** `deps`: for fixtures that need more than the database (stored files, links, queued mail). */
export type FixtureModule = { seed(db: Db, deps: Deps): Promise<void> };

const config = loadConfig();
const { deps } = await bootstrap({ config, logger: createLogger('warn') });
const folder = join(import.meta.dirname, '..', 'fixtures');
for (const file of readdirSync(folder)
  .filter((name) => name.endsWith('.fixture.ts'))
  .sort()) {
  const fixture = (await import(pathToFileURL(join(folder, file)).href)) as FixtureModule;
  await fixture.seed(deps.database.db, deps);
}
await deps.database.close();
