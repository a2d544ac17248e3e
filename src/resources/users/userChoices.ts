import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { AppDataProvider, EndpointReply } from '../../dataProvider';

export type RoleRecord = EndpointReply<'listRoles'>['items'][number];
export type IdentificationType = EndpointReply<'listIdentificationTypes'>['items'][number];

/** Every role (there are a handful), with `assignable` telling which the user may give. */
export function useRoles() {
  return useGetList<RoleRecord>(
    'roles',
    { pagination: { page: 1, perPage: 100 } },
    { staleTime: 5 * 60_000 },
  );
}

/** The identity document types a person can have (get_identification_types: CC, CE, TI, PP...). */
export function useIdentificationTypes() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useQuery({
    queryKey: ['identification-types'],
    queryFn: ({ signal }) => dataProvider.callEndpoint('listIdentificationTypes', {}, { signal }),
    staleTime: 60 * 60_000,
  });
  const choices = (query.data?.items ?? [])
    .filter((type) => type.applies_to !== 'company')
    .map((type) => ({ id: type.code, name: `${type.code} · ${type.name}` }));
  return { choices, isPending: query.isPending };
}
