import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * `pg_dump` or `pg_restore`: from PATH, else the newest /usr/lib/postgresql/<version>/bin
 * (Debian installs the versioned binaries there).
 */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const directory of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(directory, name);
    if (isExecutable(file)) return file;
  }
  const versions = (() => {
    try {
      return readdirSync('/usr/lib/postgresql').filter((entry) => /^\d+$/.test(entry));
    } catch {
      return [];
    }
  })().sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const file = join('/usr/lib/postgresql', version, 'bin', name);
    if (isExecutable(file)) return file;
  }
  throw new Error(
    `No se encontró ${name}: instale el cliente de PostgreSQL (paquete postgresql-client) de la misma versión del servidor o una más nueva`,
  );
}

/**
 * The connection for libpq's tools without the password on their command line (where `ps` shows
 * it): the URL without it, the password in PGPASSWORD.
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool against DATABASE_URL; fails with its error output (which carries no password). */
export async function runPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
): Promise<void> {
  const { url, env } = connection(databaseUrl);
  const child = spawn(findPostgresTool(name), [...args, `--dbname=${url}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    errors += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${name} terminó con error (${code}): ${errors.trim()}`);
}
