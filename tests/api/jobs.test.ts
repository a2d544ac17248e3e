import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { jobs } from '../../server/db/schema/index.js';
import { claimStatement, JobQueue } from '../../server/jobs/queue.js';
import { createLogger } from '../../server/logger.js';
import { createPostgresDatabase, createTestDatabase, testDatabaseKind } from './support/database.js';
import { killHard, spawnTs } from './support/processes.js';

const logger = createLogger('silent');
const queueOn = (database: Database, options: { leaseSeconds?: number; backoffBaseSeconds?: number } = {}) =>
  new JobQueue(database.db, { logger, leaseSeconds: options.leaseSeconds ?? 30, pollMs: 50, ...options });

describe(`job queue on ${testDatabaseKind}`, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
    await applyMigrations(database);
  });
  afterAll(() => dispose());

  it('runs a job enqueued twice with the same idempotency key once', async () => {
    const queue = queueOn(database);
    const runs: unknown[] = [];
    queue.register('test.once', async (payload) => {
      runs.push(payload);
    });
    const first = await queue.enqueue('test.once', { n: 1 }, { idempotencyKey: 'once-1' });
    const second = await queue.enqueue('test.once', { n: 2 }, { idempotencyKey: 'once-1' });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    await queue.drain();
    await queue.enqueue('test.once', { n: 3 }, { idempotencyKey: 'once-1' });
    await queue.drain();
    expect(runs).toEqual([{ n: 1 }]);
  });

  it('runs an urgent job before a backlog of ordinary ones enqueued earlier', async () => {
    const queue = queueOn(database);
    const runs: unknown[] = [];
    queue.register('test.order', async (payload) => {
      runs.push(payload);
    });
    for (let n = 1; n <= 5; n++) await queue.enqueue('test.order', { n });
    await queue.enqueue('test.order', { n: 'código' }, { urgent: true });
    await queue.enqueue('test.order', { n: 6 });
    await queue.drain();
    expect(runs).toEqual([{ n: 'código' }, { n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }, { n: 6 }]);
  });

  it('claims by walking jobs_claim_idx: a backlog of ready jobs is never scanned or sorted', async () => {
    await database.db.execute(
      sql`INSERT INTO jobs (queue, payload) SELECT 'test.backlog', '{}'::jsonb FROM generate_series(1, 5000)`,
    );
    await database.db.execute(sql`ANALYZE jobs`);
    const claim = claimStatement({ queues: ['test.backlog'], limit: 1, leaseSeconds: 30, workerId: 'plan' });
    const plan = (await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`EXPLAIN ${claim}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan.match(/Index Scan using jobs_claim_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan on jobs/);
    await database.db.delete(jobs).where(eq(jobs.queue, 'test.backlog'));
  });

  it('logs and stores a failed query of a job without its parameter values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const queue = new JobQueue(database.db, {
      logger: createLogger('info', sink),
      leaseSeconds: 30,
      pollMs: 50,
    });
    queue.register('test.failing-query', async () => {
      await database.db.execute(sql`SELECT ${'valor-secreto-del-trabajo'}::int`);
    });
    const { id } = await queue.enqueue('test.failing-query', {}, { maxAttempts: 1 });
    await queue.drain();
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job!.status).toBe('failed');
    expect(job!.lastError).toContain('Failed query: SELECT $1::int');
    const logged = lines.join('');
    expect(logged).toContain('Failed query: SELECT $1::int');
    for (const text of [job!.lastError!, logged]) {
      expect(text).not.toContain('valor-secreto-del-trabajo');
      // The database's reason stays (a deadlock, a constraint), its quoted value does not.
      expect(text).toContain('invalid input syntax for type integer');
    }
  });

  it("enqueues inside a caller's transaction: the job exists only if the transaction commits", async () => {
    const queue = queueOn(database);
    const runs: unknown[] = [];
    queue.register('test.transactional', async (payload) => {
      runs.push(payload);
    });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue('test.transactional', { n: 'revertido' }, { db: tx });
        tx.rollback();
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await queue.enqueue('test.transactional', { n: 'confirmado' }, { db: tx });
    });
    await queue.drain();
    expect(runs).toEqual([{ n: 'confirmado' }]);
  });

  it('retries a failing job with growing back-off, then marks it failed after its last attempt', async () => {
    const queue = queueOn(database, { backoffBaseSeconds: 10 });
    queue.register('test.flaky', async () => {
      throw new Error('servicio caído');
    });
    const { id } = await queue.enqueue('test.flaky', {}, { maxAttempts: 3 });
    const delayOf = async () => {
      const [row] = await queryRows<{ delay: number; status: string; attempts: number; last_error: string }>(
        database.db,
        sql`SELECT EXTRACT(EPOCH FROM (run_at - now()))::float AS delay, status, attempts, last_error FROM jobs WHERE id = ${id}`,
      );
      return row!;
    };
    const makeDue = () => database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);

    await queue.drain();
    const afterFirst = await delayOf();
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, last_error: 'servicio caído' });
    expect(afterFirst.delay).toBeGreaterThan(8);
    expect(afterFirst.delay).toBeLessThanOrEqual(10);
    // Not due yet: nothing runs.
    expect(await queue.drain()).toBe(0);

    await makeDue();
    await queue.drain();
    const afterSecond = await delayOf();
    expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 });
    expect(afterSecond.delay).toBeGreaterThan(18);

    await makeDue();
    await queue.drain();
    expect(await delayOf()).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it.skipIf(testDatabaseKind !== 'postgresql')(
    'gives each job to exactly one of several processes sharing one PostgreSQL',
    async () => {
      const created = await createPostgresDatabase();
      // Two independent connection pools on one database, as two server processes would have.
      const pools = [
        await openDatabase({ databaseUrl: created.url, dataDir: '' }),
        await openDatabase({ databaseUrl: created.url, dataDir: '' }),
      ];
      await applyMigrations(pools[0]!);
      const runs = new Map<number, number>();
      const queues = pools.map((pool) => {
        const queue = queueOn(pool);
        queue.register('test.shared', async (_payload, job) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        });
        return queue;
      });
      for (let i = 0; i < 60; i++) await queues[0]!.enqueue('test.shared', { i });
      await Promise.all(queues.map((queue) => queue.drain()));
      expect(runs.size).toBe(60);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      await Promise.all(pools.map((pool) => pool.close()));
      await created.drop();
    },
  );
});

describe(`job queue crash recovery on ${testDatabaseKind}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-jobs-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('retries, after a restart, a job whose process was killed mid-run', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    let dropDatabase: (() => Promise<void>) | undefined;
    if (testDatabaseKind === 'postgresql') {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
    }
    const worker = spawnTs('tests/api/support/job-worker.ts', [], env);
    await worker.waitFor('started');
    const jobId = Number(worker.output().match(/started (\d+)/)![1]);
    await killHard(worker.child);

    // The restarted process: same database, same queue.
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const queue = queueOn(database, { leaseSeconds: 2 });
    const finished: number[] = [];
    queue.register('test.slow', async (_payload, job) => {
      finished.push(job.attempts);
    });
    const [before] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(before).toMatchObject({ status: 'running', attempts: 1 });
    // While the dead worker's lease lasts nobody takes the job; then it is claimed again.
    const deadline = Date.now() + 60_000;
    while (finished.length === 0 && Date.now() < deadline) {
      await queue.drain();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(finished).toEqual([2]);
    const [after] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(after?.status).toBe('done');
    await database.close();
    await dropDatabase?.();
    // A server process starts and is killed first: the waits inside are bounded on their own.
  }, 300_000);
});
