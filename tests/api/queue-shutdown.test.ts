import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { jobs } from '../../server/db/schema/index.js';
import { JobQueue } from '../../server/jobs/queue.js';
import { createTestDatabase, testDatabaseKind } from './support/database.js';

/** A promise with its resolver, to hold a job or a query until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * The real database, whose next statement once `holdNext()` is called waits for the test: the
 * queue's claim, caught in flight.
 */
function withHeldStatement(db: Db) {
  let held: { reached: ReturnType<typeof gate>; release: ReturnType<typeof gate> } | undefined;
  const gated = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: Parameters<Db['execute']>) => {
        const current = held;
        held = undefined;
        if (current) {
          current.reached.open();
          await current.release.opened;
        }
        return target.execute(...args);
      };
    },
  });
  return {
    db: gated,
    holdNext() {
      held = { reached: gate(), release: gate() };
      return { reached: held.reached.opened, release: held.release.open };
    },
  };
}

describe(`stopping the job queue on ${testDatabaseKind}`, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  const logged: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
    await applyMigrations(database);
  });
  afterAll(() => dispose());

  /** A queue whose `test.blocking` job runs until the test releases it. */
  function blockingQueue(db: Db) {
    const queue = new JobQueue(db, { logger, leaseSeconds: 30, pollMs: 50 });
    const started = gate();
    const finish = gate();
    queue.register('test.blocking', async () => {
      started.open();
      await finish.opened;
    });
    return { queue, started: started.opened, finish: finish.open };
  }

  const statusOf = async (id: number) =>
    (await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;

  it('waits for a running handler and its final write before resolving', async () => {
    const { queue, started, finish } = blockingQueue(database.db);
    const { id } = await queue.enqueue('test.blocking', {});
    queue.start(1);
    await started;
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    // Everything else the queue could be waiting on has happened by the time a fresh query answers.
    await statusOf(id);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await statusOf(id)).toBe('done');
  });

  it('waits for a claim still in flight, and for the jobs it then runs', async () => {
    const held = withHeldStatement(database.db);
    const { queue, started, finish } = blockingQueue(held.db);
    const { id } = await queue.enqueue('test.blocking', {});
    const claim = held.holdNext();
    queue.start(1);
    await claim.reached;
    let stopped = false;
    const stopping = queue.stop().then(() => {
      stopped = true;
    });
    // The claim was under way when stop() came: its job still runs, and stop() waits for it.
    claim.release();
    await started;
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await statusOf(id)).toBe('done');
    expect(logged.filter((entry) => entry.level >= 40)).toEqual([]);
  });
});
