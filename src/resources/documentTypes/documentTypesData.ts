import type { GetListParams } from 'react-admin';
import { type Endpoints, endpoints, type SortKeyOf, sortKeysOf } from '../../../contract';
import { NO_SEARCH_KEY } from '../../../contract/endpoints/documentTypes';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

const SORTABLE: readonly string[] = sortKeysOf(endpoints.listDocumentTypes);
type TypeSort = SortKeyOf<Endpoints['listDocumentTypes']>;
type TypeStatus = 'active' | 'inactive';

const searchOf = (filter: Record<string, unknown>) => {
  const raw = filter.search ?? filter.q;
  return typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
};
const statusOf = (filter: Record<string, unknown>): TypeStatus | undefined =>
  filter.status === 'active' || filter.status === 'inactive' ? filter.status : undefined;

/**
 * Types are listed per company (`document_types_list/{companyID}/{page}/{itemsPerPage}/{key}`); the
 * search travels in the path, with «-» for none. The list screen always filters by a company.
 */
export function listDocumentTypesInput({
  pagination,
  filter = {},
  sort,
}: GetListParams): EndpointInput<'listDocumentTypes'> {
  const companyId = Number(filter.company_id);
  if (!Number.isInteger(companyId) || companyId <= 0) {
    throw new Error('Seleccione una empresa para ver sus tipos de documento');
  }
  const status = statusOf(filter);
  const sorted = sort && SORTABLE.includes(sort.field);
  return {
    companyID: companyId,
    page: pagination?.page ?? 1,
    itemsPerPage: pagination?.perPage ?? 15,
    key: searchOf(filter) ?? NO_SEARCH_KEY,
    ...(status ? { status } : {}),
    ...(sorted ? { sort: sort.field as TypeSort, order: sort.order } : {}),
  };
}

/** The body of export_document_types: the filters of the list on screen. */
export function exportDocumentTypesBody(filter: Record<string, unknown>) {
  const companyId = Number(filter.company_id);
  const search = searchOf(filter);
  const status = statusOf(filter);
  return {
    ...(Number.isInteger(companyId) && companyId > 0 ? { company_id: companyId } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const fields = (data: Record<string, unknown>) => ({
  name: String(data.name ?? ''),
  code: textOrNull(data.code),
  description: textOrNull(data.description),
  status: data.status === 'inactive' ? ('inactive' as const) : ('active' as const),
});

/** Document types of SPEC §7.2, per company. */
export const documentTypesData = {
  getList: { endpoint: 'listDocumentTypes', toInput: listDocumentTypesInput },
  getOne: { endpoint: 'getDocumentType' },
  create: {
    endpoint: 'addDocumentType',
    toInput: ({ data }) => ({ body: { company_id: Number(data.company_id), ...fields(data) } }),
  },
  update: {
    endpoint: 'updateDocumentType',
    toInput: ({ id, data }) => ({ id: Number(id), body: fields(data) }),
  },
  delete: { endpoint: 'deleteDocumentType' },
} satisfies ResourceDataDeclaration;
