import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory (a backup, a
 * restore, a second server) would corrupt it. PGlite's own postmaster.pid carries the pid inside
 * its WebAssembly machine, not the process's, so the server writes this file beside it.
 */
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

/** Marks `dataDir` as in use by this process; the returned function clears the mark. */
export function markPgliteInUse(dataDir: string): () => void {
  const file = lockFile(dataDir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The pid of a live process on this machine that has `dataDir`'s database open, or null. */
export function pgliteInUseBy(dataDir: string): number | null {
  let mark: { pid?: unknown; host?: unknown };
  try {
    mark = JSON.parse(readFileSync(lockFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (typeof mark.pid !== 'number' || mark.host !== hostname()) return null;
  try {
    process.kill(mark.pid, 0);
    return mark.pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: string }).code === 'EPERM' ? mark.pid : null;
  }
}
