import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { MIGRATION_LOCK_ID } from '../../server/db/migrate.js';
import { listenEarly, STARTING_MESSAGE } from '../../server/http/startup.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { freePort, killHard, spawnTs } from './support/processes.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const get = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** Resolves with the first answer of `url` once its port accepts connections. */
async function firstAnswer(url: string, running: () => boolean): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (!running()) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe(`the port opened before the app on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says alive but not ready until the app takes over, then serves the app', async () => {
    const early = await listenEarly(0, '127.0.0.1');
    const { port } = early.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    try {
      expect(await get(base, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(base, '/health/ready')).toEqual({
        status: 503,
        body: { status: 'starting', message: STARTING_MESSAGE },
      });
      expect((await get(base, '/api/health')).status).toBe(503);

      const app = await buildApp(t.deps, { serverFactory: early.serverFactory });
      await app.ready();
      early.handOver();
      expect(await get(base, '/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(base, '/api/health')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
      await app.close();
    } finally {
      await early.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'postgresql')('a server process while another one migrates', () => {
  it('answers live, not ready, until the migration lock is free; then ready; then closes cleanly', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-startup-'));
    // The test holds the migration lock as a process migrating the same database would.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawnTs('server/main.ts', [], {
      DATA_DIR: dataDir,
      ...postgresEnv(database.url),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'arranque@rubrica.test',
      ADMIN_PASSWORD: 'Arranque-2026-ok',
      LOG_LEVEL: 'info',
      JOB_WORKERS: '1',
    });
    try {
      const live = await firstAnswer(`${base}/health/live`, () => server.child.exitCode === null);
      expect(live.status).toBe(200);
      expect(await get(base, '/health/ready')).toEqual({
        status: 503,
        body: { status: 'starting', message: STARTING_MESSAGE },
      });

      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      await server.waitFor('Rúbrica escuchando', 120_000);
      expect(await get(base, '/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });

      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    } finally {
      await killHard(server.child);
      await holder.end();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
