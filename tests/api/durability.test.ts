import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { freePort, killHard, spawnTs } from './support/processes.js';

const ADMIN = { email: 'durable@rubrica.test', password: 'Durable-2026-ok' };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawnTs('server/main.ts', [], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    JOB_WORKERS: '0',
  });
  cleanups.push(() => killHard(server.child));
  await server.waitFor('Rúbrica escuchando');
  return { ...server, base: `http://127.0.0.1:${port}/api` };
}

describe(`durability on ${testDatabaseKind}`, () => {
  it('keeps a committed write when the server is killed with SIGKILL right after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-durable-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (testDatabaseKind === 'postgresql') {
      const database = await createPostgresDatabase();
      cleanups.push(() => database.drop());
      Object.assign(env, postgresEnv(database.url));
    }

    const first = await startServer(env);
    // Sign-in commits a session row before it answers; the token is only valid while that row exists.
    const signin = await fetch(`${first.base}/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signin.status).toBe(200);
    const { token, id } = (await signin.json()).data;
    await killHard(first.child);

    const second = await startServer(env);
    const me = await fetch(`${second.base}/get_users/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect((await me.json()).data.id).toBe(id);
    await killHard(second.child);
    // Two server starts (each compiling the TypeScript and creating a database) on a loaded 2-core machine.
  }, 240_000);
});
