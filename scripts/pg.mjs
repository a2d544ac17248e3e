// A throwaway PostgreSQL 15 cluster for the API suite on a real server.
//
//   node scripts/pg.mjs -- <command...>   start a cluster, run the command with TEST_DATABASE_URL
//                                         set, stop and delete the cluster, exit with its code
//   node scripts/pg.mjs                   start a cluster, print DATABASE_URL, wait for Ctrl-C
//
// Library: `const pg = await startPostgres(); ...; await pg.stop();`
// When TEST_DATABASE_URL is already set, that server is used and nothing is started.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRoot, missingReason, PG_BIN_DIR } from './system-tools.mjs';

const DB_NAME = 'rubrica_test';
const DB_USER = 'rubrica';

/**
 * A port nobody listens on right now (the kernel picks it; tiny race until postgres binds it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Uid/gid of the `postgres` account (initdb and postgres refuse to run as root). */
function postgresAccount() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('running as root but there is no `postgres` account (install postgresql-15)');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Runs a PostgreSQL binary, as `postgres` when we are root; throws with its output on failure.
 * @param {string} bin
 * @param {string[]} args
 */
function pgRun(bin, args) {
  const file = path.join(PG_BIN_DIR, bin);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${bin} failed (${result.status ?? result.signal}): ${output || result.error?.message}`);
  }
  return result.stdout;
}

/**
 * Runs SQL through psql over the unix socket as the superuser (trust auth on the socket only).
 * @param {{ socketDir: string, port: number }} cluster
 * @param {string[]} statements
 */
function superuserSql({ socketDir, port }, statements) {
  const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', socketDir, '-p', String(port), '-U', 'postgres'];
  pgRun('psql', [...args, '-d', 'postgres', ...statements.flatMap((sql) => ['-c', sql])]);
}

/**
 * @typedef {object} Postgres
 * @property {string} url          postgres://user:password@127.0.0.1:PORT/db
 * @property {boolean} external    true when TEST_DATABASE_URL was given (nothing to stop)
 * @property {() => Promise<void>} stop  stops the cluster and deletes its directory (idempotent)
 */

/**
 * Starts a fresh cluster (or reuses TEST_DATABASE_URL) and returns its URL.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<Postgres>}
 */
export async function startPostgres({ log = () => {} } = {}) {
  if (process.env.TEST_DATABASE_URL) {
    log('pg: using TEST_DATABASE_URL from the environment');
    return { url: process.env.TEST_DATABASE_URL, external: true, stop: async () => {} };
  }
  const missing = missingReason(['postgres']);
  if (missing) throw new Error(missing);

  // The parent is private to this run; postgres must own it to create the data directory.
  const root = mkdtempSync(path.join(os.tmpdir(), 'rubrica-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'sock');
  mkdirSync(socketDir);
  if (isRoot()) {
    const { uid, gid } = postgresAccount();
    chownSync(root, uid, gid);
    chownSync(socketDir, uid, gid);
  }

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    } catch {
      // Not running (start failed) or already gone: deleting the directory is what matters.
    }
    rmSync(root, { recursive: true, force: true });
    process.off('exit', stopSync);
  };
  // Last resort if the caller crashes: never leave a postmaster behind.
  process.on('exit', stopSync);

  try {
    // --no-sync only skips flushing initdb's own files; the running server keeps fsync on.
    pgRun('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '-A',
      'trust',
    ]);
    // Password auth over TCP (like production), trust only on the private socket for setup.
    const hbaFile = path.join(dataDir, 'pg_hba.conf');
    const localOnly = readFileSync(hbaFile, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*host/.test(line))
      .join('\n');
    // Rewriting in place keeps the file's owner (postgres) and mode.
    writeFileSync(hbaFile, `${localOnly}\nhost all all 127.0.0.1/32 scram-sha-256\n`);

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      appendFileSync(
        path.join(dataDir, 'postgresql.conf'),
        [
          '',
          '# rubrica throwaway test cluster (later lines override earlier ones)',
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${socketDir}'`,
          'fsync = on', // durability tests SIGKILL processes
          'synchronous_commit = on',
          'max_connections = 100',
          // Test databases live seconds: an autovacuum worker in one would only make the
          // teardown's DROP DATABASE … WITH (FORCE) fail (a non-superuser cannot end it).
          'autovacuum = off',
          "log_min_messages = 'warning'",
          '',
        ].join('\n'),
      );
      try {
        pgRun('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', 'start']);
        break;
      } catch (error) {
        // Most likely someone took the port between freePort() and bind: try another.
        if (attempt >= 3) throw error;
      }
    }

    const password = randomBytes(18).toString('hex');
    superuserSql({ socketDir, port }, [
      `CREATE ROLE ${DB_USER} LOGIN CREATEDB PASSWORD '${password}'`,
      // Lets the suite's DROP DATABASE … WITH (FORCE) end any background worker in a test database.
      `GRANT pg_signal_backend TO ${DB_USER}`,
      `CREATE DATABASE ${DB_NAME} OWNER ${DB_USER}`,
    ]);
    const url = `postgres://${DB_USER}:${password}@127.0.0.1:${port}/${DB_NAME}`;
    log(`pg: PostgreSQL 15 on 127.0.0.1:${port} (${root})`);
    return { url, external: false, stop: async () => stopSync() };
  } catch (error) {
    try {
      const tail = readFileSync(path.join(root, 'postgres.log'), 'utf8').split('\n').slice(-20).join('\n');
      if (tail.trim()) log(`pg: server log:\n${tail}`);
    } catch {
      // no log yet
    }
    stopSync();
    throw error;
  }
}

/**
 * Runs a command with TEST_DATABASE_URL set, stopping the cluster afterwards.
 * @param {string[]} command
 * @returns {Promise<number>} the command's exit code
 */
export async function withPostgres(command) {
  const pg = await startPostgres({ log: (line) => console.error(line) });
  const forward = /** @param {NodeJS.Signals} signal */ (signal) => child.kill(signal);
  const child = spawn(command[0] ?? '', command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`pg: cannot run ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (status, signal) =>
      resolve(status ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)),
    );
  });
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  await pg.stop();
  return code;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dashdash = process.argv.indexOf('--');
  const command = dashdash >= 0 ? process.argv.slice(dashdash + 1) : [];
  if (command.length > 0) {
    process.exitCode = await withPostgres(command);
  } else {
    const pg = await startPostgres({ log: (line) => console.error(line) });
    console.log(`DATABASE_URL=${pg.url}`);
    console.error('pg: running; Ctrl-C stops and deletes the cluster');
    const stop = async () => {
      await pg.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    setInterval(() => {}, 1 << 30);
  }
}
