import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client.js';
import type { MailStatus } from '../db/schema/index.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Metrics } from '../metrics.js';
import { type FileStorage, readAll } from '../storage/storage.js';
import { withOpenPixel } from './tracking.js';

export const MAIL_QUEUE = 'mail.send';

const mailAttachment = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1),
  storageKey: z.string().min(1),
  size: z.number().int().min(0),
});

const mailMessage = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  /** Stored files sent with the message; the job payload names them, the transport gets their bytes. */
  attachments: z.array(mailAttachment).max(20).optional(),
});
export type MailMessage = z.output<typeof mailMessage>;

/** A message as a transport delivers it: its attachments with their bytes. */
export type DeliveredMail = Omit<MailMessage, 'attachments'> & {
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** The job's payload: the message and its public id (absent in jobs queued before tracking). */
const queuedMail = mailMessage.extend({ mailId: z.uuid().optional() });

/** A delivery the transport could not make. `permanent`: the server refused it (5xx), retrying is useless. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/** Hands a message to the outside world; returns the transport's message id, if any. */
export type MailTransport = {
  name: 'outbox' | 'smtp';
  deliver(message: DeliveredMail, from: string): Promise<string | null>;
};

/** Embedded default: the message stays in the database outbox (readable by administrators and tests). */
export const outboxTransport: MailTransport = { name: 'outbox', deliver: async () => null };

type SmtpFailure = { responseCode?: unknown; response?: unknown; message?: unknown };

/** SMTP reply codes 5xx are permanent (bounced); 4xx, timeouts and refused connections are not. */
export function classifySmtpError(error: unknown): MailDeliveryError {
  const failure = (typeof error === 'object' && error ? error : {}) as SmtpFailure;
  const reply = typeof failure.response === 'string' ? failure.response : String(failure.message ?? error);
  const permanent = typeof failure.responseCode === 'number' && failure.responseCode >= 500;
  return new MailDeliveryError(reply.slice(0, 1000), permanent);
}

/**
 * SMTP_URL with a pool of connections unless it says otherwise (`?pool=false`): a connection and
 * its greeting per message cost ~110 ms each against a relay that pauses before greeting, and the
 * signers' codes queued behind them (bench/README.md «The cluster under signers»).
 */
export function pooledSmtpUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
}

