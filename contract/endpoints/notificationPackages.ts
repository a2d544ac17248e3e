import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, supportContacts } from '../schemas.js';

const area = 'Notification packages';

const packageNotifications = z.object({
  notifications: z.array(z.object({ id: z.string(), message: z.string() })),
  support: supportContacts,
});

const check = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    area,
    scope: 'company',
    permissions: [],
    body: z.object({ user_id: id }),
    reply: packageNotifications,
    owns: [{ entity: 'user', from: 'body', field: 'user_id' }],
    example: { body: { user_id: 1 } },
    skipAudit: true,
  });

export const notificationPackages = {
  checkPackages: check(
    'check_packages',
    'Paquetes de firmas de la empresa del usuario que vencen pronto (por defecto en 15 días).',
  ),
  checkExpiredPackages: check(
    'check_expired_packages',
    'Paquetes de firmas de la empresa del usuario ya vencidos.',
  ),
} as const;
