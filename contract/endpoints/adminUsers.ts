import { z } from 'zod';
import { endpoint } from '../define.js';
import { itemsPerPage, page, paginated } from '../schemas.js';

const area = 'Admin users';

export const role = z.object({ id: z.number(), name: z.string(), permissions: z.array(z.string()) });

export const adminUsers = {
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
