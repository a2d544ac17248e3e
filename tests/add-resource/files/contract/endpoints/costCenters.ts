import { z } from 'zod';
import { companyRecord, crudEndpoints } from '../crud.js';
import { ownedTable } from '../owners.js';
import { money, nonEmpty, referenceTo } from '../schemas.js';

const sample = { name: 'Ajeno', code: 'AJENO' };
export const ownedTables = {
  costCenter: ownedTable({ table: 'cost_centers', owner: 'company_id', softDelete: 'deleted_at', sample }),
};

const status = z.enum(['active', 'inactive']);
const extra = { active: z.boolean(), budget: z.number().nullable(), manager_user_id: z.number().nullable() };
export const costCenterRecord = companyRecord({ name: z.string(), code: z.string(), status, ...extra });
const optional = {
  active: z.boolean().optional(),
  budget: money().nullable().optional(),
  manager_user_id: referenceTo('users', 'user').nullable().optional(),
};
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{1,20}$/, { message: 'Use hasta 20 letras, números o guiones, sin espacios' });

export const costCenterNames = {
  list: 'listCostCenters',
  get: 'getCostCenter',
  create: 'addCostCenter',
  update: 'updateCostCenter',
  delete: 'deleteCostCenter',
} as const;
export const costCenters = crudEndpoints({
  names: costCenterNames,
  base: 'cost_centers',
  area: 'Cost centers',
  plural: 'centros de costo',
  permissions: ['configuration.list', 'document_type.list'],
  entity: 'costCenter',
  record: costCenterRecord,
  body: { name: nonEmpty(120), code, status: status.default('active'), ...optional },
  filters: { status: status.optional(), active: z.stringbool().optional() },
  sort: ['name', 'code', 'status', 'created_at'],
  createExample: { company_id: 1, name: 'Ventas', code: 'VEN' },
});
