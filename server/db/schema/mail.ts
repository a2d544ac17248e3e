import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the platform sends; the delivery of the embedded default (no SMTP) ends here. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to)],
);
