import type { GetListParams } from 'react-admin';
import { endpoints, PLATFORM_COMPANY_ID, sortKeysOf } from '../../../contract';
import { createSessionStore } from '../../authProvider/session';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

/** Columns company_list sorts by (its contract's); any other keeps the server's order. */
const SORTABLE = sortKeysOf(endpoints.listCompanies);
type CompanySort = (typeof SORTABLE)[number];
const isCompanySort = (field: string | undefined): field is CompanySort =>
  (SORTABLE as readonly (string | undefined)[]).includes(field);

/** Drops undefined keys, so the JSON body carries only the filters in use. */
const defined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

const positive = (value: unknown) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((item) => item === value);

/** The list's filters as company_list and export_companies read them; empty values are left out. */
export function companyFilters(filter: Record<string, unknown> = {}) {
  const raw = filter.search ?? filter.q;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const status = oneOf(filter.status, ['active', 'inactive'] as const);
  const kind = oneOf(filter.kind, ['company', 'branch'] as const);
  return defined({
    search: text || undefined,
    status,
    kind,
    parent_id: positive(filter.parent_id),
    department_id: positive(filter.department_id),
  });
}

/**
 * `{roleID}/{companyID}` of company_list: the signed-in user's, as the SPEC path names them. The
 * server decides what is visible from the session, so these only label the request.
 */
function actorPath(): { roleID: number; companyID: number } {
  const user = createSessionStore().getUser();
  return { roleID: user?.role_id ?? 1, companyID: user?.company_id ?? PLATFORM_COMPANY_ID };
}

export function listCompaniesInput({
  pagination,
  filter,
  sort,
}: GetListParams): EndpointInput<'listCompanies'> {
  return {
    page: pagination?.page ?? 1,
    itemsPerPage: pagination?.perPage ?? 15,
    ...actorPath(),
    body: defined({
      ...companyFilters(filter),
      sort: isCompanySort(sort?.field) ? sort.field : undefined,
      order: isCompanySort(sort?.field) ? sort.order : undefined,
    }),
  };
}

/** Absent stays absent (kept), empty clears (null), anything else is trimmed text. */
const text = (value: unknown) => {
  if (value === undefined) return undefined;
  const trimmed = value === null ? '' : String(value).trim();
  return trimmed === '' ? null : trimmed;
};
const optionalNumber = (value: unknown) =>
  value === undefined ? undefined : value === '' || value === null ? null : Number(value);

/** The body add_company takes; update_company and the branch endpoints take parts of it. */
export type CompanyBody = EndpointInput<'addCompany'>['body'];

/** What the company form edits, as add_company / update_company read it (the key apart). */
export function companyBody(data: Record<string, unknown>): CompanyBody {
  return defined({
    fiscal_name: typeof data.fiscal_name === 'string' ? data.fiscal_name.trim() : undefined,
    tax_id: typeof data.tax_id === 'string' && data.tax_id.trim() ? data.tax_id.trim() : undefined,
    status: oneOf(data.status, ['active', 'inactive'] as const),
    storage_capacity_gb:
      data.storage_capacity_gb === undefined || data.storage_capacity_gb === ''
        ? undefined
        : Number(data.storage_capacity_gb),
    support_phone: text(data.support_phone),
    support_whatsapp: text(data.support_whatsapp),
    support_email: text(data.support_email),
    country_code: 'CO' as const,
    department_id: optionalNumber(data.department_id),
    city_id: optionalNumber(data.city_id),
    postal_code: text(data.postal_code),
    address: text(data.address),
    logo: data.logo === null || (data.logo && typeof data.logo === 'object') ? data.logo : undefined,
  }) as CompanyBody;
}

/** companies: company_list, get_company, add_company, update_company, delete_company. */
export const companiesData = {
  getList: { endpoint: 'listCompanies', toInput: listCompaniesInput },
  getOne: { endpoint: 'getCompany', toInput: ({ id }) => ({ companyId: Number(id) }) },
  create: {
    endpoint: 'addCompany',
    toInput: ({ data }) => ({ body: companyBody(data) }),
  },
  update: {
    endpoint: 'updateCompany',
    toInput: ({ id, data }) => ({ id: Number(id), body: companyBody(data) }),
  },
  delete: { endpoint: 'deleteCompany', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;

/** company_branches: add_company_branch and update_company_branch (listed through companies). */
export const branchesData = {
  getOne: { endpoint: 'getCompany', toInput: ({ id }) => ({ companyId: Number(id) }) },
  create: {
    endpoint: 'addBranch',
    toInput: ({ data }) => ({
      body: { ...companyBody(data), parent_id: Number(data.parent_id) } as EndpointInput<'addBranch'>['body'],
    }),
  },
  update: {
    endpoint: 'updateBranch',
    toInput: ({ id, data }) => ({ id: Number(id), body: companyBody(data) }),
  },
} satisfies ResourceDataDeclaration;

/** The body of export_companies: the same filters as the list on screen. */
export const exportCompaniesBody = (filter: Record<string, unknown>) => companyFilters(filter);
