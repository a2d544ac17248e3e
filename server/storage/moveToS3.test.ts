import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackS3, startLoopbackS3 } from '../../tests/support/s3/loopbackS3.js';
import { moveFilesToS3 } from './moveToS3.js';
import { createS3Storage, type S3Storage } from './s3.js';
import { readAll } from './storage.js';

let s3: LoopbackS3;
let storage: S3Storage;
const dataDirs: string[] = [];

beforeAll(async () => {
  s3 = await startLoopbackS3();
  storage = await createS3Storage(s3.options);
});
afterAll(async () => {
  storage.close();
  await s3.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose files folder holds these files (path → content). */
function dataDirWith(files: Record<string, string | Buffer>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-move-'));
  dataDirs.push(dataDir);
  for (const [path, content] of Object.entries(files)) {
    const file = join(dataDir, 'files', ...path.split('/'));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
  }
  return dataDir;
}

describe('moving the files on disk to S3', () => {
  it('moves each file under its key, removes the local copy, leaves temporary files, and moves nothing twice', async () => {
    const pdf = Buffer.alloc(6 * 1024 * 1024 + 3, 'x');
    const dataDir = dataDirWith({
      'companies/3/logo.png': 'png',
      'requests/9/sealed.pdf': pdf,
      'requests/9/sealed.pdf.0b5e.tmp': 'half-written',
    });
    const lines: string[] = [];
    const root = join(dataDir, 'files');
    expect(await moveFilesToS3({ root, storage, report: (line) => lines.push(line) })).toEqual({
      moved: 2,
      skipped: 1,
      failed: 0,
    });
    expect(lines).toEqual(['Omitido (temporal o no es un archivo): requests/9/sealed.pdf.0b5e.tmp']);
    expect((await readAll(storage, 'companies/3/logo.png'))?.toString()).toBe('png');
    expect((await readAll(storage, 'requests/9/sealed.pdf'))?.equals(pdf)).toBe(true);
    expect(existsSync(join(root, 'companies'))).toBe(false);
    expect(readdirSync(join(root, 'requests', '9'))).toEqual(['sealed.pdf.0b5e.tmp']);

    expect(await moveFilesToS3({ root, storage, report: (line) => lines.push(line) })).toEqual({
      moved: 0,
      skipped: 1,
      failed: 0,
    });
  });

  it('keeps the local copy when the store cannot take it', async () => {
    const dataDir = dataDirWith({ 'companies/4/logo.png': 'png' });
    const unreachable = await createS3Storage({
      ...s3.options,
      endpoint: 'http://127.0.0.1:1',
      maxAttempts: 1,
    });
    const lines: string[] = [];
    const root = join(dataDir, 'files');
    expect(await moveFilesToS3({ root, storage: unreachable, report: (line) => lines.push(line) })).toEqual({
      moved: 0,
      skipped: 0,
      failed: 1,
    });
    unreachable.close();
    expect(lines).toEqual([
      expect.stringMatching(/^Error con companies\/4\/logo\.png: No se pudo guardar.*no responde/),
    ]);
    expect(existsSync(join(root, 'companies', '4', 'logo.png'))).toBe(true);
  });

  it('runs as a command with the S3_* configuration, summing up in Spanish and failing with a non-zero code', async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/storage/moveToS3-cli.ts'], {
        env: { PATH: process.env.PATH, ...env },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          stdout: error.stdout + error.stderr,
        }),
      );
    const dataDir = dataDirWith({ 'help/7/manual.pdf': 'manual' });
    const moved = await run({ ...s3.env, DATA_DIR: dataDir, S3_PREFIX: 'cli' });
    expect(moved.stdout).toContain('Movidos: 1. Omitidos: 0. Con error: 0.');
    expect(moved.code).toBe(0);
    expect((await readAll(storage, 'cli/help/7/manual.pdf'))?.toString()).toBe('manual');

    const failed = await run({ DATA_DIR: dataDir, STORAGE_DRIVER: 's3' });
    expect(failed).toEqual({ code: 1, stdout: expect.stringContaining('S3_BUCKET: es obligatorio') });
  });
});
