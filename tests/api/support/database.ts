import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createPglite, type Database, openDatabase } from '../../../server/db/client.js';
import { PGLITE_TEMPLATE } from '../setup/global.js';

export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgresql' : 'pglite';

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
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
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
