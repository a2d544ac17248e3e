import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropDatabase, testDatabaseKind } from './database.js';

/** A loopback port on which nothing listens (bound by the kernel, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('test database teardown', () => {
  it('never fails the run: when the drop keeps failing it warns and resolves', async () => {
    const port = await closedPort();
    const warnings: string[] = [];
    await expect(
      dropDatabase(`postgres://rubrica:s3creto-de-prueba@127.0.0.1:${port}/rubrica_test`, 'rubrica_t_gone', {
        attempts: 3,
        firstDelayMs: 1,
        warn: (message) => warnings.push(message),
      }),
    ).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('rubrica_t_gone');
    expect(warnings[0]).toContain('3 intentos');
    expect(warnings[0]).not.toContain('s3creto-de-prueba');
  });

  it.runIf(testDatabaseKind === 'postgresql')(
    'drops a database that still has an open connection',
    async () => {
      const created = await createPostgresDatabase();
      const name = new URL(created.url).pathname.slice(1);
      const lingering = new pg.Client({ connectionString: created.url });
      lingering.on('error', () => {});
      await lingering.connect();
      const warnings: string[] = [];
      await dropDatabase(process.env.TEST_DATABASE_URL ?? '', name, { warn: (m) => warnings.push(m) });
      await lingering.end().catch(() => {});
      expect(warnings).toEqual([]);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      await admin.end();
      expect(rows).toEqual([]);
    },
  );
});
