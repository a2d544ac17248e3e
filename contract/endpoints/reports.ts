import { z } from 'zod';
import { endpoint } from '../define.js';
import { requestStatus } from '../requestHistoryRecords.js';
import { id, itemsPerPage, page, paginated } from '../schemas.js';

const area = 'Reports';

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use el formato AAAA-MM-DD' });

/**
 * The contract history (SPEC §7.2 Reports): every signature request with its company, branch,
 * document group, creator, signers, status, dates and the plan units it consumed (one per signer
 * or approver; copy recipients cost nothing).
 */
export const contractHistoryRow = z.object({
  id: z.number(),
  title: z.string(),
  /** The request's company: a branch (sucursal) or a top-level company. */
  company_id: z.number(),
  /** The top-level company (the branch's parent, or the company itself). */
  company_name: z.string(),
  /** The branch's name when the request belongs to a branch. */
  branch_name: z.string().nullable(),
  package_id: z.number().nullable(),
  package_name: z.string().nullable(),
  created_by: z.number().nullable(),
  creator_name: z.string().nullable(),
  status: requestStatus,
  signer_count: z.number(),
  signed_count: z.number(),
  /** «Ana Pérez (Firmó); Luis Gómez (Invitado)», in signing order. */
  signers: z.string(),
  units: z.number(),
  created_at: z.string(),
  /** When the invitations went out (requests are sent as they are created). */
  sent_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string(),
});

/** Figures of every request matching the filters, not only of the page. */
export const contractHistoryTotals = z.object({
  requests: z.number(),
  units: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  rejected: z.number(),
  cancelled: z.number(),
  expired: z.number(),
});

export const CONTRACT_HISTORY_SORTS = [
  'created_at',
  'completed_at',
  'expires_at',
  'status',
  'title',
] as const;

const filters = {
  /** Created on or after this day (COT). */
  date_from: day.optional(),
  /** Created on or before this day (COT). */
  date_to: day.optional(),
  status: requestStatus.optional(),
  /** A branch (or the company itself): requests of exactly that company. */
  branch_id: id.optional(),
  package_id: id.optional(),
  created_by: id.optional(),
};
/** The platform's report also filters by top-level company (its branches included). */
const companyFilters = { ...filters, company_id: id.optional() };

const paging = {
  page: page.default(1),
  itemsPerPage: itemsPerPage.default(15),
  sort: z.enum(CONTRACT_HISTORY_SORTS).default('created_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
};

const owns = [
  { entity: 'company', from: 'body', field: 'branch_id' },
  { entity: 'documentPackage', from: 'body', field: 'package_id' },
  { entity: 'user', from: 'body', field: 'created_by' },
] as const;
const ownsWithCompany = [...owns, { entity: 'company', from: 'body', field: 'company_id' }] as const;

const reply = paginated(contractHistoryRow).extend({ totals: contractHistoryTotals });

export const reports = {
  contractHistoryReport: endpoint({
    method: 'POST',
    path: 'contract_history_report',
    summary:
      'Historial de contratos de la empresa y sus sucursales: solicitudes con firmantes, estado, fechas y unidades consumidas, filtrado y paginado, con totales.',
    area,
    scope: 'company',
    permissions: ['report.list'],
    body: z.object({ ...filters, ...paging }),
    reply,
    owns,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  contractHistoryReportCompanies: endpoint({
    method: 'POST',
    path: 'contract_history_report_companies',
    summary:
      'Historial de contratos de todas las empresas (plataforma), con filtro por empresa, filtrado y paginado, con totales.',
    area,
    scope: 'global',
    permissions: ['report_companies.list'],
    body: z.object({ ...companyFilters, ...paging }),
    reply,
    owns: ownsWithCompany,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  exportContractHistoryReport: endpoint({
    method: 'POST',
    path: 'export_contract_history_report',
    summary:
      'Descarga en .xlsx el historial de contratos filtrado de la empresa, generado mientras se descarga.',
    area,
    scope: 'company',
    permissions: ['report.list'],
    body: z.object(filters),
    reply: z.unknown(),
    produces: 'xlsx',
    owns,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
  exportContractHistoryReportCompanies: endpoint({
    method: 'POST',
    path: 'export_contract_history_report_companies',
    summary: 'Descarga en .xlsx el historial de contratos filtrado de todas las empresas (plataforma).',
    area,
    scope: 'global',
    permissions: ['report_companies.list'],
    body: z.object(companyFilters),
    reply: z.unknown(),
    produces: 'xlsx',
    owns: ownsWithCompany,
    readOnly: true,
    skipAudit: true,
    example: { body: {} },
  }),
};
