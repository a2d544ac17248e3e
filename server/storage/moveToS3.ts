import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { S3Storage } from './s3.js';
import { assertValidKey } from './storage.js';

export type MoveSummary = { moved: number; skipped: number; failed: number };

/**
 * Moves the files under `root` (DATA_DIR/files) to the S3 store, each under the key it had on
 * disk. A local copy is deleted only once the object is stored, its checksum matched (the put
 * fails otherwise) and its size read back equals the file's. Temporary files of an interrupted
 * write (`*.tmp`) stay. Running it again moves only what is still on disk.
 */
export async function moveFilesToS3(options: {
  root: string;
  storage: S3Storage;
  /** One line per file skipped or failed, in Spanish. */
  report: (line: string) => void;
}): Promise<MoveSummary> {
  const { root, storage, report } = options;
  const summary: MoveSummary = { moved: 0, skipped: 0, failed: 0 };
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  });
  const folders: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) {
      folders.push(path);
      continue;
    }
    const key = relative(root, path).split(sep).join('/');
    if (!entry.isFile() || key.endsWith('.tmp')) {
      summary.skipped += 1;
      report(`Omitido (temporal o no es un archivo): ${key}`);
      continue;
    }
    try {
      assertValidKey(key);
    } catch {
      summary.skipped += 1;
      report(`Omitido (nombre que no es una clave válida): ${key}`);
      continue;
    }
    try {
      const { size } = await stat(path);
      await storage.put(key, createReadStream(path));
      const stored = await storage.size(key);
      if (stored !== size) throw new Error(`en S3 mide ${stored ?? 'nada'} bytes y en disco ${size}`);
      await rm(path);
      summary.moved += 1;
    } catch (error) {
      summary.failed += 1;
      report(`Error con ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Folders left empty go too, deepest first; a folder still holding something stays.
  for (const folder of folders.sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => {});
  return summary;
}
