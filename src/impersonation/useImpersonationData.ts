import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, EndpointReply } from '../dataProvider';

export type CompanyOption = EndpointReply<'listCompanies'>['items'][number];
export type CompanyUser = EndpointReply<'listCompanyUsers'>[number];

/** The users of the chosen company (`users/get_users/{company_id}`). */
export function useCompanyUsers(companyId: number | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['impersonation', 'users', companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listCompanyUsers', { company_id: companyId ?? 0 }, { signal }),
    enabled: companyId !== undefined,
  });
}
