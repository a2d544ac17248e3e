import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { pgliteInUseBy } from '../db/pgliteLock.js';
import { s3OptionsFromConfig } from '../storage/fromConfig.js';
import { createS3Storage } from '../storage/s3.js';
import { localFilesRoot } from '../storage/storage.js';
import {
  BACKUP_FORMAT,
  BACKUP_PARTS,
  BACKUP_VERSION,
  backupPath,
  directoriesBelow,
  filesBelow,
  type Manifest,
  type ManifestEntry,
  sha256Of,
  writeHashed,
  writeManifest,
} from './manifest.js';
import { runPostgresTool } from './postgresTools.js';

/** What DATA_DIR holds besides the database and the files: without them sealed documents stop validating. */
export const DATA_DIR_SECRETS = ['secrets.json', 'signing'] as const;

export const pgliteDataDir = (dataDir: string) => join(dataDir, 'pgdata');

/** Refuses while a server holds the PGlite database of `dataDir` open (copying it then would tear it). */
export function assertPgliteStopped(dataDir: string): void {
  const pid = pgliteInUseBy(dataDir);
  if (pid !== null)
    throw new Error(
      `Rúbrica está en marcha sobre ${dataDir} (proceso ${pid}): deténgalo antes de copiar o restaurar la base de datos integrada`,
    );
}

/** Creates `target` empty (or accepts it already empty); a target holding anything is refused. */
async function emptyTarget(target: string): Promise<void> {
  if (existsSync(target) && (await readdir(target)).length > 0)
    throw new Error(`El destino ${target} no está vacío: indique una carpeta nueva o vacía para la copia`);
  await mkdir(target, { recursive: true, mode: 0o700 });
}

async function copyTree(source: string, target: string, into: string): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  for (const file of await filesBelow(source)) {
    const path = `${into}/${backupPath(source, file)}`;
    entries.push({ path, ...(await writeHashed(createReadStream(file), join(target, ...path.split('/')))) });
  }
  return entries;
}

/** The stored files into `target/files`, by key: from DATA_DIR/files or from the bucket, streamed. */
async function copyStoredFiles(config: Config, target: string): Promise<ManifestEntry[]> {
  const into = join(target, BACKUP_PARTS.files);
  if (config.STORAGE_DRIVER === 'local') {
    const entries = await copyTree(localFilesRoot(config.DATA_DIR), target, BACKUP_PARTS.files);
    // Half-written files of an interrupted upload are not part of the data.
    const temporary = entries.filter((entry) => entry.path.endsWith('.tmp'));
    for (const entry of temporary) await rm(join(target, ...entry.path.split('/')));
    return entries.filter((entry) => !entry.path.endsWith('.tmp'));
  }
  const storage = await createS3Storage(s3OptionsFromConfig(config));
  try {
    const entries: ManifestEntry[] = [];
    for await (const key of storage.list()) {
      const body = await storage.get(key);
      if (!body) continue; // deleted since it was listed
      const written = await writeHashed(body, join(into, ...key.split('/')));
      entries.push({ path: `${BACKUP_PARTS.files}/${key}`, ...written });
    }
    return entries;
  } finally {
    storage.close();
  }
}

/**
 * A backup of everything a server needs to start again where it was: the database (PGlite's data
 * directory copied while stopped, or `pg_dump -Fc`), the stored files (disk or bucket), and
 * DATA_DIR's session secret and PKI. Every file is listed in manifest.json with its sha256.
 */
export async function createBackup(options: {
  config: Config;
  target: string;
  report: (line: string) => void;
}): Promise<Manifest> {
  const { config, target, report } = options;
  const database = config.DATABASE_URL ? 'postgresql' : 'pglite';
  if (database === 'pglite') {
    assertPgliteStopped(config.DATA_DIR);
    const pgdata = pgliteDataDir(config.DATA_DIR);
    if (!existsSync(join(pgdata, 'PG_VERSION')))
      throw new Error(`No hay base de datos en ${pgdata}: ¿es DATA_DIR la carpeta de datos de Rúbrica?`);
  }
  await emptyTarget(target);

  let databaseEntries: ManifestEntry[];
  let directories: string[] = [];
  if (config.DATABASE_URL) {
    report('Volcando la base de datos PostgreSQL con pg_dump…');
    const dump = join(target, ...BACKUP_PARTS.pgDump.split('/'));
    await mkdir(join(target, 'database'), { recursive: true, mode: 0o700 });
    await runPostgresTool('pg_dump', config.DATABASE_URL, ['--format=custom', `--file=${dump}`]);
    databaseEntries = [await entryOfWritten(dump, BACKUP_PARTS.pgDump)];
  } else {
    const pgdata = pgliteDataDir(config.DATA_DIR);
    report(`Copiando la base de datos integrada de ${pgdata}…`);
    databaseEntries = await copyTree(pgdata, target, BACKUP_PARTS.pgdata);
    directories = await directoriesBelow(pgdata, BACKUP_PARTS.pgdata);
  }
  report(
    config.STORAGE_DRIVER === 's3'
      ? `Copiando los objetos del depósito S3 ${config.S3_BUCKET}…`
      : 'Copiando los archivos…',
  );
  const fileEntries = await copyStoredFiles(config, target);
  const dataDirEntries: ManifestEntry[] = [];
  for (const name of DATA_DIR_SECRETS) {
    const source = join(config.DATA_DIR, name);
    if (!existsSync(source)) continue;
    if (name === 'secrets.json')
      dataDirEntries.push({
        path: `${BACKUP_PARTS.dataDir}/${name}`,
        ...(await writeHashed(createReadStream(source), join(target, BACKUP_PARTS.dataDir, name))),
      });
    else dataDirEntries.push(...(await copyTree(source, target, `${BACKUP_PARTS.dataDir}/${name}`)));
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    database,
    storage: config.STORAGE_DRIVER,
    counts: {
      databaseFiles: databaseEntries.length,
      files: fileEntries.length,
      dataDirFiles: dataDirEntries.length,
    },
    entries: [...databaseEntries, ...fileEntries, ...dataDirEntries],
    directories,
  };
  await writeManifest(target, manifest);
  return manifest;
}

/** The entry of a file already written into the backup (pg_dump's output). */
async function entryOfWritten(file: string, path: string): Promise<ManifestEntry> {
  return { path, size: (await stat(file)).size, sha256: await sha256Of(file) };
}
