import type { HandlersOf } from '../../http/handlers.js';
import { checkPackageNotifications } from './packageNotifications.service.js';

export const notificationsHandlers: HandlersOf<'checkPackages' | 'checkExpiredPackages'> = {
  checkPackages: async ({ deps, body }) => ({
    data: await checkPackageNotifications(deps, { userId: body.user_id, kind: 'expiring' }),
  }),
  checkExpiredPackages: async ({ deps, body }) => ({
    data: await checkPackageNotifications(deps, { userId: body.user_id, kind: 'expired' }),
  }),
};
