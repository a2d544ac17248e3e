import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '../db/client.js';
import { describeError } from '../logger.js';
import type { Metrics } from '../metrics.js';

export type JobRecord = {
  id: number;
  queue: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};
export type JobHandler = (payload: unknown, job: JobRecord) => Promise<void>;

export type EnqueueOptions = {
  /** A second enqueue with the same key is ignored: the job runs once. */
  idempotencyKey?: string;
  /** Delay before the first attempt, in seconds. */
  delaySeconds?: number;
  maxAttempts?: number;
  /**
   * Someone waits on screen for this job (a sign-in or signing code by e-mail): it runs before
   * every ready job that is not urgent, however long the backlog (a bulk send's invitations).
   */
  urgent?: boolean;
  /**
   * A transaction to enqueue in, so that the job exists if and only if the caller's own writes
   * commit (workers see it once the transaction commits).
   */
  db?: Db;
};

export type QueueOptions = {
  logger: Logger;
  leaseSeconds: number;
  pollMs: number;
  /** First retry delay; doubles with each attempt, capped at one hour. */
  backoffBaseSeconds?: number;
  workerId?: string;
  /** Counts failed attempts by queue (GET /metrics). */
  metrics?: Pick<Metrics, 'jobFailures'>;
};

type ClaimedRow = {
  id: string | number;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

/**
 * A durable queue in the database. Workers claim ready rows with `FOR UPDATE SKIP LOCKED`, so any
 * number of server processes on one PostgreSQL share the work without taking the same job; a claim
 * is a lease, renewed while the job runs, so the job of a process that died is claimed again once
 * its lease has run out. Delivery is at least once; handlers are written to be idempotent.
 */
/**
 * The claim: up to `limit` jobs of `queues`, urgent first, then oldest, leased to `workerId`. Ready
 * jobs and expired leases are picked apart, each by walking jobs_claim_idx in the claim's order
 * (its NULLS LAST included, or the planner sorts instead): one OR over both made the planner sort
 * every ready job on every claim, which a backlog of 10,000 invitations turned into 30 ms a claim.
 */
export function claimStatement(claim: {
  queues: string[];
  limit: number;
  leaseSeconds: number;
  workerId: string;
}) {
  const ofQueues = sql.join(
    claim.queues.map((queue) => sql`${queue}`),
    sql`, `,
  );
  return sql`
      WITH ready AS (
        SELECT id, priority, run_at FROM jobs
        WHERE status = 'pending' AND run_at <= now() AND queue IN (${ofQueues})
        ORDER BY priority DESC NULLS LAST, run_at, id
        LIMIT ${claim.limit}
        FOR UPDATE SKIP LOCKED),
      expired AS (
        SELECT id, priority, run_at FROM jobs
        WHERE status = 'running' AND locked_until < now() AND queue IN (${ofQueues})
        ORDER BY priority DESC NULLS LAST, run_at, id
        LIMIT ${claim.limit}
        FOR UPDATE SKIP LOCKED),
      chosen AS (
        SELECT id FROM (SELECT * FROM ready UNION ALL SELECT * FROM expired) AS claimable
        ORDER BY priority DESC NULLS LAST, run_at, id
        LIMIT ${claim.limit})
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${claim.workerId},
             locked_until = now() + make_interval(secs => ${claim.leaseSeconds}), updated_at = now()
      WHERE id IN (SELECT id FROM chosen)
      RETURNING id, queue, payload, attempts, max_attempts`;
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly workerId: string;
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private stopped = true;
  private concurrency = 1;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: QueueOptions,
  ) {
    this.workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  register(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  /** The queues this process has handlers for. */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Adds a job; returns its id and whether it was new (false: the idempotency key already existed). */
  async enqueue(
    queue: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<{ id: number; created: boolean }> {
    const key = options.idempotencyKey ?? null;
    const db = options.db ?? this.db;
    const [row] = await queryRows<{ id: string | number }>(
      db,
      sql`
      INSERT INTO jobs (queue, payload, idempotency_key, max_attempts, priority, run_at)
      VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${key}, ${options.maxAttempts ?? 5},
              ${options.urgent ? 1 : 0}, now() + make_interval(secs => ${options.delaySeconds ?? 0}))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id`,
    );
    if (row) {
      this.wake();
      return { id: Number(row.id), created: true };
    }
    const [existing] = await queryRows<{ id: string | number }>(
      db,
      sql`SELECT id FROM jobs WHERE idempotency_key = ${key}`,
    );
    return { id: Number(existing!.id), created: false };
  }

  /** The pause before the next attempt of a job whose attempt number `attempts` failed. */
  retryDelaySeconds(attempts: number): number {
    return Math.min(3600, (this.options.backoffBaseSeconds ?? 5) * 2 ** (attempts - 1));
  }

  /** Starts polling for work; `concurrency` jobs at most at a time in this process. */
  start(concurrency = 1): void {
    if (concurrency < 1) return;
    this.stopped = false;
    this.concurrency = concurrency;
    this.schedule(0);
  }

  /**
   * Stops taking jobs and waits for the work in flight: a claim still querying (whose jobs then
   * run) and every running handler with its final write. Only then may the database close:
   * resolving earlier let a late claim run its jobs on an ended pool.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Claims and runs the jobs that are ready now; resolves when they have finished. Used by tests. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((job) => this.track(job)));
    }
  }

  private wake(): void {
    if (!this.stopped && this.running.size < this.concurrency) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.draining) return;
    this.draining = (async () => {
      try {
        const free = this.concurrency - this.running.size;
        const claimed = free > 0 ? await this.claim(free) : [];
        for (const job of claimed) void this.track(job).then(() => this.wake());
      } catch (error) {
        this.options.logger.error({ err: error }, 'No se pudieron reclamar trabajos de la cola');
      }
    })();
    await this.draining;
    this.draining = undefined;
    this.schedule(this.options.pollMs);
  }

  /** Runs a claimed job, counted as running until its outcome is written (or could not be). */
  private track(job: JobRecord): Promise<void> {
    const run: Promise<void> = this.run(job)
      .catch((error: unknown) =>
        this.options.logger.error(
          { err: error, jobId: job.id },
          'No se pudo registrar el resultado del trabajo',
        ),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }

  private async claim(limit: number): Promise<JobRecord[]> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0 || limit < 1) return [];
    const rows = await queryRows<ClaimedRow>(
      this.db,
      claimStatement({ queues, limit, leaseSeconds: this.options.leaseSeconds, workerId: this.workerId }),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      queue: row.queue,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    }));
  }

  private async run(job: JobRecord): Promise<void> {
    const handler = this.handlers.get(job.queue);
    const heartbeat = setInterval(
      () => void this.extendLease(job.id).catch(() => {}),
      Math.max(1000, (this.options.leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`No hay manejador para la cola ${job.queue}`);
      await handler(job.payload, job);
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', completed_at = now(), updated_at = now(), locked_until = NULL,
               last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
    } catch (error) {
      await this.fail(job, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async fail(job: JobRecord, error: unknown): Promise<void> {
    // Logged and stored: a failed query's parameters (personal data, secrets) are left out.
    const message = describeError(error);
    const final = job.attempts >= job.maxAttempts;
    const delay = this.retryDelaySeconds(job.attempts);
    this.options.metrics?.jobFailures.inc({ kind: job.queue, final: String(final) });
    this.options.logger.warn(
      { jobId: job.id, queue: job.queue, attempts: job.attempts, final, error: message },
      final ? 'Trabajo fallido definitivamente' : 'Trabajo fallido; se reintentará',
    );
    await this.db.execute(sql`
      UPDATE jobs SET status = ${final ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
             run_at = now() + make_interval(secs => ${delay}), locked_until = NULL, updated_at = now()
      WHERE id = ${job.id} AND locked_by = ${this.workerId}`);
  }

  private async extendLease(id: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE jobs SET locked_until = now() + make_interval(secs => ${this.options.leaseSeconds})
      WHERE id = ${id} AND locked_by = ${this.workerId} AND status = 'running'`);
  }
}
