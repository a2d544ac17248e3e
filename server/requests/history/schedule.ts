import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { signatureRequestSigners, signatureRequests, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { appendRequestEvent } from '../core/events.js';
import { inviteSigner, queueRequestMail } from '../core/mail.js';
import { announceRequestEvent } from '../core/webhookEvents.js';
import { noticeToInvitedSigners } from './actions.service.js';

/**
 * The schedule of sent requests: reminders to signers who hold a link and have not finished,
 * every `reminder_days`, and expiry of requests left in progress past `expires_at`. Both run on
 * the scheduler (once per slot across processes); each request is re-checked under its row lock,
 * so a slot retried after a crash never reminds or expires twice.
 */

export const REMINDER_JOB = 'requests.reminders';
export const EXPIRY_JOB = 'requests.expiry';
const BATCH = 200;

export function declareRequestSchedule(deps: Deps): void {
  deps.scheduler.declare({
    name: REMINDER_JOB,
    spec: { everySeconds: 3600 },
    run: async () => {
      await sendDueReminders(deps);
    },
  });
  deps.scheduler.declare({
    name: EXPIRY_JOB,
    spec: { everySeconds: 300 },
    run: async () => {
      await expireOverdueRequests(deps);
    },
  });
}

/** When a request's next reminder is due: `reminder_days` after the last one (or the sending). */
const nextReminderAt = sql`COALESCE(${signatureRequests.lastReminderAt}, ${signatureRequests.createdAt}) + make_interval(days => ${signatureRequests.reminderDays})`;

/** Reminds every signer with a live link of each request whose reminder is due; returns how many requests. */
export async function sendDueReminders(deps: Deps): Promise<number> {
  const { db } = deps.database;
  let reminded = 0;
  let afterId = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.status, 'in_progress'),
          isNotNull(signatureRequests.reminderDays),
          // The company delivers these links itself: the platform e-mails their signers nothing.
          eq(signatureRequests.linksByCompany, false),
          gt(signatureRequests.expiresAt, now),
          gt(signatureRequests.id, afterId),
          sql`${nextReminderAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(signatureRequests.id))
      .limit(BATCH);
    for (const { id } of due) if (await remindRequest(deps, id)) reminded += 1;
    if (due.length < BATCH) return reminded;
    afterId = due[due.length - 1]!.id;
  }
}

async function remindRequest(deps: Deps, requestId: number): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [request] = await tx
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.id, requestId),
          eq(signatureRequests.status, 'in_progress'),
          sql`${nextReminderAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .for('update');
    if (!request) return false;
    const pending = await tx
      .select({ id: signatureRequestSigners.id })
      .from(signatureRequestSigners)
      .where(
        and(
          eq(signatureRequestSigners.requestId, requestId),
          inArray(signatureRequestSigners.status, ['invited', 'viewed']),
          ne(signatureRequestSigners.kind, 'copy'),
        ),
      )
      .orderBy(asc(signatureRequestSigners.number));
    for (const signer of pending) await inviteSigner(deps, tx, signer.id, 'reminder');
    await tx
      .update(signatureRequests)
      .set({ lastReminderAt: now })
      .where(eq(signatureRequests.id, requestId));
    return pending.length > 0;
  });
}

/** Expires every in-progress request past its expiry; returns how many. */
export async function expireOverdueRequests(deps: Deps): Promise<number> {
  const { db } = deps.database;
  let expired = 0;
  for (;;) {
    const now = deps.clock.now();
    // Expired rows leave the in_progress partial index, so each pass reads the next ones.
    const overdue = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.status, 'in_progress'), lte(signatureRequests.expiresAt, now)))
      .orderBy(asc(signatureRequests.expiresAt))
      .limit(BATCH);
    let changed = 0;
    for (const { id } of overdue) if (await expireRequest(deps, id)) changed += 1;
    expired += changed;
    if (overdue.length < BATCH || changed === 0) return expired;
  }
}

async function expireRequest(deps: Deps, requestId: number): Promise<boolean> {
  const expired = await deps.database.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [request] = await tx
      .select({
        id: signatureRequests.id,
        companyId: signatureRequests.companyId,
        expiresAt: signatureRequests.expiresAt,
        creatorEmail: users.email,
      })
      .from(signatureRequests)
      .leftJoin(users, eq(users.id, signatureRequests.createdBy))
      .where(
        and(
          eq(signatureRequests.id, requestId),
          eq(signatureRequests.status, 'in_progress'),
          lte(signatureRequests.expiresAt, now),
        ),
      )
      .for('update', { of: signatureRequests });
    if (!request) return null;
    await tx
      .update(signatureRequests)
      .set({ status: 'expired', updatedAt: now })
      .where(eq(signatureRequests.id, requestId));
    await appendRequestEvent(tx, {
      requestId,
      action: 'expired',
      details: { expires_at: request.expiresAt.toISOString() },
      at: now,
    });
    await noticeToInvitedSigners(deps, tx, requestId, 'expired');
    if (request.creatorEmail) {
      await queueRequestMail(deps, tx, { requestId, kind: 'expired', to: request.creatorEmail });
    }
    return request;
  });
  if (!expired) return false;
  // After the commit; the event id makes a retried slot deliver it once.
  await announceRequestEvent(deps, {
    event: 'request.expired',
    requestId,
    eventId: requestEventId(`request.expired:${requestId}`),
  });
  return true;
}

/**
 * The webhook event id of a request's event: a UUID (the deliveries' column type) derived from
 * `request.<event>:<requestId>`, so that a retry emits the same id and is delivered once.
 */
export function requestEventId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
