import { z } from 'zod';
import { endpoint } from '../define.js';
import { NOT_TENANT } from '../owners.js';
import { id, itemsPerPage, nonEmpty, page, paginated } from '../schemas.js';

const area = 'Plans';

/** Colombia keeps UTC−5 all year (no daylight saving): dates without a zone are Bogotá's. */
export const BOGOTA_OFFSET = '-05:00';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const ZONED_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const realCalendarDay = (year: string, month: string, day: string) => {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
};

/**
 * A moment as forms send it: `2026-03-01` (start of that day in Bogotá), `2026-03-01T08:30`
 * (Bogotá time, as a datetime-local input gives it) or a full ISO 8601 date-time with its zone.
 */
export const instant = z
  .string()
  .trim()
  .transform((value, context) => {
    const parts = value.match(DATE_ONLY) ?? value.match(LOCAL_DATE_TIME) ?? value.match(ZONED_DATE_TIME);
    const text = DATE_ONLY.test(value)
      ? `${value}T00:00:00${BOGOTA_OFFSET}`
      : LOCAL_DATE_TIME.test(value)
        ? `${value}${value.length === 16 ? ':00' : ''}${BOGOTA_OFFSET}`
        : value;
    const date = new Date(text);
    if (!parts || !realCalendarDay(parts[1]!, parts[2]!, parts[3]!) || Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'Ingrese una fecha válida (AAAA-MM-DD)' });
      return z.NEVER;
    }
    return date;
  });

/**
 * The end of a range, as an exclusive bound: a plain date covers the whole of that day in Bogotá;
 * a date-time covers up to and including that moment.
 */
export const instantUntil = z
  .string()
  .trim()
  .transform((value, context) => {
    const parsed = instant.safeParse(value);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'Ingrese una fecha válida (AAAA-MM-DD)' });
      return z.NEVER;
    }
    return new Date(parsed.data.getTime() + (DATE_ONLY.test(value) ? 86_400_000 : 1));
  });

/** An amount in US dollars with at most 2 decimals (number or string), answered as a string ("49.90"). */
export const usdAmount = z
  .preprocess(
    (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, { message: 'Ingrese un valor en USD con máximo 2 decimales' }),
  )
  .transform((value) => Number(value).toFixed(2));

export const planStatus = z.enum(['active', 'inactive']);
/** scheduled: starts later; active: between its start and `expired_at`; expired: after it. */
export const assignmentStatus = z.enum(['scheduled', 'active', 'expired']);
export const transactionKind = z.enum(['consumption', 'credit', 'adjustment']);

export const planRecord = z.object({
  id: z.number(),
  name: z.string(),
  /** Signatures included; null: unlimited. */
  signatures: z.number().nullable(),
  unlimited: z.boolean(),
  price_usd: z.string(),
  validity_days: z.number(),
  status: planStatus,
  assignments_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

const planFields = z.object({
  name: nonEmpty(120),
  /** Null (or absent) means unlimited. */
  signatures: z.number().int().min(1).max(100_000_000).nullable().optional(),
  price_usd: usdAmount,
  validity_days: z.number().int().min(1).max(3650),
  status: planStatus,
});

export const assignmentRecord = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  plan_id: z.number(),
  plan_name: z.string(),
  starts_at: z.string(),
  expired_at: z.string(),
  /** Null: unlimited. */
  units_total: z.number().nullable(),
  units_used: z.number(),
  units_remaining: z.number().nullable(),
  unlimited: z.boolean(),
  status: assignmentStatus,
  created_at: z.string(),
});

export const assignmentDetails = assignmentRecord.extend({
  summary: z.object({
    credited_units: z.number(),
    consumed_units: z.number(),
    adjusted_units: z.number(),
    transactions: z.number(),
    last_consumption_at: z.string().nullable(),
  }),
});

export const transactionRecord = z.object({
  id: z.number(),
  assignment_id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  plan_name: z.string(),
  units: z.number(),
  kind: transactionKind,
  reference: z.string().nullable(),
  created_at: z.string(),
});

const order = z.enum(['ASC', 'DESC']).optional();

