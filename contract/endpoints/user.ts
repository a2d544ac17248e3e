import { z } from 'zod';
import { endpoint } from '../define.js';
import { authenticatedUser, id } from '../schemas.js';

const area = 'User';

export const user = {
  getUser: endpoint({
    method: 'GET',
    path: 'get_users/{id}',
    summary: 'Devuelve el usuario autenticado o un usuario visible para quien consulta.',
    area,
    scope: 'company',
    permissions: [],
    params: z.object({ id }),
    reply: authenticatedUser,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
  }),
  logout: endpoint({
    method: 'POST',
    path: 'logout',
    summary: 'Cierra la sesión: el token deja de funcionar.',
    area,
    scope: 'authenticated',
    permissions: [],
    reply: z.object({}),
    skipAudit: true,
  }),
} as const;
