import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type myNotification,
  notifications as notificationEndpoints,
  type notificationRecord,
} from '../../../contract/endpoints/notifications.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { companies, notificationReads, notifications, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { sanitizeRichText } from '../../html/sanitize.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import { NOTIFICATION_EMAIL_QUEUE } from './notificationEmails.js';

export type NotificationRecord = z.output<typeof notificationRecord>;
export type MyNotification = z.output<typeof myNotification>;
type Audience = 'all' | 'company' | 'user';
type Status = 'draft' | 'published';

export type NotificationInput = {
  title: string;
  body: string;
  audience: Audience;
  company_id?: number | null;
  user_id?: number | null;
};

export type NotificationListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: Status;
  audience?: Audience;
  company_id?: number;
  sort?: SortKeyOf<typeof notificationEndpoints.listNotifications>;
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = sortColumnsOf(notificationEndpoints.listNotifications, notifications);

const selectNotifications = (deps: Deps) =>
  deps.database.db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      audience: notifications.audience,
      companyId: notifications.companyId,
      companyName: companies.fiscalName,
      userId: notifications.userId,
      userName: sql<
        string | null
      >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE ${users.name} || ' ' || ${users.lastName} END`,
      status: notifications.status,
      publishedAt: notifications.publishedAt,
      reads: sql<number>`(SELECT count(*) FROM notification_reads r WHERE r.notification_id = ${notifications.id})`,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .leftJoin(companies, eq(companies.id, notifications.companyId))
    .leftJoin(users, eq(users.id, notifications.userId));

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

const toRecord = (row: NotificationRow): NotificationRecord => ({
  id: row.id,
  title: row.title,
  body: row.body,
  audience: row.audience,
  company_id: row.companyId,
  company_name: row.companyName,
  user_id: row.userId,
  user_name: row.userName,
  status: row.status,
  published_at: row.publishedAt?.toISOString() ?? null,
  reads: Number(row.reads),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Every notification (administration), searched by title, filtered, sorted (newest first) and paginated. */
export async function listNotifications(deps: Deps, input: NotificationListInput) {
  const where = and(
    input.search ? ilike(notifications.title, likePattern(input.search)) : undefined,
    input.status ? eq(notifications.status, input.status) : undefined,
    input.audience ? eq(notifications.audience, input.audience) : undefined,
    input.company_id ? eq(notifications.companyId, input.company_id) : undefined,
  );
  const [totalRow] = await deps.database.db.select({ total: count() }).from(notifications).where(where);
  const { limit, offset } = pageWindow(input);
  const order = input.order ?? (input.sort ? 'ASC' : 'DESC');
  const rows = await selectNotifications(deps)
    .where(where)
    .orderBy(...orderFor(SORT_COLUMNS, notifications.id, input.sort, 'id', order))
    .limit(limit)
    .offset(offset);
  return { items: rows.map(toRecord), total: Number(totalRow?.total ?? 0) };
}

export async function getNotification(deps: Deps, notificationId: number): Promise<NotificationRecord> {
  const [row] = await selectNotifications(deps).where(eq(notifications.id, notificationId));
  if (!row) throw notFound();
  return toRecord(row);
}

const problem = (errors: Record<string, string>) =>
  unprocessable('Revise los datos de la notificación', errors);

/** The columns to save: sanitised body, and only the target id its audience uses (which must exist). */
async function prepare(deps: Deps, input: NotificationInput) {
  const body = sanitizeRichText(input.body);
  const errors: Record<string, string> = {};
  if (!body) errors.body = 'El contenido quedó vacío después de quitar lo no permitido';
  if (input.audience === 'company' && !input.company_id) errors.company_id = 'Seleccione la empresa';
  if (input.audience === 'user' && !input.user_id) errors.user_id = 'Seleccione el usuario';
  if (Object.keys(errors).length) throw problem(errors);
  const { db } = deps.database;
  const companyId = input.audience === 'company' ? input.company_id! : null;
  const userId = input.audience === 'user' ? input.user_id! : null;
  if (companyId) {
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
    if (!company) throw problem({ company_id: 'La empresa no existe' });
  }
  if (userId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) throw problem({ user_id: 'El usuario no existe' });
  }
  return { title: input.title, body, audience: input.audience, companyId, userId };
}

/** A new notification, as a draft: nobody sees it until it is published. */
export async function createNotification(deps: Deps, actor: Actor, input: NotificationInput) {
  const values = await prepare(deps, input);
  const [row] = await deps.database.db
    .insert(notifications)
    .values({ ...values, createdBy: actor.impersonatorUserId ?? actor.userId })
    .returning({ id: notifications.id });
  return getNotification(deps, row!.id);
}

export async function updateNotification(
  deps: Deps,
  notificationId: number,
  input: Partial<NotificationInput>,
) {
  const { db } = deps.database;
  const [stored] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
  if (!stored) throw notFound();
  const values = await prepare(deps, {
    title: input.title ?? stored.title,
    body: input.body ?? stored.body,
    audience: input.audience ?? stored.audience,
    company_id: input.company_id === undefined ? stored.companyId : input.company_id,
    user_id: input.user_id === undefined ? stored.userId : input.user_id,
  });
  await db
    .update(notifications)
    .set({ ...values, updatedAt: deps.clock.now() })
    .where(eq(notifications.id, notificationId));
  return getNotification(deps, notificationId);
}

export async function deleteNotification(deps: Deps, notificationId: number): Promise<{ id: number }> {
  const [deleted] = await deps.database.db
    .delete(notifications)
    .where(eq(notifications.id, notificationId))
    .returning({ id: notifications.id });
  if (!deleted) throw notFound();
  return deleted;
}

/**
 * Publishes a notification (publishing again keeps the first date). With `sendEmail`, a job
 * e-mails its audience; each user's e-mail carries an idempotency key, so nobody gets it twice
 * however often it is published or the job retried.
 */
export async function publishNotification(
  deps: Deps,
  input: { notificationId: number; sendEmail: boolean },
): Promise<NotificationRecord> {
  const now = deps.clock.now();
  const updated = await deps.database.db
    .update(notifications)
    .set({
      status: 'published',
      publishedAt: sql`coalesce(${notifications.publishedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(notifications.id, input.notificationId))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound();
  if (input.sendEmail) {
    await deps.queue.enqueue(NOTIFICATION_EMAIL_QUEUE, { notificationId: input.notificationId });
  }
  return getNotification(deps, input.notificationId);
}

