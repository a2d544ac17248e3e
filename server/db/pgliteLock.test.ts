import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markPgliteInUse, pgliteInUseBy } from './pgliteLock.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const dataDir = () => {
  const folder = mkdtempSync(join(tmpdir(), 'rubrica-pglite-lock-'));
  folders.push(folder);
  return folder;
};

describe('PGlite in-use mark', () => {
  it('names the live process that opened the database, and nobody once it closed', () => {
    const folder = dataDir();
    expect(pgliteInUseBy(folder)).toBeNull();
    const release = markPgliteInUse(folder);
    expect(pgliteInUseBy(folder)).toBe(process.pid);
    release();
    expect(pgliteInUseBy(folder)).toBeNull();
  });

  it('ignores the mark a crashed process left behind', () => {
    const folder = dataDir();
    // A process that has exited: its pid is free.
    const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    writeFileSync(join(folder, 'server.pid'), JSON.stringify({ pid: ended.pid, host: hostname() }));
    expect(pgliteInUseBy(folder)).toBeNull();
  });
});
