import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENT_TYPES } from '../../../contract/endpoints/webhooks.js';
import { companies } from './companies.js';

/** The events a company's endpoint may listen to: the contract's list, the one source of it. */
export const WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Stored rows may also hold the old aliases (plain text columns: renaming needed no migration). */
const STORED_EVENT_NAMES = WEBHOOK_EVENT_NAMES;

/** A company's receiver of event notifications. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The signing secret, encrypted (AES-256-GCM): it must be read back to sign each payload. */
    secretCiphertext: text('secret_ciphertext').notNull(),
    events: text('events', { enum: STORED_EVENT_NAMES }).array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId)],
);

/** One event for one endpoint: the same body (and `id`) on every attempt, so receivers can dedupe. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    eventId: uuid('event_id').notNull(),
    event: text('event', { enum: STORED_EVENT_NAMES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_company_idx').on(table.companyId, table.id),
  ],
);

/** The delivery log: one row per HTTP attempt. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** When the queue tries again; null after a success or the last attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);
