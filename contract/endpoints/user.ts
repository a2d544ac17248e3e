import { z } from 'zod';
import { endpoint } from '../define.js';
import { authenticatedUser, id } from '../schemas.js';
import { personFields, userRecord } from './adminUsers.js';

const area = 'User';

export const user = {
  getUser: endpoint({
    method: 'GET',
    path: 'get_users/{id}',
    summary:
      'Devuelve el usuario autenticado; otro usuario de su empresa o sucursales solo con el permiso user.list.',
    area,
    scope: 'company',
    permissions: [],
    params: z.object({ id }),
    reply: authenticatedUser,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
    selfOr: { param: 'id', permissions: ['user.list'] },
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
  updateUser: endpoint({
    method: 'PUT',
    path: 'update_user/{id}',
    summary:
      'Actualiza los datos personales de un usuario: cualquiera los propios (perfil); los de otro requieren user.list.',
    area,
    scope: 'authenticated',
    permissions: [],
    params: z.object({ id }),
    selfOr: { param: 'id', permissions: ['user.list'] },
    body: z.object({
      name: personFields.name.optional(),
      last_name: personFields.last_name.optional(),
      phone: personFields.phone,
      id_type: personFields.id_type,
      id_number: personFields.id_number,
    }),
    reply: userRecord,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
    example: { params: { id: 1 }, body: {} },
  }),
} as const;
