import type { GetListParams } from 'react-admin';
import { type Endpoints, endpoints, type SortKeyOf, sortKeysOf } from '../../../contract';
import { createSessionStore } from '../../authProvider/session';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';

const SORTABLE: readonly string[] = sortKeysOf(endpoints.listDocumentPackages);
type PackageSort = SortKeyOf<Endpoints['listDocumentPackages']>;

const positive = (value: unknown) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The signed-in user, whom the paths `{user_id}` name (the server checks it is theirs to name). */
export function sessionUserId(): number {
  const id = createSessionStore().getUser()?.id;
  if (!id) throw new Error('Inicie sesión para continuar');
  return id;
}

/**
 * Groups are listed per company and folder
 * (`documents_packages_list/{companyID}/{page}/{itemsPerPage}/{user_id}?folder_id=`): the server
 * answers only the groups of folders the user may see.
 */
export function listDocumentPackagesInput({
  pagination,
  filter = {},
  sort,
}: GetListParams): EndpointInput<'listDocumentPackages'> {
  const companyId = positive(filter.company_id);
  if (!companyId) throw new Error('Seleccione una empresa para ver sus grupos de documentos');
  const folderId = positive(filter.folder_id);
  const raw = filter.search ?? filter.q;
  const search = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
  const status = filter.status === 'active' || filter.status === 'inactive' ? filter.status : undefined;
  const sorted = sort && SORTABLE.includes(sort.field);
  return {
    companyID: companyId,
    page: pagination?.page ?? 1,
    itemsPerPage: pagination?.perPage ?? 15,
    user_id: sessionUserId(),
    ...(folderId ? { folder_id: folderId } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(sorted ? { sort: sort.field as PackageSort, order: sort.order } : {}),
  };
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** Document groups of SPEC §7.2; the full editor lives at /document/{id}. */
export const documentGroupsData = {
  getList: { endpoint: 'listDocumentPackages', toInput: listDocumentPackagesInput },
  getOne: {
    endpoint: 'getDocumentPackage',
    toInput: ({ id }) => ({ documentPackageId: Number(id) }),
  },
  create: {
    endpoint: 'addDocumentPackage',
    toInput: ({ data }) => ({
      body: {
        company_id: Number(data.company_id),
        folder_id: Number(data.folder_id),
        name: String(data.name ?? ''),
        description: textOrNull(data.description),
        status: data.status === 'inactive' ? 'inactive' : 'active',
        signing_order: data.signing_order === 'parallel' ? 'parallel' : 'sequential',
        expiry_days: positive(data.expiry_days) ?? 30,
      },
    }),
  },
  delete: {
    endpoint: 'deleteDocumentPackage',
    toInput: ({ id }) => ({ id: Number(id), user_id: sessionUserId() }),
  },
} satisfies ResourceDataDeclaration;
