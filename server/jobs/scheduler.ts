import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../deps.js';
import type { JobQueue, JobRecord } from './queue.js';
import { latestSlot, type ScheduleSpec, validateSpec } from './schedule.js';

export type RecurringJob = {
  /** Stable name: it is part of the queue name and of each slot's idempotency key. */
  name: string;
  spec: ScheduleSpec;
  /** Runs once per slot; `slot` is the slot's start, the same in every process. */
  run(slot: Date, job: JobRecord): Promise<void>;
  maxAttempts?: number;
};

const slotPayload = z.object({ slot: z.iso.datetime() });

export const scheduleQueueName = (name: string) => `schedule.${name}`;
export const slotKey = (name: string, slot: Date) => `schedule:${name}:${slot.toISOString()}`;

/**
 * Recurring jobs on the durable queue. Every process ticks and enqueues the current slot of each
 * declared job under the key `schedule:<name>:<slot>`; the queue's unique idempotency key lets one
 * of them win, so a slot runs once however many processes share the database, and retries and
 * crash recovery are the queue's. Nothing is kept in memory that a restart would lose: after a
 * restart the latest slot is enqueued if it was not (missed older slots are not replayed, so a
 * server down for a day sends one reminder run, not twenty-four).
 */
export class Scheduler {
  private readonly jobs = new Map<string, RecurringJob>();
  private readonly lastEnqueued = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly options: { logger: Logger; clock: Clock; tickMs: number },
  ) {}

  declare(job: RecurringJob): void {
    validateSpec(job.spec);
    if (this.jobs.has(job.name)) throw new Error(`Trabajo programado duplicado: ${job.name}`);
    this.jobs.set(job.name, job);
    this.queue.register(scheduleQueueName(job.name), async (payload, record) => {
      const { slot } = slotPayload.parse(payload);
      await job.run(new Date(slot), record);
    });
  }

  /** Enqueues the current slot of every declared job (once per slot); returns how many were new. */
  tick(): Promise<number> {
    this.ticking ??= this.enqueueDueSlots().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  start(): void {
    if (this.timer || this.jobs.size === 0) return;
    const loop = () => {
      void this.tick()
        .catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'No se pudieron programar los trabajos periódicos'),
        )
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, this.options.tickMs).unref();
        });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking?.catch(() => {});
  }

  private async enqueueDueSlots(): Promise<number> {
    const now = this.options.clock.now();
    let created = 0;
    for (const job of this.jobs.values()) {
      const slot = latestSlot(job.spec, now);
      if (!slot || this.lastEnqueued.get(job.name) === slot.getTime()) continue;
      const result = await this.queue.enqueue(
        scheduleQueueName(job.name),
        { slot: slot.toISOString() },
        { idempotencyKey: slotKey(job.name, slot), maxAttempts: job.maxAttempts ?? 5 },
      );
      this.lastEnqueued.set(job.name, slot.getTime());
      if (result.created) created += 1;
    }
    return created;
  }
}
