/**
 * A separate process that enqueues one job and starts working on it, then hangs inside the handler
 * (prints "started <jobId>"), so that a test can kill it mid-run.
 * Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite on disk).
 */
import { openDatabase } from '../../../server/db/client.js';
import { applyMigrations } from '../../../server/db/migrate.js';
import { JobQueue } from '../../../server/jobs/queue.js';
import { createLogger } from '../../../server/logger.js';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '',
});
await applyMigrations(database);
const queue = new JobQueue(database.db, { logger: createLogger('silent'), leaseSeconds: 2, pollMs: 50 });
queue.register('test.slow', async (_payload, job) => {
  process.stdout.write(`started ${job.id}\n`);
  await new Promise(() => {}); // never finishes: the test kills this process here
});
await queue.enqueue('test.slow', { step: 'one' }, { idempotencyKey: 'slow-1' });
queue.start(1);
