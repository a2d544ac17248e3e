import { z } from 'zod';
import { endpoint } from '../define.js';
import { companyStatus, id, itemsPerPage, page, paginated } from '../schemas.js';

const area = 'Company';

/** A company or branch as lists show it. */
export const companyListItem = z.object({
  id: z.number(),
  fiscal_name: z.string(),
  tax_id: z.string(),
  parent_id: z.number().nullable(),
  status: companyStatus,
  created_at: z.string(),
});

export const company = {
  listCompanies: endpoint({
    method: 'POST',
    path: 'company_list/{page}/{itemsPerPage}/{roleID}/{companyID}',
    summary:
      'Empresas visibles para quien consulta (todas para el administrador; la propia y sus sucursales para una empresa).',
    area,
    scope: 'company',
    permissions: ['company.list'],
    params: z.object({ page, itemsPerPage, roleID: id, companyID: id }),
    body: z.object({
      search: z.string().trim().max(200).optional(),
      status: companyStatus.optional(),
      sort: z.enum(['id', 'fiscal_name', 'tax_id', 'created_at']).optional(),
      order: z.enum(['ASC', 'DESC']).optional(),
    }),
    reply: paginated(companyListItem),
    owns: [{ entity: 'company', from: 'params', field: 'companyID' }],
    example: { params: { page: 1, itemsPerPage: 15, roleID: 20, companyID: 1 }, body: {} },
    skipAudit: true,
  }),
} as const;
