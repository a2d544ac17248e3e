import { z } from 'zod';
import { endpoint } from '../define.js';
import { id } from '../schemas.js';

const area = 'Statistics';

export const statistics = {
  getCompanyStatistics: endpoint({
    method: 'POST',
    path: 'get_company_statistics',
    summary: 'Almacenamiento usado y total de una empresa, en GB (cadenas numéricas).',
    area,
    scope: 'company',
    permissions: [],
    body: z.object({ company_id: id }),
    reply: z.object({ storage_used: z.string(), storage_capacity: z.string() }),
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: { company_id: 1 } },
    skipAudit: true,
  }),
} as const;
