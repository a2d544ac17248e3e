import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

const SUPPORT_STATUSES = ['abierto', 'en_proceso', 'esperando_cliente', 'resuelto', 'cerrado'] as const;

/** Support tickets a company opens; the platform answers them (/supports, /company_supports). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category', { enum: ['tecnico', 'firmas', 'facturacion', 'cuenta', 'otro'] }).notNull(),
    priority: text('priority', { enum: ['baja', 'media', 'alta', 'urgente'] }).notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('abierto'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The platform's first answer (response), for the first-response time. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** When it last became resolved or closed; cleared when the company writes again. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Both lists sort by date within a company (company users) or across all (platform).
    index('support_requests_company_created_idx').on(table.companyId, table.createdAt, table.id),
    index('support_requests_created_idx').on(table.createdAt, table.id),
    index('support_requests_status_idx').on(table.status, table.createdAt),
  ],
);

/** A ticket's thread: the company's messages, the platform's answers and internal notes. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    supportRequestId: integer('support_request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    /** internal: visible to the platform only, never in a company's reply. */
    kind: text('kind', { enum: ['message', 'response', 'internal'] }).notNull(),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_messages_request_idx').on(table.supportRequestId, table.id)],
);

/** Files sent with a message, checked by server/uploads and kept in storage. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_attachments_message_idx').on(table.messageId)],
);
