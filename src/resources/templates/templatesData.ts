import type { GetListParams } from 'react-admin';
import { endpoints, sortKeysOf } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

const SORTABLE = sortKeysOf(endpoints.listTemplates);
type TemplateSort = (typeof SORTABLE)[number];

/** The body of `POST templates`: page, search, status and type filters, sort. */
export function listTemplatesInput({
  pagination,
  filter = {},
  sort,
}: GetListParams): EndpointInput<'listTemplates'> {
  const search = typeof filter.search === 'string' && filter.search.trim() ? filter.search.trim() : undefined;
  const status = filter.status === 'active' || filter.status === 'inactive' ? filter.status : undefined;
  const typeId = Number(filter.document_type_id);
  const sorted = sort && (SORTABLE as readonly string[]).includes(sort.field);
  return {
    body: {
      page: pagination?.page ?? 1,
      itemsPerPage: pagination?.perPage ?? 15,
      ...(search ? { search } : {}),
      ...(status ? { status } : {}),
      ...(Number.isInteger(typeId) && typeId > 0 ? { document_type_id: typeId } : {}),
      ...(sorted ? { sort: sort.field as TemplateSort, order: sort.order } : {}),
    },
  };
}

/** Templates of SPEC §7.2: listed and deleted here; created and saved on the editor page. */
export const templatesData = {
  getList: { endpoint: 'listTemplates', toInput: listTemplatesInput },
  getOne: { endpoint: 'getTemplate' },
  delete: { endpoint: 'deleteTemplate' },
} satisfies ResourceDataDeclaration;