/** Published notifications addressed to the actor: to everyone, to their company, or to them. */
const addressedTo = (actor: Actor): SQL =>
  and(
    eq(notifications.status, 'published'),
    or(
      eq(notifications.audience, 'all'),
      and(eq(notifications.audience, 'company'), eq(notifications.companyId, actor.companyId)),
      and(eq(notifications.audience, 'user'), eq(notifications.userId, actor.userId)),
    ),
  ) as SQL;

/** The actor's own read mark of each notification. */
const readBy = (actor: Actor) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, actor.userId));

const selectMine = (deps: Deps, actor: Actor) =>
  deps.database.db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      audience: notifications.audience,
      publishedAt: notifications.publishedAt,
      readAt: notificationReads.readAt,
    })
    .from(notifications)
    .leftJoin(notificationReads, readBy(actor));

type MineRow = Awaited<ReturnType<ReturnType<typeof selectMine>['execute']>>[number];

const toMine = (row: MineRow): MyNotification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  audience: row.audience,
  published_at: (row.publishedAt ?? new Date(0)).toISOString(),
  read: row.readAt !== null,
  read_at: row.readAt?.toISOString() ?? null,
});

/** The caller's notifications, newest first, with how many remain unread. */
export async function listMyNotifications(
  deps: Deps,
  actor: Actor,
  input: { page: number; itemsPerPage: number; unread?: 'true' | 'false' },
) {
  const isRead = sql`${notificationReads.userId} IS NOT NULL`;
  const readFilter =
    input.unread === 'true'
      ? isNull(notificationReads.userId)
      : input.unread === 'false'
        ? isRead
        : undefined;
  const [counts] = await deps.database.db
    .select({
      all: count(),
      unread: sql<number>`count(*) FILTER (WHERE ${notificationReads.userId} IS NULL)`,
    })
    .from(notifications)
    .leftJoin(notificationReads, readBy(actor))
    .where(addressedTo(actor));
  const all = Number(counts?.all ?? 0);
  const unread = Number(counts?.unread ?? 0);
  const { limit, offset } = pageWindow(input);
  const rows = await selectMine(deps, actor)
    .where(and(addressedTo(actor), readFilter))
    .orderBy(desc(notifications.publishedAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const total = input.unread === 'true' ? unread : input.unread === 'false' ? all - unread : all;
  return { items: rows.map(toMine), total, unread };
}

/** Marks as read a notification addressed to the caller (another one answers 404). Idempotent. */
export async function markNotificationRead(deps: Deps, actor: Actor, notificationId: number) {
  const [addressed] = await deps.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), addressedTo(actor)));
  if (!addressed) throw notFound();
  await deps.database.db
    .insert(notificationReads)
    .values({ notificationId, userId: actor.userId, readAt: deps.clock.now() })
    .onConflictDoNothing();
  const [row] = await selectMine(deps, actor).where(eq(notifications.id, notificationId));
  return toMine(row!);
}
