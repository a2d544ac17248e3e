import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['queued', 'sent', 'opened', 'bounced', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A file sent with an e-mail: named by its storage key, read when the e-mail is delivered. */
export type MailAttachment = { filename: string; contentType: string; storageKey: string; size: number };

/**
 * Every e-mail the platform sends, from the moment it is queued, with its delivery status. The
 * delivery of the embedded default (no SMTP) ends here. `publicId` is the only id that leaves the
 * server (in the open-tracking pixel's address): random, so it cannot be guessed from another.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    jobId: bigint('job_id', { mode: 'number' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files attached (their storage keys, not their bytes). */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    messageId: text('message_id'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    /** The SMTP server's reply of the last failed attempt (bounce or temporary failure). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** First open (the pixel's first load). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** Every load of the pixel, and the latest one. */
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_to_idx').on(table.to),
    uniqueIndex('mail_outbox_public_id_unique').on(table.publicId),
    uniqueIndex('mail_outbox_job_id_unique').on(table.jobId),
  ],
);
