import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/db/client.js';
import { createPostgresDatabase, postgresEnv, testDatabaseKind } from './support/database.js';
import { killHard, spawnTs } from './support/processes.js';

const ROWS = 12;
const KILL_AFTER = 4;

/** At least KILL_AFTER rows processed: progress lines are polled, so a count can be skipped. */
const pastKillPoint = (output: string) =>
  [...output.matchAll(/^progress (\d+)$/gm)].some((line) => Number(line[1]) >= KILL_AFTER);

describe(`bulk send killed mid-batch on ${testDatabaseKind}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-bulk-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('completes the batch after a SIGKILL and a restart: every row one request, every invitation once', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, BULK_ROWS: String(ROWS) };
    let dropDatabase: (() => Promise<void>) | undefined;
    if (testDatabaseKind === 'postgresql') {
      const created = await createPostgresDatabase();
      Object.assign(env, postgresEnv(created.url));
      dropDatabase = created.drop;
    }
    const first = spawnTs('tests/api/support/bulk-worker.ts', [], env);
    await first.waitFor(pastKillPoint, 240_000);
    await killHard(first.child);
    expect(first.output()).not.toContain('idle');

    // The restarted server finds the jobs of the killed one (their leases run out) and finishes.
    const second = spawnTs('tests/api/support/bulk-worker.ts', [], env);
    await second.waitFor('idle', 240_000);
    await killHard(second.child);

    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const { db } = database;
    const rows = await queryRows<{ status: string; request_id: number | null }>(
      db,
      sql`SELECT status, request_id FROM signature_request_batch_rows ORDER BY row_number`,
    );
    expect(rows).toHaveLength(ROWS);
    expect(rows.every((row) => row.status === 'sent' && row.request_id !== null)).toBe(true);
    const requests = await queryRows<{ id: number; batch_id: number }>(
      db,
      sql`SELECT id, batch_id FROM signature_requests`,
    );
    expect(requests.map((request) => request.id).sort()).toEqual(rows.map((row) => row.request_id).sort());
    const invitations = await queryRows<{ email: string; count: number }>(
      db,
      sql`SELECT s.email, count(e.id)::int AS count
          FROM signature_request_signers s
          LEFT JOIN signature_request_emails e ON e.signer_id = s.id AND e.kind = 'invitation'
          GROUP BY s.email ORDER BY s.email`,
    );
    expect(invitations).toHaveLength(ROWS);
    expect(invitations.every((invitation) => Number(invitation.count) === 1)).toBe(true);
    const outbox = await queryRows<{ to: string; count: number }>(
      db,
      sql`SELECT "to", count(*)::int AS count FROM mail_outbox GROUP BY "to"`,
    );
    const delivered = outbox.filter((mail) => mail.to.endsWith('@crash.test'));
    expect(delivered).toHaveLength(ROWS);
    expect(delivered.every((mail) => Number(mail.count) === 1)).toBe(true);
    const [batch] = await queryRows<{ status: string }>(
      db,
      sql`SELECT status FROM signature_request_batches`,
    );
    expect(batch!.status).toBe('done');
    await database.close();
    await dropDatabase?.();
  }, 600_000);
});
