import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'rubrica-backup';
export const BACKUP_VERSION = 1;

/** Where each part sits inside a backup directory. */
export const BACKUP_PARTS = {
  /** PGlite's data directory, copied as it is (the server stopped). */
  pgdata: 'database/pgdata',
  /** `pg_dump -Fc` of DATABASE_URL. */
  pgDump: 'database/rubrica.dump',
  /** The stored files (DATA_DIR/files or the bucket's objects), by key. */
  files: 'files',
  /** DATA_DIR/secrets.json and DATA_DIR/signing (session secret, CA, seal and timestamp keys). */
  dataDir: 'data',
} as const;

const entrySchema = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgresql']),
  storage: z.enum(['local', 's3']),
  counts: z.object({ databaseFiles: z.number(), files: z.number(), dataDirFiles: z.number() }),
  entries: z.array(entrySchema),
  /** Every folder of PGlite's data directory, empty ones included (PostgreSQL needs them). */
  directories: z.array(z.string().min(1)),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

/** The backup's `/`-separated path of a file below `root`. */
export const backupPath = (root: string, file: string) => relative(root, file).split(sep).join('/');

/** Every regular file below `directory` (none when it does not exist). */
export async function filesBelow(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    (error: unknown) => {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every folder below `directory`, as backup paths under `into`. */
export async function directoriesBelow(directory: string, into: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${into}/${backupPath(directory, join(entry.parentPath, entry.name))}`);
}

/** A manifest path must stay inside the backup (and the restore target). */
export function assertInside(path: string): void {
  if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '' || part === '.'))
    throw new Error(`La copia está dañada: ruta no válida en el manifiesto: ${path}`);
}

/** Writes `source` to `file` (mode 0600: keys and personal data), returning its size and sha256. */
export async function writeHashed(source: Readable, file: string): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.byteLength;
      callback(null, chunk);
    },
  });
  await pipeline(source, counter, createWriteStream(file, { mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function writeManifest(directory: string, manifest: Manifest): Promise<void> {
  await writeFile(join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** Reads the manifest; a missing or foreign one fails with the reason, in Spanish. */
export async function readManifest(directory: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(directory, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${directory} no es una copia de seguridad de Rúbrica: falta ${MANIFEST_FILE}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_FILE} de ${directory} no es JSON válido`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new Error(
      `${MANIFEST_FILE} de ${directory} no es de una copia de Rúbrica de la versión ${BACKUP_VERSION}`,
    );
  return result.data;
}

/** Every file the manifest lists must be there with its size and sha256, and no path may leave the backup. */
export async function verifyEntries(directory: string, manifest: Manifest): Promise<void> {
  for (const path of manifest.directories) assertInside(path);
  for (const entry of manifest.entries) {
    assertInside(entry.path);
    const file = join(directory, ...entry.path.split('/'));
    let actual: string;
    try {
      actual = await sha256Of(file);
    } catch {
      throw new Error(`La copia está incompleta: falta ${entry.path}`);
    }
    if (actual !== entry.sha256)
      throw new Error(`La copia está dañada: ${entry.path} no coincide con su suma sha256 del manifiesto`);
  }
}
