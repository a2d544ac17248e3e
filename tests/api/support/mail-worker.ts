/**
 * A separate process that queues a bulk of e-mails (idempotency keys `bulk-<n>`) and sends them by
 * SMTP one at a time, so that a test can kill it mid-send. Prints "queued" once they are queued.
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite on disk), SMTP_URL, MAIL_COUNT.
 */
import { openDatabase } from '../../../server/db/client.js';
import { applyMigrations } from '../../../server/db/migrate.js';
import { JobQueue } from '../../../server/jobs/queue.js';
import { createLogger } from '../../../server/logger.js';
import { createMailer, smtpTransport } from '../../../server/mail/mailer.js';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '',
});
await applyMigrations(database);
const queue = new JobQueue(database.db, { logger: createLogger('silent'), leaseSeconds: 2, pollMs: 50 });
const mailer = createMailer({
  db: database.db,
  queue,
  transport: smtpTransport(process.env.SMTP_URL ?? ''),
  from: 'Rúbrica <no-reply@rubrica.test>',
});
for (let n = 1; n <= Number(process.env.MAIL_COUNT); n++)
  await mailer.send(
    { to: `firmante${n}@cliente.test`, subject: `Invitación ${n}`, text: 'Tiene un documento para firmar.' },
    { idempotencyKey: `bulk-${n}` },
  );
process.stdout.write('queued\n');
queue.start(1);
