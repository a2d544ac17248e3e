import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Notifications';

/** all: every user; company: the users of one company; user: one user. */
export const notificationAudience = z.enum(['all', 'company', 'user']);
export const notificationStatus = z.enum(['draft', 'published']);

export const notificationRecord = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  audience: notificationAudience,
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  status: notificationStatus,
  published_at: z.string().nullable(),
  /** How many users have read it. */
  reads: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const myNotification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  audience: notificationAudience,
  published_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});

const notificationFields = z.object({
  title: nonEmpty(200),
  /** Rich text; sanitised on save (no scripts, event handlers, iframes or javascript: links). */
  body: z.string().trim().min(1).max(50_000),
  audience: notificationAudience,
  company_id: id.nullable().optional(),
  user_id: id.nullable().optional(),
});

const example = { title: 'Nueva función', body: '<p>Ya puede firmar por lotes.</p>', audience: 'all' };

export const notifications = {
  listNotifications: endpoint({
    method: 'POST',
    path: 'notifications_list',
    summary: 'Notificaciones publicadas o en borrador, con búsqueda por título, filtros, orden y paginación.',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    body: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      search: z.string().trim().max(200).optional(),
      status: notificationStatus.optional(),
      audience: notificationAudience.optional(),
      company_id: id.optional(),
      sort: z.enum(['id', 'title', 'published_at', 'created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(notificationRecord),
    example: { body: {} },
    skipAudit: true,
  }),
  getNotification: endpoint({
    method: 'GET',
    path: 'get_notification/{id}',
    summary: 'Una notificación (administración).',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    params: z.object({ id }),
    reply: notificationRecord,
  }),
  createNotification: endpoint({
    method: 'POST',
    path: 'save_notification',
    summary: 'Crea una notificación en borrador para todos, una empresa o un usuario.',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    body: notificationFields,
    reply: notificationRecord,
    example: { body: example },
  }),
  updateNotification: endpoint({
    method: 'PUT',
    path: 'update_notification/{id}',
    summary: 'Modifica una notificación (los correos ya enviados no se repiten).',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    params: z.object({ id }),
    body: notificationFields.partial(),
    reply: notificationRecord,
    example: { params: { id: 1 }, body: { title: 'Nueva función' } },
  }),
  deleteNotification: endpoint({
    method: 'DELETE',
    path: 'delete_notification/{id}',
    summary: 'Elimina una notificación.',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    params: z.object({ id }),
    reply: z.object({ id: z.number() }),
  }),
  publishNotification: endpoint({
    method: 'POST',
    path: 'publish_notification/{id}',
    summary:
      'Publica una notificación para su audiencia; con send_email también la envía por correo, una sola vez por usuario.',
    area,
    scope: 'global',
    permissions: ['notification.list'],
    params: z.object({ id }),
    body: z.object({ send_email: z.boolean().default(false) }),
    reply: notificationRecord,
    example: { params: { id: 1 }, body: { send_email: false } },
  }),
  listMyNotifications: endpoint({
    method: 'GET',
    path: 'my_notifications',
    summary:
      'Notificaciones publicadas para quien consulta (todos, su empresa o su usuario), con la marca de leída.',
    area,
    scope: 'authenticated',
    permissions: [],
    query: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      unread: z.enum(['true', 'false']).optional(),
    }),
    reply: paginated(myNotification).extend({ unread: z.number() }),
  }),
  markNotificationRead: endpoint({
    method: 'POST',
    path: 'mark_notification_read/{id}',
    summary: 'Marca como leída una notificación publicada para quien consulta.',
    area,
    scope: 'authenticated',
    permissions: [],
    params: z.object({ id }),
    reply: myNotification,
    // A personal read mark, not an administrative change: kept in notification_reads, not the audit log.
    skipAudit: true,
    notTenant: { id: 'el servicio responde 404 si la notificación no va dirigida a quien llama' },
  }),
} as const;
