import type { GetListParams } from 'react-admin';
import { type Endpoints, endpoints, type SortKeyOf, sortKeysOf } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

const SORTABLE: readonly string[] = sortKeysOf(endpoints.listGroups);
type GroupSort = SortKeyOf<Endpoints['listGroups']>;

/**
 * Groups are listed per company (`groups/{page}/{itemsPerPage}/{company_id}`): the list screen always
 * filters by a company (by default the user's own), so a missing one is a programming error.
 */
export function listGroupsInput({
  pagination,
  filter = {},
  sort,
}: GetListParams): EndpointInput<'listGroups'> {
  const companyId = Number(filter.company_id);
  if (!Number.isInteger(companyId) || companyId <= 0) {
    throw new Error('Seleccione una empresa para ver sus grupos');
  }
  const raw = filter.search ?? filter.q;
  const search = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
  const sorted = sort && SORTABLE.includes(sort.field);
  return {
    page: pagination?.page ?? 1,
    itemsPerPage: pagination?.perPage ?? 15,
    company_id: companyId,
    ...(search ? { search } : {}),
    ...(sorted ? { sort: sort.field as GroupSort, order: sort.order } : {}),
  };
}

const userIdsOf = (value: unknown): number[] =>
  Array.isArray(value) ? [...new Set(value.map(Number).filter((id) => Number.isInteger(id) && id > 0))] : [];

const descriptionOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** User groups of SPEC §7.2: members are users of the group's company (groups/users/{company_id}). */
export const userGroupsData = {
  getList: { endpoint: 'listGroups', toInput: listGroupsInput },
  getOne: { endpoint: 'getGroup' },
  create: {
    endpoint: 'createGroup',
    toInput: ({ data }) => ({
      body: {
        company_id: Number(data.company_id),
        name: String(data.name ?? ''),
        description: descriptionOf(data.description),
        user_ids: userIdsOf(data.user_ids),
      },
    }),
  },
  // The company of a group does not change; the member list sent replaces the previous one.
  update: {
    endpoint: 'updateGroup',
    toInput: ({ id, data }) => ({
      id: Number(id),
      body: {
        name: String(data.name ?? ''),
        description: descriptionOf(data.description),
        user_ids: userIdsOf(data.user_ids),
      },
    }),
  },
  delete: { endpoint: 'deleteGroup' },
} satisfies ResourceDataDeclaration;
