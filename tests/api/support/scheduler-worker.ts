/**
 * A separate server-like process running the scheduler and the queue with a one-second recurring
 * job that records each run in `schedule_probe`; prints "ready" once it runs.
 * Env: DATABASE_URL (PostgreSQL), WORKER_NAME.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client.js';
import { systemClock } from '../../../server/deps.js';
import { JobQueue } from '../../../server/jobs/queue.js';
import { Scheduler } from '../../../server/jobs/scheduler.js';
import { createLogger } from '../../../server/logger.js';

const logger = createLogger('silent');
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' });
const queue = new JobQueue(database.db, { logger, leaseSeconds: 10, pollMs: 50 });
const scheduler = new Scheduler(queue, { logger, clock: systemClock, tickMs: 50 });
scheduler.declare({
  name: 'test.every-second',
  spec: { everySeconds: 1 },
  async run(slot) {
    await database.db.execute(
      sql`INSERT INTO schedule_probe (slot, worker) VALUES (${slot.toISOString()}, ${process.env.WORKER_NAME ?? ''})`,
    );
  },
});
queue.start(2);
scheduler.start();
process.stdout.write('ready\n');
