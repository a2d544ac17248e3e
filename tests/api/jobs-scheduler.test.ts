import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap.js';
import { loadConfig } from '../../server/config.js';
import { type Database, openDatabase, queryRows } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { JobQueue } from '../../server/jobs/queue.js';
import { Scheduler } from '../../server/jobs/scheduler.js';
import { createLogger } from '../../server/logger.js';
import {
  createPostgresDatabase,
  createTestDatabase,
  TEST_SECRETS_KEY,
  testDatabaseKind,
} from './support/database.js';
import { manualClock } from './support/mailbox.js';
import { killHard, spawnTs } from './support/processes.js';

const logger = createLogger('silent');

/** One "server process": its own queue and scheduler over a shared database. */
function serverOn(database: Database, clock: { now(): Date }, runs: string[], tag: string) {
  const queue = new JobQueue(database.db, { logger, leaseSeconds: 30, pollMs: 20 });
  const scheduler = new Scheduler(queue, { logger, clock, tickMs: 20 });
  scheduler.declare({
    name: 'test.reminders',
    spec: { everySeconds: 3600 },
    async run(slot) {
      runs.push(`${slot.toISOString()} ${tag}`);
    },
  });
  return { queue, scheduler };
}

const slotsOf = (runs: string[]) => runs.map((run) => run.split(' ')[0]);

describe(`scheduler on ${testDatabaseKind}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-scheduler-'));
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
    await applyMigrations(database);
  });
  afterAll(async () => {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each slot once across two servers on one database, and survives a restart', async () => {
    const clock = manualClock(new Date('2026-11-23T10:15:00Z'));
    const runs: string[] = [];
    const a = serverOn(database, clock, runs, 'a');
    const b = serverOn(database, clock, runs, 'b');

    expect((await a.scheduler.tick()) + (await b.scheduler.tick())).toBe(1);
    await Promise.all([a.queue.drain(), b.queue.drain()]);
    expect(slotsOf(runs)).toEqual(['2026-11-23T10:00:00.000Z']);

    // Same slot again, from both: nothing new.
    expect((await a.scheduler.tick()) + (await b.scheduler.tick())).toBe(0);
    clock.advance(3600_000);
    expect((await b.scheduler.tick()) + (await a.scheduler.tick())).toBe(1);
    await Promise.all([a.queue.drain(), b.queue.drain()]);
    expect(slotsOf(runs)).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z']);

    // A restarted server has no memory of what it enqueued: the database remembers.
    const restarted = serverOn(database, clock, runs, 'c');
    expect(await restarted.scheduler.tick()).toBe(0);
    // Down for three hours: the latest slot runs once, the missed ones are not replayed.
    clock.advance(3 * 3600_000);
    expect(await restarted.scheduler.tick()).toBe(1);
    await restarted.queue.drain();
    expect(slotsOf(runs)).toEqual([
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
    ]);
  });

  it('works as wired by bootstrap: two apps on one database run a declared job once per slot', async () => {
    const clock = manualClock(new Date('2026-11-23T13:05:00Z'));
    const runs: string[] = [];
    const apps = [];
    for (const tag of ['a', 'b']) {
      const config = loadConfig({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'Admin-Prueba-2026',
        LOG_LEVEL: 'silent',
        SECRETS_KEY: TEST_SECRETS_KEY,
      });
      const { deps } = await bootstrap({ config, logger, database, clock });
      deps.scheduler.declare({
        name: 'test.daily-expiry',
        spec: { cron: '0 8 * * *' },
        async run(slot) {
          runs.push(`${slot.toISOString()} ${tag}`);
        },
      });
      apps.push(deps);
    }
    for (const deps of apps) await deps.scheduler.tick();
    await Promise.all(apps.map((deps) => deps.queue.drain()));
    // 8:00 in Bogotá.
    expect(slotsOf(runs)).toEqual(['2026-11-23T13:00:00.000Z']);
  });

  it('retries a failed slot through the queue and hands the handler its slot', async () => {
    const clock = manualClock(new Date('2026-11-23T10:15:00Z'));
    const queue = new JobQueue(database.db, { logger, leaseSeconds: 30, pollMs: 20, backoffBaseSeconds: 1 });
    const scheduler = new Scheduler(queue, { logger, clock, tickMs: 20 });
    const attempts: string[] = [];
    scheduler.declare({
      name: 'test.flaky-sweep',
      spec: { cron: '*/10 * * * *' },
      async run(slot, job) {
        attempts.push(`${slot.toISOString()}#${job.attempts}`);
        if (job.attempts === 1) throw new Error('base ocupada');
      },
    });
    await scheduler.tick();
    await queue.drain();
    await database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE queue = 'schedule.test.flaky-sweep'`);
    await queue.drain();
    expect(attempts).toEqual(['2026-11-23T10:10:00.000Z#1', '2026-11-23T10:10:00.000Z#2']);
  });

  it('runs on real timers: two started servers, every slot once', async () => {
    const runs: string[] = [];
    const clock = { now: () => new Date() };
    const servers = ['a', 'b'].map((tag) => {
      const queue = new JobQueue(database.db, { logger, leaseSeconds: 30, pollMs: 20 });
      const scheduler = new Scheduler(queue, { logger, clock, tickMs: 20 });
      scheduler.declare({
        name: 'test.every-second',
        spec: { everySeconds: 1 },
        async run(slot) {
          runs.push(`${slot.toISOString()} ${tag}`);
        },
      });
      queue.start(1);
      scheduler.start();
      return { queue, scheduler };
    });
    const deadline = Date.now() + 90_000;
    while (new Set(slotsOf(runs)).size < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const server of servers) {
      await server.scheduler.stop();
      await server.queue.stop();
    }
    const slots = slotsOf(runs);
    expect(new Set(slots).size).toBeGreaterThanOrEqual(3);
    expect(slots).toHaveLength(new Set(slots).size);
  }, 180_000);
});

describe.skipIf(testDatabaseKind !== 'postgresql')('scheduler across processes on PostgreSQL', () => {
  it('runs every one-second slot once with two server processes', async () => {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: created.url, dataDir: '' });
    await applyMigrations(database);
    await database.db.execute(sql`CREATE TABLE schedule_probe (slot text NOT NULL, worker text NOT NULL)`);
    const workers = ['uno', 'dos'].map((name) =>
      spawnTs('tests/api/support/scheduler-worker.ts', [], { DATABASE_URL: created.url, WORKER_NAME: name }),
    );
    try {
      await Promise.all(workers.map((worker) => worker.waitFor('ready')));
      const countSlots = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`SELECT count(DISTINCT slot)::int AS n FROM schedule_probe`,
          )
        )[0]!.n;
      const deadline = Date.now() + 120_000;
      while ((await countSlots()) < 4 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await Promise.all(workers.map((worker) => killHard(worker.child)));
    }
    const rows = await queryRows<{ slot: string; runs: number; workers: string }>(
      database.db,
      sql`SELECT slot, count(*)::int AS runs, string_agg(worker, ',') AS workers FROM schedule_probe GROUP BY slot`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => row.runs !== 1)).toEqual([]);
    await database.close();
    await created.drop();
    // Two processes start (each waits up to a minute for "ready"), then the slots run.
  }, 300_000);
});
