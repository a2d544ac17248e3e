import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { JobQueue } from '../jobs/queue.js';

export const MAIL_QUEUE = 'mail.send';

const mailMessage = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});
export type MailMessage = z.output<typeof mailMessage>;

/** Hands a message to the outside world; returns the transport's message id, if any. */
export type MailTransport = {
  name: 'outbox' | 'smtp';
  deliver(message: MailMessage, from: string): Promise<string | null>;
};

/** Embedded default: the message stays in the database outbox (readable by administrators and tests). */
export const outboxTransport: MailTransport = { name: 'outbox', deliver: async () => null };

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message, from) {
      const info = await transporter.sendMail({ from, ...message });
      return info.messageId ?? null;
    },
  };
}

export type Mailer = {
  /** Queues a message; with an idempotency key it is sent once however often this is called. */
  send(message: MailMessage, options?: { idempotencyKey?: string }): Promise<{ jobId: number }>;
};

/** E-mails go through the durable job queue: nothing is lost on a crash, and retries back off. */
export function createMailer(options: {
  db: Db;
  queue: JobQueue;
  transport: MailTransport;
  from: string;
}): Mailer {
  const { db, queue, transport, from } = options;
  queue.register(MAIL_QUEUE, async (payload, job) => {
    const message = mailMessage.parse(payload);
    // A retried job whose delivery was already recorded must not send a second copy.
    const already = await queryRows(db, sql`SELECT 1 FROM mail_outbox WHERE job_id = ${job.id}`);
    if (already.length > 0) return;
    const messageId = await transport.deliver(message, from);
    await db.insert(mailOutbox).values({ jobId: job.id, ...message, transport: transport.name, messageId });
  });
  return {
    async send(message, sendOptions = {}) {
      const { id } = await queue.enqueue(MAIL_QUEUE, mailMessage.parse(message), {
        idempotencyKey: sendOptions.idempotencyKey ? `mail:${sendOptions.idempotencyKey}` : undefined,
        maxAttempts: 8,
      });
      return { jobId: id };
    },
  };
}
