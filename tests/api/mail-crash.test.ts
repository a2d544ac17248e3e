import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { jobs, mailOutbox } from '../../server/db/schema/index.js';
import { JobQueue } from '../../server/jobs/queue.js';
import { createLogger } from '../../server/logger.js';
import { createMailer, smtpTransport } from '../../server/mail/mailer.js';
import { loopbackSmtpServer } from '../support/mail/smtpServer.js';
import { createPostgresDatabase, testDatabaseKind } from './support/database.js';
import { freePort, killHard, spawnTs } from './support/processes.js';

const MAIL_COUNT = 12;
const KILL_AT = 5;

describe(`e-mail bulk killed mid-send on ${testDatabaseKind}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-mail-crash-'));
  let server: SMTPServer;
  let port: number;
  /** Recipients of the messages the server accepted (answered 250 to). */
  const accepted: string[] = [];
  let onHeld: ((answer: (error?: Error) => void) => void) | undefined;

  beforeAll(async () => {
    server = loopbackSmtpServer({
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += String(chunk);
        });
        stream.on('end', () => {
          const recipient = /^To: (.*)$/m.exec(data)?.[1]?.trim() ?? '';
          // The message after KILL_AT is held unanswered while the sender is killed: it was
          // never accepted, so sending it again after the restart is right.
          if (onHeld && accepted.length === KILL_AT) {
            const held = onHeld;
            onHeld = undefined;
            held(callback);
            return;
          }
          accepted.push(recipient);
          callback();
        });
      },
    });
    port = await freePort();
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every message exactly once after a SIGKILL and a restart that queues the bulk again', async () => {
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_COUNT: String(MAIL_COUNT),
    };
    let dropDatabase: (() => Promise<void>) | undefined;
    if (testDatabaseKind === 'postgresql') {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    }
    const held = new Promise<(error?: Error) => void>((resolve) => {
      onHeld = resolve;
    });
    const worker = spawnTs('tests/api/support/mail-worker.ts', [], env);
    const answerHeld = await held;
    await killHard(worker.child);
    answerHeld(Object.assign(new Error('Conexión perdida'), { responseCode: 421 }));
    expect(accepted).toHaveLength(KILL_AT);

    // The restarted server: same database, and the bulk send queued again from the start.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const queue = new JobQueue(database.db, { logger: createLogger('silent'), leaseSeconds: 2, pollMs: 50 });
    const mailer = createMailer({
      db: database.db,
      queue,
      transport: smtpTransport(env.SMTP_URL!),
      from: 'Rúbrica <no-reply@rubrica.test>',
    });
    for (let n = 1; n <= MAIL_COUNT; n++)
      await mailer.send(
        {
          to: `firmante${n}@cliente.test`,
          subject: `Invitación ${n}`,
          text: 'Tiene un documento para firmar.',
        },
        { idempotencyKey: `bulk-${n}` },
      );
    const deadline = Date.now() + 120_000;
    while (accepted.length < MAIL_COUNT && Date.now() < deadline) {
      await queue.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect([...accepted].sort()).toEqual(
      Array.from({ length: MAIL_COUNT }, (_, index) => `firmante${index + 1}@cliente.test`).sort(),
    );
    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(MAIL_COUNT);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    const jobRows = await database.db.select().from(jobs);
    expect(jobRows.filter((job) => job.status === 'done')).toHaveLength(MAIL_COUNT);
    await database.close();
    await dropDatabase?.();
    // A server process starts and is killed first: the waits inside are bounded on their own.
  }, 300_000);
});
