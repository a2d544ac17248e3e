import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { projectRoot } from '../paths.js';

/**
 * Settings of the embedded database. PGlite keeps PostgreSQL's server defaults, sized for a
 * machine of its own: 128 MB of shared buffers alone grow the WebAssembly heap (which never
 * shrinks) past 180 MiB. Rúbrica's working set is a few MB, so small buffers cost no speed and
 * keep the serving process lean (bench/README.md has the measurements).
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=4MB',
];

/**
 * A migrated, reference-data-seeded PGlite data directory made by `npm run build`. Creating a
 * database from nothing runs initdb in a second PGlite instance and costs ~750 MiB of memory that
 * the process keeps; copying this directory instead costs nothing.
 */
export const pgliteImageFolder = () => join(projectRoot(), 'dist', 'pglite-image');

const isDatabase = (directory: string) => existsSync(join(directory, 'PG_VERSION'));

/**
 * Gives `directory` a database: copies the image there when it holds none yet and the image
 * exists (through a temporary sibling renamed at the end, so a crash never leaves half a copy).
 * Returns whether it copied; otherwise PGlite creates the database itself.
 */
export function seedFromImage(directory: string, image = pgliteImageFolder()): boolean {
  if (isDatabase(directory) || !isDatabase(image)) return false;
  // An empty directory (made by an earlier start that stopped before initdb) can be replaced.
  if (existsSync(directory)) {
    if (readdirSync(directory).length > 0) return false;
    rmdirSync(directory);
  }
  mkdirSync(dirname(directory), { recursive: true });
  const partial = `${directory}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(image, partial, { recursive: true });
  try {
    renameSync(partial, directory);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another process made the database first: use its copy.
    if (isDatabase(directory)) return false;
    throw error;
  }
  return true;
}

/**
 * Opens (and creates when new) the PGlite database in `directory` with the lean settings; a new
 * one starts as a copy of the image unless `image` is null (the image builder itself).
 */
export async function openPglite(
  directory: string,
  image: string | null = pgliteImageFolder(),
): Promise<PGlite> {
  if (image) seedFromImage(directory, image);
  mkdirSync(directory, { recursive: true });
  return createPglite({ dataDir: directory });
}

/** Extensions the migrations use (trigram indexes for list searches); every PGlite must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** A PGlite with the lean settings and the extensions the migrations need (in memory unless `dataDir`). */
export const createPglite = (options: PGliteOptions = {}) =>
  PGlite.create({
    startParams: [...PGLITE_START_PARAMS],
    ...options,
    extensions: { ...PGLITE_EXTENSIONS, ...options.extensions },
  });
