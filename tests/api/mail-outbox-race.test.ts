import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { ensureOutboxRow, MAIL_QUEUE } from '../../server/mail/mailer.js';
import { createPostgresDatabase, testDatabaseKind } from './support/database.js';

/**
 * The sender and a worker of another process write a mail's outbox row at the same moment (an
 * urgent mail is claimed at once): the second insert waits on the first and must then find the
 * row, not fail on the unique `public_id` both carry. Seen as a 500 on `send_code` in the cluster
 * test. PostgreSQL only: PGlite has one connection, so the two never overlap.
 */
const PAIRS = 400;

describe.skipIf(testDatabaseKind !== 'postgresql')('the outbox row written twice at once', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    await applyMigrations(database);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('gives both writers the one row when they insert it at the same moment', async () => {
    const { db } = database;
    const failures: string[] = [];
    // The window is a few microseconds wide: many pairs, each on two connections of the pool.
    for (let pair = 0; pair < PAIRS; pair++) {
      const mailId = randomUUID();
      const [job] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO jobs (queue, payload) VALUES (${MAIL_QUEUE}, ${JSON.stringify({
          to: 'ana@correo.test',
          subject: 'Su código de verificación',
          text: '123456',
          mailId,
        })}::jsonb) RETURNING id`,
      );
      const jobId = Number(job!.id);
      const written = await Promise.allSettled([
        ensureOutboxRow(db, jobId, 'outbox'),
        ensureOutboxRow(db, jobId, 'outbox'),
      ]);
      for (const outcome of written) {
        if (outcome.status === 'rejected') failures.push(String(outcome.reason?.cause ?? outcome.reason));
        else expect(outcome.value).toEqual({ publicId: mailId, status: 'queued' });
      }
    }
    expect(failures).toEqual([]);
    const [rows] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM mail_outbox`);
    expect(rows!.n).toBe(PAIRS);
  });
});