export function smtpTransport(url: string): MailTransport {
  // Loaded with the first message: a process that only keeps the outbox never needs it.
  let transporter: Promise<Transporter> | undefined;
  const connect = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(pooledSmtpUrl(url)),
    );
    return transporter;
  };
  return {
    name: 'smtp',
    async deliver(message, from) {
      try {
        const info = await (await connect()).sendMail({ from, ...message });
        return info.messageId ?? null;
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
  };
}

export type QueuedMail = { jobId: number; mailId: string };

export type Mailer = {
  /** Queues a message; with an idempotency key it is sent once however often this is called. */
  send(message: MailMessage, options?: { idempotencyKey?: string; urgent?: boolean }): Promise<QueuedMail>;
};

export type MailDelivery = {
  mailId: string;
  status: MailStatus;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  openedAt: Date | null;
  bouncedAt: Date | null;
  failedAt: Date | null;
};

/** The delivery status of one e-mail, by its public id. */
export async function mailDelivery(db: Db, mailId: string): Promise<MailDelivery | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT public_id, status, last_error, created_at, sent_at, opened_at, bounced_at, failed_at
        FROM mail_outbox WHERE public_id = ${mailId}`,
  );
  if (!row) return undefined;
  const date = (value: unknown) => (value == null ? null : new Date(value as string));
  return {
    mailId: String(row.public_id),
    status: row.status as MailStatus,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    sentAt: date(row.sent_at),
    openedAt: date(row.opened_at),
    bouncedAt: date(row.bounced_at),
    failedAt: date(row.failed_at),
  };
}

/**
 * E-mails go through the durable job queue: nothing is lost on a crash, and retries back off. Each
 * one has a row in `mail_outbox` from the moment it is queued, keyed by its job, with its delivery
 * status: queued → sent (→ opened), or bounced (the SMTP server refused it), or failed (temporary
 * errors until the last attempt).
 */
/**
 * The outbox row of a queued mail's job, written by the sender and again by the worker (whichever
 * comes first), so that a crash between queueing the job and writing the row leaves no job without
 * its row. The two may run at once (an urgent mail is claimed at once, often by another process):
 * both insert the same row, and the later one must meet a conflict on either unique index
 * (`job_id`, or `public_id`, the job's `mailId`), never an error — hence no conflict target.
 */
export async function ensureOutboxRow(
  db: Db,
  jobId: number,
  transportName: string,
): Promise<{ publicId: string; status: MailStatus }> {
  // One round trip: the inserted row, or (same snapshot, so never both) the one already there.
  const [row] = await queryRows<{ public_id: string; status: MailStatus }>(
    db,
    sql`
    WITH inserted AS (
      INSERT INTO mail_outbox (public_id, job_id, "to", subject, text, html, attachments, transport, status)
      SELECT COALESCE((payload->>'mailId')::uuid, gen_random_uuid()), id, payload->>'to', payload->>'subject',
             payload->>'text', payload->>'html', COALESCE(payload->'attachments', '[]'::jsonb),
             ${transportName}, 'queued'
      FROM jobs WHERE id = ${jobId}
      ON CONFLICT DO NOTHING
      RETURNING public_id, status)
    SELECT public_id, status FROM inserted
    UNION ALL SELECT public_id, status FROM mail_outbox WHERE job_id = ${jobId}`,
  );
  // Neither, when the other insert committed while this one waited on it: its snapshot predates
  // that row, which the next statement sees (seen with workers in several processes).
  const [written] = row
    ? [row]
    : await queryRows<{ public_id: string; status: MailStatus }>(
        db,
        sql`SELECT public_id, status FROM mail_outbox WHERE job_id = ${jobId}`,
      );
  return { publicId: String(written!.public_id), status: written!.status };
}

export function createMailer(options: {
  db: Db;
  queue: JobQueue;
  transport: MailTransport;
  from: string;
  /** Base address of the open-tracking pixel in HTML messages (PUBLIC_URL). */
  trackingBaseUrl?: string;
  /** Where attached files are read from when a message is delivered. */
  storage?: FileStorage;
  /** Counts delivery outcomes (GET /metrics). */
  metrics?: Pick<Metrics, 'mailOutcomes'>;
}): Mailer {
  const { db, queue, transport, from } = options;
  const outcome = (name: 'sent' | 'bounced' | 'retry' | 'failed') =>
    options.metrics?.mailOutcomes.inc({ outcome: name });

  /** The attachments' bytes, read at delivery (a missing file fails the attempt; the job retries). */
  const withContent = async ({ attachments, ...message }: MailMessage): Promise<DeliveredMail> => {
    if (!attachments?.length) return message;
    if (!options.storage) throw new MailDeliveryError('no hay almacenamiento para los adjuntos', false);
    const files = [];
    for (const attachment of attachments) {
      const content = await readAll(options.storage, attachment.storageKey);
      if (!content) throw new MailDeliveryError(`falta el adjunto ${attachment.filename}`, false);
      files.push({ filename: attachment.filename, contentType: attachment.contentType, content });
    }
    return { ...message, attachments: files };
  };

  const ensureRow = (jobId: number) => ensureOutboxRow(db, jobId, transport.name);

  queue.register(MAIL_QUEUE, async (payload, job) => {
    const { mailId: _mailId, ...message } = queuedMail.parse(payload);
    const mail = await ensureRow(job.id);
    // A retried job whose delivery was already recorded must not send a second copy.
    if (mail.status !== 'queued') return;
    try {
      const tracked = options.trackingBaseUrl
        ? withOpenPixel(message, options.trackingBaseUrl, mail.publicId)
        : message;
      const delivered = await withContent(tracked);
      const messageId = await transport.deliver(delivered, from);
      await db.execute(sql`
        UPDATE mail_outbox SET status = 'sent', sent_at = now(), message_id = ${messageId},
               transport = ${transport.name}, last_error = NULL
        WHERE job_id = ${job.id} AND status = 'queued'`);
      outcome('sent');
    } catch (error) {
      const failure = error instanceof MailDeliveryError ? error : classifySmtpError(error);
      if (failure.permanent) {
        await db.execute(sql`
          UPDATE mail_outbox SET status = 'bounced', bounced_at = now(), last_error = ${failure.message}
          WHERE job_id = ${job.id} AND status = 'queued'`);
        outcome('bounced');
        return;
      }
      const final = job.attempts >= job.maxAttempts;
      await db.execute(sql`
        UPDATE mail_outbox SET last_error = ${failure.message},
               status = ${final ? 'failed' : 'queued'}, failed_at = ${final ? sql`now()` : null}
        WHERE job_id = ${job.id} AND status = 'queued'`);
      outcome(final ? 'failed' : 'retry');
      throw failure;
    }
  });

  return {
    async send(message, sendOptions = {}) {
      const parsed = mailMessage.parse(message);
      const { id } = await queue.enqueue(
        MAIL_QUEUE,
        { ...parsed, mailId: randomUUID() },
        {
          idempotencyKey: sendOptions.idempotencyKey ? `mail:${sendOptions.idempotencyKey}` : undefined,
          maxAttempts: 8,
          urgent: sendOptions.urgent,
        },
      );
      const { publicId } = await ensureRow(id);
      return { jobId: id, mailId: publicId };
    },
  };
}
