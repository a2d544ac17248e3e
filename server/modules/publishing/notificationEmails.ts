import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { escapeHtml } from '../../../contract/html.js';
import { notifications, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { keysetBatches } from '../../export/xlsx.js';
import { htmlToPlainText } from '../../html/sanitize.js';

export const NOTIFICATION_EMAIL_QUEUE = 'publishing.notification_email';

const jobPayload = z.object({ notificationId: z.number().int().positive() });

/** The key that makes each user's copy of a notification an e-mail sent at most once. */
export const notificationEmailKey = (notificationId: number, userId: number) =>
  `notification:${notificationId}:user:${userId}`;

type Audience = { audience: 'all' | 'company' | 'user'; companyId: number | null; userId: number | null };

/** Active users the notification is addressed to (the same rule as my_notifications). */
function recipientsOf(notification: Audience): SQL | undefined {
  const live = and(eq(users.status, 'active'), isNull(users.deletedAt));
  if (notification.audience === 'company') return and(live, eq(users.companyId, notification.companyId ?? 0));
  if (notification.audience === 'user') return and(live, eq(users.id, notification.userId ?? 0));
  return live;
}

/**
 * The job behind "publish and e-mail": one e-mail per recipient through the mailer, each with its
 * own idempotency key, read in batches so that an audience of any size uses constant memory.
 * Retried or repeated, it sends nothing twice.
 */
export function registerNotificationEmailJob(deps: Deps): void {
  deps.queue.register(NOTIFICATION_EMAIL_QUEUE, async (payload) => {
    const { notificationId } = jobPayload.parse(payload);
    const { db } = deps.database;
    const [notification] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.status, 'published')));
    if (!notification) return;
    const base = (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(
      /\/+$/,
      '',
    );
    const text = [
      notification.title,
      '',
      htmlToPlainText(notification.body),
      '',
      `Consulte sus notificaciones en Rúbrica: ${base}/home`,
    ].join('\n');
    const html = `<h2>${escapeHtml(notification.title)}</h2>${notification.body}<p><a href="${escapeHtml(`${base}/home`)}">Abrir Rúbrica</a></p>`;
    const where = recipientsOf(notification);
    const batches = keysetBatches((lastId, size) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(where, gt(users.id, lastId)))
        .orderBy(asc(users.id))
        .limit(size),
    );
    for await (const batch of batches) {
      for (const user of batch) {
        try {
          await deps.mailer.send(
            { to: user.email, subject: `Rúbrica: ${notification.title}`, text, html },
            { idempotencyKey: notificationEmailKey(notification.id, user.id) },
          );
        } catch (error) {
          // An address the mailer refuses will not improve on a retry; the others still get theirs.
          if (!(error instanceof z.ZodError)) throw error;
          deps.logger.warn(
            { userId: user.id, notificationId },
            'Correo de notificación no enviado: dirección inválida',
          );
        }
      }
    }
  });
}
