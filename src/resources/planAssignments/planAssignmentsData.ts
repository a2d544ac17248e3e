import type { GetListParams } from 'react-admin';
import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

const LIST_OPTIONS = listOptionsOf(endpoints.listAssignments);
const TRANSACTION_OPTIONS = listOptionsOf(endpoints.listTransactions);

/** The assignment filters of a list params, as the body of get_packages_assignments and its export. */
export function assignmentFilters(params: GetListParams) {
  const { page: _page, itemsPerPage: _perPage, ...filters } = listQueryInput(params, LIST_OPTIONS);
  return filters as EndpointInput<'exportAssignments'>['body'];
}

/**
 * Packages assigned to companies (SPEC §7.2 Plans: get_packages_assignments, with the details of
 * one in get_packages_assignments_details — the same record plus a consumption summary).
 */
export const planAssignmentsData = {
  getList: {
    endpoint: 'listAssignments',
    toInput: (params) => ({
      body: listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listAssignments'>['body'],
    }),
  },
  getOne: {
    endpoint: 'getAssignmentDetails',
    toInput: ({ id }) => ({ body: { assignment_id: Number(id) } }),
  },
  create: {
    endpoint: 'savePlanAssignment',
    toInput: ({ data }) => ({
      body: {
        company_id: Number(data.company_id),
        plan_id: Number(data.plan_id),
        starts_at: String(data.starts_at ?? ''),
        ...(data.expired_at ? { expired_at: `${String(data.expired_at)}T23:59:59` } : {}),
      },
    }),
  },
} satisfies ResourceDataDeclaration;

/** Unit movements of a package (get_packages_transactions), listed by `assignment_id`. */
export const planTransactionsData = {
  getList: {
    endpoint: 'listTransactions',
    toInput: (params) => ({
      body: listQueryInput(params, TRANSACTION_OPTIONS) as EndpointInput<'listTransactions'>['body'],
    }),
  },
  getManyReference: {
    endpoint: 'listTransactions',
    toInput: (params) => ({
      body: {
        [params.target]: Number(params.id),
        page: params.pagination.page,
        itemsPerPage: params.pagination.perPage,
        ...((TRANSACTION_OPTIONS.sorts as readonly string[]).includes(params.sort.field)
          ? { sort: params.sort.field, order: params.sort.order === 'ASC' ? 'ASC' : 'DESC' }
          : {}),
      } as EndpointInput<'listTransactions'>['body'],
    }),
  },
} satisfies ResourceDataDeclaration;

const EXPORT_FILTERS = ['search', 'company_id', 'plan_id', 'status', 'date_from', 'date_to'] as const;

/** The list's filters as the body of export_packages_assignments (the same filters as the list). */
export function assignmentExportBody(filterValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    EXPORT_FILTERS.flatMap((key) => {
      const value = filterValues[key];
      return value === undefined || value === null || value === '' ? [] : [[key, value]];
    }),
  );
}
