import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Durable job queue. Workers claim rows with `FOR UPDATE SKIP LOCKED` and hold a lease
 * (`lockedUntil`); a job whose worker died is claimed again once the lease runs out.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    idempotencyKey: text('idempotency_key'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Higher runs first among ready jobs: 1 when someone waits on screen for it (a code by e-mail). */
    priority: smallint('priority').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_idempotency_key_unique').on(table.idempotencyKey),
    // The claim's order (priority first, then run_at, id) in full: a backlog of ready jobs is
    // walked, never sorted.
    index('jobs_claim_idx').on(table.status, table.priority.desc(), table.runAt, table.id),
  ],
);
