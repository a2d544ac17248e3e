import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresEnv } from './database.js';
import { freePort, spawnTs } from './processes.js';

export type ServerProcess = ReturnType<typeof spawnTs> & {
  port: number;
  dataDir: string;
  /** http://127.0.0.1:<port>/api */
  base: string;
};

/**
 * A Rúbrica server process (server/main.ts) on the PostgreSQL database `databaseUrl`, with a
 * DATA_DIR and a loopback port of its own unless given (a restart reuses both), not waited for.
 */
export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string>,
  reuse: { dataDir?: string; port?: number } = {},
): Promise<ServerProcess> {
  const dataDir = reuse.dataDir ?? mkdtempSync(join(tmpdir(), 'rubrica-cluster-'));
  const port = reuse.port ?? (await freePort());
  const server = spawnTs('server/main.ts', [], {
    ...postgresEnv(databaseUrl),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  });
  return { ...server, port, dataDir, base: `http://127.0.0.1:${port}/api` };
}

/** Resolves once the server listens and its public health endpoint answers 200. */
export async function serverAnswering(server: ServerProcess, timeoutMs = 240_000): Promise<void> {
  await server.waitFor('Rúbrica escuchando', timeoutMs);
  const response = await fetch(`${server.base}/health`);
  if (response.status !== 200) throw new Error(`/health respondió ${response.status}`);
}
