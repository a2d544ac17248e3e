import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Manifest,
  readManifest,
  verifyEntries,
  writeHashed,
  writeManifest,
} from './manifest.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rubrica-manifest-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const manifestOf = (entries: Manifest['entries'], directories: string[] = []): Manifest => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: new Date().toISOString(),
  database: 'pglite',
  storage: 'local',
  counts: { databaseFiles: 0, files: entries.length, dataDirFiles: 0 },
  entries,
  directories,
});

describe('backup manifest', () => {
  it('accepts the files as written and finds a changed or missing one', async () => {
    const written = await writeHashed(
      Readable.from([Buffer.from('logo')]),
      join(directory, 'files', 'a.png'),
    );
    const manifest = manifestOf([{ path: 'files/a.png', ...written }]);
    await writeManifest(directory, manifest);
    const read = await readManifest(directory);
    await expect(verifyEntries(directory, read)).resolves.toBeUndefined();

    await writeFile(join(directory, 'files', 'a.png'), 'otro');
    await expect(verifyEntries(directory, read)).rejects.toThrow(
      'La copia está dañada: files/a.png no coincide con su suma sha256',
    );
    await rm(join(directory, 'files', 'a.png'));
    await expect(verifyEntries(directory, read)).rejects.toThrow(
      'La copia está incompleta: falta files/a.png',
    );
  });

  it('refuses paths that would leave the backup or the restore target', async () => {
    const sha256 = '0'.repeat(64);
    for (const path of ['../fuera', 'files/../../fuera', '/etc/passwd', 'files//a'])
      await expect(verifyEntries(directory, manifestOf([{ path, size: 0, sha256 }]))).rejects.toThrow(
        'ruta no válida',
      );
    await expect(verifyEntries(directory, manifestOf([], ['database/pgdata/../../x']))).rejects.toThrow(
      'ruta no válida',
    );
  });

  it('names a folder that is not a backup', async () => {
    await expect(readManifest(directory)).rejects.toThrow('no es una copia de seguridad de Rúbrica');
    await writeFile(join(directory, 'manifest.json'), JSON.stringify({ format: 'otra-cosa' }));
    await expect(readManifest(directory)).rejects.toThrow('no es de una copia de Rúbrica de la versión 1');
  });
});