const assignmentFilters = z.object({
  company_id: id.optional(),
  plan_id: id.optional(),
  status: assignmentStatus.optional(),
  /** Assignments starting on or after this moment (a plain date: that day in Bogotá). */
  date_from: instant.optional(),
  /** Assignments starting on or before this moment (a plain date: the whole of that day). */
  date_to: instantUntil.optional(),
  /** Company fiscal name or plan name. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['id', 'starts_at', 'expired_at', 'company_name', 'plan_name', 'units_used']).optional(),
  order,
});

export const plans = {
  listPlans: endpoint({
    method: 'GET',
    path: 'get_packages_plans',
    summary: 'Catálogo de planes (paquetes de firmas), con búsqueda por nombre, filtro de estado y orden.',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    query: z.object({
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(100),
      search: z.string().trim().max(200).optional(),
      status: planStatus.optional(),
      sort: z.enum(['id', 'name', 'price_usd', 'validity_days', 'signatures', 'created_at']).optional(),
      order,
    }),
    reply: paginated(planRecord),
  }),
  getPlan: endpoint({
    method: 'GET',
    path: 'get_package_plan/{id}',
    summary: 'Un plan del catálogo.',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    params: z.object({ id }),
    reply: planRecord,
  }),
  createPlan: endpoint({
    method: 'POST',
    path: 'save_package_plan',
    summary: 'Crea un plan: número de firmas (o ilimitado), precio en USD y vigencia en días.',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    body: planFields.extend({ status: planStatus.default('active') }),
    reply: planRecord,
    example: { body: { name: 'Plan 100', signatures: 100, price_usd: '49.90', validity_days: 365 } },
  }),
  updatePlan: endpoint({
    method: 'PUT',
    path: 'update_package_plan/{id}',
    summary: 'Modifica un plan; los paquetes ya asignados conservan sus unidades y fechas.',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    params: z.object({ id }),
    body: planFields.partial(),
    reply: planRecord,
    example: { params: { id: 1 }, body: { name: 'Plan 100' } },
  }),
  deletePlan: endpoint({
    method: 'DELETE',
    path: 'delete_package_plan/{id}',
    summary: 'Elimina un plan que nunca se asignó (uno asignado se desactiva en su lugar).',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    params: z.object({ id }),
    reply: z.object({ id: z.number() }),
  }),
  listCompanyPlans: endpoint({
    method: 'GET',
    path: 'get_packages_plans_by_company/{company_id}',
    summary:
      'Paquetes de una empresa visible para quien consulta: plan, unidades totales/usadas/restantes, vigencia y estado.',
    area,
    // Any user of the company may see its own packages (remaining signatures matter to whoever sends).
    scope: 'company',
    permissions: [],
    params: z.object({ company_id: id }),
    query: z.object({ status: assignmentStatus.optional() }),
    reply: paginated(assignmentRecord),
    owns: [{ entity: 'company', from: 'params', field: 'company_id' }],
  }),
  listAssignments: endpoint({
    method: 'POST',
    path: 'get_packages_assignments',
    summary:
      'Historial de paquetes asignados, paginado, con filtros por empresa, plan, estado y rango de fechas de inicio.',
    area,
    scope: 'company',
    permissions: ['packages_plans.list'],
    body: assignmentFilters.extend({ page: page.default(1), itemsPerPage: itemsPerPage.default(15) }),
    reply: paginated(assignmentRecord),
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: {} },
    skipAudit: true,
    notTenant: { plan_id: NOT_TENANT.plan },
  }),
  exportAssignments: endpoint({
    method: 'POST',
    path: 'export_packages_assignments',
    summary: 'Exporta a Excel todos los paquetes asignados que cumplen los filtros.',
    area,
    scope: 'company',
    permissions: ['packages_plans.list'],
    body: assignmentFilters,
    reply: z.unknown(),
    produces: 'xlsx',
    owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
    example: { body: {} },
    skipAudit: true,
    notTenant: { plan_id: NOT_TENANT.plan },
  }),
  getAssignmentDetails: endpoint({
    method: 'POST',
    path: 'get_packages_assignments_details',
    summary: 'Detalle de un paquete asignado con el resumen de su consumo.',
    area,
    scope: 'company',
    permissions: ['packages_plans.list'],
    body: z.object({ assignment_id: id }),
    reply: assignmentDetails,
    owns: [{ entity: 'planAssignment', from: 'body', field: 'assignment_id' }],
    example: { body: { assignment_id: 1 } },
    skipAudit: true,
  }),
  listTransactions: endpoint({
    method: 'POST',
    path: 'get_packages_transactions',
    summary:
      'Movimientos de unidades (créditos, consumos, ajustes) de un paquete o de una empresa, paginados.',
    area,
    scope: 'company',
    permissions: ['packages_plans.list'],
    body: z.object({
      assignment_id: id.optional(),
      company_id: id.optional(),
      kind: transactionKind.optional(),
      page: page.default(1),
      itemsPerPage: itemsPerPage.default(15),
      sort: z.enum(['id', 'created_at', 'units']).optional(),
      order,
    }),
    reply: paginated(transactionRecord),
    owns: [
      { entity: 'planAssignment', from: 'body', field: 'assignment_id' },
      { entity: 'company', from: 'body', field: 'company_id' },
    ],
    example: { body: {} },
    skipAudit: true,
  }),
  savePlanAssignment: endpoint({
    method: 'POST',
    path: 'save_package_plan_assignment',
    summary:
      'Asigna un plan a una empresa desde una fecha; vence a los días de vigencia del plan salvo que se indique expired_at.',
    area,
    scope: 'global',
    permissions: ['packages_plans.list'],
    body: z.object({
      company_id: id,
      plan_id: id,
      starts_at: instant,
      expired_at: instant.optional(),
    }),
    reply: assignmentRecord,
    example: { body: { company_id: 1, plan_id: 1, starts_at: '2026-01-01' } },
  }),
} as const;
