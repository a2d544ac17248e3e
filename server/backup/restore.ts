import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { s3OptionsFromConfig } from '../storage/fromConfig.js';
import { createS3Storage } from '../storage/s3.js';
import { type FileStorage, localFilesRoot, localStorageFor } from '../storage/storage.js';
import { assertPgliteStopped, DATA_DIR_SECRETS, pgliteDataDir } from './backup.js';
import { BACKUP_PARTS, type Manifest, readManifest, verifyEntries, writeHashed } from './manifest.js';
import { runPostgresTool } from './postgresTools.js';

const NOT_EMPTY = 'la restauración solo escribe en un destino vacío, para no mezclar datos';

const hasEntries = async (directory: string) =>
  existsSync(directory) && (await readdir(directory)).length > 0;

/** Tables in the database outside PostgreSQL's own schemas. */
async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Refuses (in Spanish, naming what) a database, file store or DATA_DIR that already holds data. */
async function assertEmptyTargets(
  config: Config,
  manifest: Manifest,
  s3Keys: () => AsyncIterable<string>,
): Promise<void> {
  if (config.DATABASE_URL) {
    if ((await tableCount(config.DATABASE_URL)) > 0)
      throw new Error(`La base de datos de DATABASE_URL no está vacía: ${NOT_EMPTY}. Cree una base nueva.`);
  } else if (await hasEntries(pgliteDataDir(config.DATA_DIR))) {
    throw new Error(`${pgliteDataDir(config.DATA_DIR)} ya tiene una base de datos: ${NOT_EMPTY}.`);
  }
  if (config.STORAGE_DRIVER === 'local') {
    if (await hasEntries(localFilesRoot(config.DATA_DIR)))
      throw new Error(`${localFilesRoot(config.DATA_DIR)} ya tiene archivos: ${NOT_EMPTY}.`);
  } else {
    for await (const _key of s3Keys())
      throw new Error(`El depósito S3 ${config.S3_BUCKET} ya tiene objetos: ${NOT_EMPTY}.`);
  }
  // Only what the backup brings back: a PostgreSQL backup usually has no DATA_DIR secrets.
  for (const name of DATA_DIR_SECRETS) {
    const part = `${BACKUP_PARTS.dataDir}/${name}`;
    const brought = manifest.entries.some(
      (entry) => entry.path === part || entry.path.startsWith(`${part}/`),
    );
    if (brought && existsSync(join(config.DATA_DIR, name)))
      throw new Error(`${join(config.DATA_DIR, name)} ya existe: ${NOT_EMPTY}.`);
  }
}

const inBackup = (source: string, path: string) => join(source, ...path.split('/'));

/** The entries under `part/`, with their path below it. */
const entriesUnder = (manifest: Manifest, part: string) =>
  manifest.entries
    .filter((entry) => entry.path.startsWith(`${part}/`))
    .map((entry) => ({ ...entry, below: entry.path.slice(part.length + 1) }));

async function restoreTree(source: string, manifest: Manifest, part: string, target: string) {
  for (const entry of entriesUnder(manifest, part))
    await writeHashed(
      createReadStream(inBackup(source, entry.path)),
      join(target, ...entry.below.split('/')),
    );
}

/**
 * Puts a backup made by createBackup back: checks every file's sha256 first, then refuses any
 * target that holds data, then restores the database (PGlite's directory, or pg_restore into the
 * empty DATABASE_URL), the files (into DATA_DIR/files or the empty bucket) and DATA_DIR's secrets.
 * On PostgreSQL, platform_secrets comes back still encrypted: the server needs the same SECRETS_KEY.
 */
export async function restoreBackup(options: {
  config: Config;
  source: string;
  report: (line: string) => void;
}): Promise<Manifest> {
  const { config, source, report } = options;
  const manifest = await readManifest(source);
  const database = config.DATABASE_URL ? 'postgresql' : 'pglite';
  if (manifest.database !== database)
    throw new Error(
      manifest.database === 'postgresql'
        ? 'La copia es de PostgreSQL: restáurela con DATABASE_URL apuntando a una base de datos vacía'
        : 'La copia es de la base de datos integrada (PGlite): restáurela sin DATABASE_URL, en un DATA_DIR vacío',
    );
  report(`Comprobando las sumas sha256 de ${manifest.entries.length} archivos…`);
  await verifyEntries(source, manifest);
  if (database === 'pglite') assertPgliteStopped(config.DATA_DIR);

  const s3 = config.STORAGE_DRIVER === 's3' ? await createS3Storage(s3OptionsFromConfig(config)) : null;
  try {
    await assertEmptyTargets(config, manifest, () => s3?.list() ?? (async function* () {})());
    if (config.DATABASE_URL) {
      report('Restaurando la base de datos con pg_restore…');
      await runPostgresTool('pg_restore', config.DATABASE_URL, [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        inBackup(source, BACKUP_PARTS.pgDump),
      ]);
    } else {
      report('Restaurando la base de datos integrada…');
      // Into a sibling first: a restore that stops halfway leaves no half database behind.
      const pgdata = pgliteDataDir(config.DATA_DIR);
      const partial = `${pgdata}.partial-${process.pid}`;
      await rm(partial, { recursive: true, force: true });
      await mkdir(partial, { recursive: true, mode: 0o700 });
      for (const directory of manifest.directories)
        if (directory.startsWith(`${BACKUP_PARTS.pgdata}/`))
          await mkdir(join(partial, ...directory.slice(BACKUP_PARTS.pgdata.length + 1).split('/')), {
            recursive: true,
            mode: 0o700,
          });
      await restoreTree(source, manifest, BACKUP_PARTS.pgdata, partial);
      await rm(pgdata, { recursive: true, force: true });
      await rename(partial, pgdata);
    }
    const files = entriesUnder(manifest, BACKUP_PARTS.files);
    report(
      s3
        ? `Subiendo ${files.length} objetos al depósito S3 ${config.S3_BUCKET}…`
        : `Restaurando ${files.length} archivos…`,
    );
    const storage: FileStorage = s3 ?? localStorageFor(config.DATA_DIR);
    for (const entry of files) await storage.put(entry.below, createReadStream(inBackup(source, entry.path)));
    await restoreTree(source, manifest, BACKUP_PARTS.dataDir, config.DATA_DIR);
  } finally {
    s3?.close();
  }
  return manifest;
}
