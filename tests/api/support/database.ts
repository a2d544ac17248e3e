import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createPglite, type Database, openDatabase } from '../../../server/db/client.js';
import { PGLITE_TEMPLATE } from '../setup/global.js';

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgresql' : 'pglite';

/**
 * The SECRETS_KEY of every test process on PostgreSQL (apps, workers, spawned servers): processes
 * on one database must share it, as in production.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 0x5a).toString('base64');

/** The variables a process needs to run on a test PostgreSQL database. */
export const postgresEnv = (url: string) => ({ DATABASE_URL: url, SECRETS_KEY: TEST_SECRETS_KEY });

/** A PostgreSQL database of its own on the test server, dropped by `drop()`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres necesita TEST_DATABASE_URL');
  const name = `rubrica_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

export type DropOptions = {
  attempts?: number;
  /** Pause before the second attempt; doubles after each failure. */
  firstDelayMs?: number;
  warn?: (message: string) => void;
};

/**
 * Drops a test database, retrying, and never throws: a database left behind on a throwaway server
 * costs nothing, while a failing teardown would fail a run whose tests all passed (PostgreSQL 15
 * refuses `WITH (FORCE)` to a non-superuser when an autovacuum worker is in the database).
 */
export async function dropDatabase(
  serverUrl: string,
  name: string,
  options: DropOptions = {},
): Promise<void> {
  const { attempts = 5, firstDelayMs = 200, warn = (message) => console.warn(message) } = options;
  let lastError = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
    // A server that goes away mid-teardown must not become an unhandled error event.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    } finally {
      await client.end().catch(() => {});
    }
    if (attempt < attempts)
      await new Promise((resolve) => setTimeout(resolve, firstDelayMs * 2 ** (attempt - 1)));
  }
  warn(
    `No se pudo borrar la base de datos de prueba ${name} tras ${attempts} intentos (se deja): ${lastError}`,
  );
}

/**
 * A fresh database for one test app: a clone of the migrated PGlite template (fast), or a new
 * database on the test PostgreSQL server.
 */
export async function createTestDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (testDatabaseKind === 'postgresql') {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    return {
      database,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const pglite = await createPglite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
  const database = await openDatabase({ dataDir: '', pglite });
  return { database, dispose: () => database.close() };
}
