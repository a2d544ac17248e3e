import { z } from 'zod';
import { endpoint } from '../define.js';
import { id } from '../schemas.js';

const area = 'User';

/** Days ahead the dashboard looks for requests about to expire. */
export const DASHBOARD_EXPIRY_DAYS = 7;
/** Months of the trend, this one included. */
export const DASHBOARD_TREND_MONTHS = 12;
/** Rejections the dashboard lists, newest first. */
export const DASHBOARD_REJECTIONS = 5;

/** A day in Bogotá, `AAAA-MM-DD`: what the history's date filters take. */
const day = z.string();

/** Requests created in a period (COT), by their status now. */
export const statusCounts = z.object({
  total: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  rejected: z.number(),
  cancelled: z.number(),
  expired: z.number(),
});

export const dashboardMonth = statusCounts.extend({
  /** `AAAA-MM` in Bogotá. */
  month: z.string(),
  /** First and last day of the month, for the history's filters. */
  from: day,
  to: day,
});

export const dashboardInfo = z.object({
  /** company: the caller's company and its branches; platform: every company (company 1). */
  scope: z.enum(['company', 'platform']),
  /** Today in Bogotá. */
  today: day,
  /** This month so far (the trend's last entry). */
  this_month: dashboardMonth,
  /** The last twelve months, oldest first, this one last. */
  trend: z.array(dashboardMonth),
  /** Requests in progress, and the signatures (signers and approvers) they still wait for. */
  waiting: z.object({ requests: z.number(), signatures: z.number() }),
  /** Requests in progress whose last day to sign falls within the next days. */
  expiring: z.object({
    days: z.number(),
    count: z.number(),
    items: z.array(z.object({ id: z.number(), title: z.string(), expires_at: z.string() })),
  }),
  /** The latest rejections, newest first, with the signer's reason. */
  rejections: z.array(
    z.object({
      request_id: z.number(),
      title: z.string(),
      company_name: z.string(),
      signer_name: z.string(),
      reason: z.string().nullable(),
      rejected_at: z.string(),
    }),
  ),
  /** Packages in force now: units left in those with units, whether one is unlimited, the nearest expiry. */
  plans: z.object({
    active: z.number(),
    units_total: z.number(),
    units_left: z.number(),
    unlimited: z.boolean(),
    nearest_expiry: z.string().nullable(),
  }),
  storage: z.object({ used_bytes: z.number(), capacity_bytes: z.number() }),
});

export const dashboard = {
  getDashboardInfo: endpoint({
    method: 'GET',
    path: 'get_dashboard_info/{id}',
    summary:
      'Cifras del panel del usuario autenticado (su empresa y sucursales; la plataforma para el administrador). Solo el id propio.',
    area,
    scope: 'company',
    permissions: ['dashboard.list'],
    params: z.object({ id }),
    reply: dashboardInfo,
    owns: [{ entity: 'user', from: 'params', field: 'id' }],
  }),
} as const;
