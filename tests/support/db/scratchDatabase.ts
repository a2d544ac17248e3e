import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client.js';
import { applyMigrations } from '../../../server/db/migrate.js';

/**
 * A PGlite database of its own for one test file, migrated before its tests and removed after:
 * `database()` gives it once `beforeAll` has run; `prepare` runs once, after the migrations.
 */
export function scratchDatabaseForFile(name: string, prepare?: (database: Database) => Promise<void>) {
  const scratch = mkdtempSync(join(tmpdir(), `rubrica-${name}-`));
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await openDatabase({ dataDir: scratch });
    await applyMigrations(opened);
    await prepare?.(opened);
  });
  afterAll(async () => {
    await opened?.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  return () => {
    if (!opened) throw new Error('the scratch database opens in beforeAll');
    return opened;
  };
}
