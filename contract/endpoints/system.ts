import { z } from 'zod';
import { endpoint } from '../define.js';

export const system = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    summary: 'Estado del servicio: tipo de base de datos, versión de migraciones y tiempo activo.',
    area: 'Sistema',
    scope: 'public',
    permissions: [],
    reply: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgresql']),
      migration: z.object({ applied: z.number(), latest: z.string().nullable() }),
      uptimeSeconds: z.number(),
    }),
  }),
} as const;
