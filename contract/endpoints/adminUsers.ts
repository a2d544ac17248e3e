import { z } from 'zod';
import { endpoint } from '../define.js';
import { id, itemsPerPage, page, paginated, userStatus } from '../schemas.js';

const area = 'Admin users';

export const role = z.object({ id: z.number(), name: z.string(), permissions: z.array(z.string()) });

/** A user as lists show it. */
export const userListItem = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  role_id: z.number(),
  role_name: z.string(),
  company_id: z.number(),
  status: userStatus,
});

export const adminUsers = {
  listCompanyUsers: endpoint({
    method: 'GET',
    path: 'users/get_users/{company_id}',
    summary: 'Usuarios de una empresa (para elegir a quién suplantar, asignar, etc.).',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: z.object({ company_id: id }),
    reply: z.array(userListItem),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
  }),
  startImpersonation: endpoint({
    method: 'POST',
    path: 'users/start_impersonation/{companyId}',
    summary:
      'El administrador actúa como un usuario de la empresa indicada; devuelve un token marcado isImpersonating.',
    area,
    scope: 'global',
    permissions: ['impersonate.user'],
    params: z.object({ companyId: id }),
    body: z.object({ user_id: id }),
    reply: z.object({ token: z.string(), id: z.number() }),
    owns: [
      { entity: 'company', from: 'params', field: 'companyId' },
      { entity: 'user', from: 'body', field: 'user_id' },
    ],
    example: { params: { companyId: 1 }, body: { user_id: 1 } },
    refuseWhileImpersonating: true,
    // The service audits it with the administrator as actor and the target as effective user.
    skipAudit: true,
  }),
  listRoles: endpoint({
    method: 'GET',
    path: 'roles/{page}/{itemsPerPage}',
    summary: 'Lista los roles que se pueden asignar a los usuarios.',
    area,
    scope: 'company',
    permissions: ['user.list'],
    params: z.object({ page, itemsPerPage }),
    reply: paginated(role),
  }),
} as const;
