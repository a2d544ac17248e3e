import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import type { HandlersOf } from '../../http/handlers.js';
import {
  type AssignmentRecord,
  assignmentBatchFetcher,
  getAssignmentDetails,
  listAssignments,
  listCompanyAssignments,
  listTransactions,
  savePlanAssignment,
} from './assignments.service.js';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service.js';

const STATUS_LABEL = { scheduled: 'Programado', active: 'Vigente', expired: 'Vencido' } as const;

const ASSIGNMENT_COLUMNS: readonly ExportColumn<AssignmentRecord>[] = [
  { header: 'ID', width: 8, value: (row) => row.id },
  { header: 'Empresa', width: 36, value: (row) => row.company_name },
  { header: 'Plan', width: 28, value: (row) => row.plan_name },
  { header: 'Inicio', width: 22, value: (row) => new Date(row.starts_at) },
  { header: 'Vencimiento', width: 22, value: (row) => new Date(row.expired_at) },
  { header: 'Unidades', width: 12, value: (row) => row.units_total ?? 'Ilimitado' },
  { header: 'Usadas', width: 12, value: (row) => row.units_used },
  { header: 'Disponibles', width: 12, value: (row) => row.units_remaining ?? 'Ilimitado' },
  { header: 'Estado', width: 12, value: (row) => STATUS_LABEL[row.status] },
];

export const plansHandlers: HandlersOf<
  | 'listPlans'
  | 'getPlan'
  | 'createPlan'
  | 'updatePlan'
  | 'deletePlan'
  | 'listCompanyPlans'
  | 'listAssignments'
  | 'exportAssignments'
  | 'getAssignmentDetails'
  | 'listTransactions'
  | 'savePlanAssignment'
> = {
  listPlans: async ({ deps, query }) => ({ data: await listPlans(deps, query) }),
  getPlan: async ({ deps, params }) => ({ data: await getPlan(deps, params.id) }),
  createPlan: async ({ deps, body }) => ({
    data: await createPlan(deps, body),
    message: 'Plan creado correctamente',
  }),
  updatePlan: async ({ deps, params, body }) => ({
    data: await updatePlan(deps, params.id, body),
    message: 'Plan actualizado correctamente',
  }),
  deletePlan: async ({ deps, params }) => ({
    data: await deletePlan(deps, params.id),
    message: 'Plan eliminado correctamente',
  }),
  listCompanyPlans: async ({ deps, params, query }) => ({
    data: await listCompanyAssignments(deps, { companyId: params.company_id, status: query.status }),
  }),
  listAssignments: async ({ deps, actor, body }) => ({ data: await listAssignments(deps, actor, body) }),
  exportAssignments: async ({ deps, actor, body }) => ({
    file: {
      filename: 'paquetes.xlsx',
      stream: streamXlsx({
        sheetName: 'Paquetes',
        columns: ASSIGNMENT_COLUMNS,
        batches: keysetBatches(assignmentBatchFetcher(deps, actor, body)),
        onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de paquetes'),
      }),
    },
  }),
  getAssignmentDetails: async ({ deps, body }) => ({
    data: await getAssignmentDetails(deps, body.assignment_id),
  }),
  listTransactions: async ({ deps, actor, body }) => ({ data: await listTransactions(deps, actor, body) }),
  savePlanAssignment: async ({ deps, actor, body }) => ({
    data: await savePlanAssignment(deps, actor, body),
    message: 'Paquete asignado correctamente',
  }),
};
