import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * The first reply to a creating call made with an `Idempotency-Key` header: a repeat of the same
 * key by the same caller gets it again instead of a second contract (server/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who may replay it: `user:<id>`, or `api-key` (the company's integrations share their keys). */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    /** The endpoint and a hash of its input: the same key with other input is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** `in_progress` while the first call runs; `done` once its reply is kept. */
    status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_caller_key_idx').on(table.companyId, table.caller, table.key),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
