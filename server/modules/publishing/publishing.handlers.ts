import type { HandlersOf } from '../../http/handlers.js';
import {
  createHelpArticle,
  deleteHelpArticle,
  getHelpArticle,
  listFaqArticles,
  listHelpArticles,
  updateHelpArticle,
} from './helpArticles.service.js';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listMyNotifications,
  listNotifications,
  markNotificationRead,
  publishNotification,
  updateNotification,
} from './notifications.service.js';

export const publishingHandlers: HandlersOf<
  | 'listNotifications'
  | 'getNotification'
  | 'createNotification'
  | 'updateNotification'
  | 'deleteNotification'
  | 'publishNotification'
  | 'listMyNotifications'
  | 'markNotificationRead'
  | 'listHelpArticles'
  | 'getHelpArticle'
  | 'createHelpArticle'
  | 'updateHelpArticle'
  | 'deleteHelpArticle'
  | 'listFaqArticles'
> = {
  listNotifications: async ({ deps, body }) => ({ data: await listNotifications(deps, body) }),
  getNotification: async ({ deps, params }) => ({ data: await getNotification(deps, params.id) }),
  createNotification: async ({ deps, actor, body }) => ({
    data: await createNotification(deps, actor, body),
    message: 'Notificación guardada como borrador',
  }),
  updateNotification: async ({ deps, params, body }) => ({
    data: await updateNotification(deps, params.id, body),
    message: 'Notificación actualizada correctamente',
  }),
  deleteNotification: async ({ deps, params }) => ({
    data: await deleteNotification(deps, params.id),
    message: 'Notificación eliminada correctamente',
  }),
  publishNotification: async ({ deps, params, body }) => ({
    data: await publishNotification(deps, { notificationId: params.id, sendEmail: body.send_email }),
    message: body.send_email
      ? 'Notificación publicada; los correos se están enviando'
      : 'Notificación publicada',
  }),
  listMyNotifications: async ({ deps, actor, query }) => ({
    data: await listMyNotifications(deps, actor, query),
  }),
  markNotificationRead: async ({ deps, actor, params }) => ({
    data: await markNotificationRead(deps, actor, params.id),
  }),
  listHelpArticles: async ({ deps, body }) => ({ data: await listHelpArticles(deps, body) }),
  getHelpArticle: async ({ deps, params }) => ({ data: await getHelpArticle(deps, params.id) }),
  createHelpArticle: async ({ deps, actor, body }) => ({
    data: await createHelpArticle(deps, actor, body),
    message: 'Artículo creado correctamente',
  }),
  updateHelpArticle: async ({ deps, params, body }) => ({
    data: await updateHelpArticle(deps, params.id, body),
    message: 'Artículo actualizado correctamente',
  }),
  deleteHelpArticle: async ({ deps, params }) => ({
    data: await deleteHelpArticle(deps, params.id),
    message: 'Artículo eliminado correctamente',
  }),
  listFaqArticles: async ({ deps, query }) => ({ data: await listFaqArticles(deps, query) }),
};
