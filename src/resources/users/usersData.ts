import type { GetListParams } from 'react-admin';
import { endpoints, sortKeysOf } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

/** Columns the API sorts users by (contract `listUsers`); any other column keeps the default order. */
const SORTABLE = new Set(sortKeysOf(endpoints.listUsers));
type UserSort = typeof SORTABLE extends Set<infer T> ? T : never;
const isUserSort = (field: string | undefined): field is UserSort =>
  field !== undefined && SORTABLE.has(field as UserSort);

type UserStatus = 'active' | 'inactive' | 'locked';
const STATUSES: readonly string[] = ['active', 'inactive', 'locked'];

/** The list's filters as the API reads them: `search` (or `q`) is the search box; empty values are left out. */
export function userFilters(filter: Record<string, unknown> = {}) {
  const raw = filter.search ?? filter.q;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const positive = (value: unknown) => {
    const number = Number(value);
    return Number.isInteger(number) && number > 0 ? number : undefined;
  };
  return {
    search: text || undefined,
    company_id: positive(filter.company_id),
    role_id: positive(filter.role_id),
    status: STATUSES.includes(String(filter.status)) ? (filter.status as UserStatus) : undefined,
  };
}

/** Drops undefined keys, so the JSON body carries only the filters in use. */
const defined = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

export function listUsersInput({ pagination, filter, sort }: GetListParams): EndpointInput<'listUsers'> {
  return {
    body: defined({
      page: pagination?.page ?? 1,
      itemsPerPage: pagination?.perPage ?? 15,
      ...userFilters(filter),
      sort: isUserSort(sort?.field) ? sort.field : undefined,
      order: isUserSort(sort?.field) ? sort.order : undefined,
    }),
  };
}

/** The body of export_users: the same filters as the list on screen. */
export const exportUsersBody = (filter: Record<string, unknown>) => defined(userFilters(filter));

/** What the user form edits; the rest of the record (names, dates, invitation) is read-only. */
export function userBody(data: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? null : String(value));
  return {
    name: String(data.name ?? ''),
    last_name: String(data.last_name ?? ''),
    email: String(data.email ?? ''),
    phone: text(data.phone),
    id_type: text(data.id_type),
    id_number: text(data.id_number),
    role_id: Number(data.role_id),
    company_id: Number(data.company_id),
    // A locked user keeps its state: unlocking is an action of its own.
    status:
      data.status === 'active' || data.status === 'inactive'
        ? (data.status as 'active' | 'inactive')
        : undefined,
  };
}

/**
 * Users (SPEC §7.2 admin users): listed and exported with the same filters; saveUser creates (no id,
 * the person gets an invitation e-mail) and updates (with id).
 */
export const usersData = {
  getList: { endpoint: 'listUsers', toInput: listUsersInput },
  getOne: { endpoint: 'getUserRecord' },
  create: { endpoint: 'saveUser', toInput: ({ data }) => ({ body: userBody(data) }) },
  update: {
    endpoint: 'saveUser',
    toInput: ({ id, data }) => ({ body: { ...userBody(data), id: Number(id) } }),
  },
  delete: { endpoint: 'deleteUser' },
} satisfies ResourceDataDeclaration;
