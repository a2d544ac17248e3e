import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from './pg.mjs';
import { missingReason } from './system-tools.mjs';

// Only the throwaway cluster is checked: an external TEST_DATABASE_URL is configured by its owner.
const canStart = !process.env.TEST_DATABASE_URL && !missingReason(['postgres']);

describe.runIf(canStart)('throwaway PostgreSQL cluster', () => {
  /** @type {import('./pg.mjs').Postgres} */
  let cluster;
  /** @type {pg.Client} */
  let client;

  beforeAll(async () => {
    cluster = await startPostgres();
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await cluster?.stop();
  });

  it('runs no autovacuum worker that a test database teardown would have to end', async () => {
    const { rows } = await client.query('SHOW autovacuum');
    expect(rows[0]?.autovacuum).toBe('off');
  });

  it("lets the suite's role end any backend in a test database (pg_signal_backend)", async () => {
    const { rows } = await client.query(
      "SELECT pg_has_role(current_user, 'pg_signal_backend', 'MEMBER') AS member, rolsuper FROM pg_roles WHERE rolname = current_user",
    );
    expect(rows[0]).toEqual({ member: true, rolsuper: false });
  });
});
