import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import type { AppDataProvider, EndpointReply } from '../dataProvider';

export type CompanyOption = EndpointReply<'listCompanies'>['items'][number];
export type CompanyUser = EndpointReply<'listCompanyUsers'>[number];

/** How many companies the search offers at once. */
export const COMPANY_SEARCH_LIMIT = 15;

/** `value`, once it has stopped changing for `delayMs` (typing in the company search). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Companies matching `search`, as the administrator sees them (`company_list`, first page). */
export function useCompanySearch(search: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const roleID = Number(identity?.roleId);
  const companyID = Number(identity?.companyId);
  const term = useDebounced(search.trim());
  return useQuery({
    queryKey: ['impersonation', 'companies', roleID, companyID, term],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'listCompanies',
        {
          page: 1,
          itemsPerPage: COMPANY_SEARCH_LIMIT,
          roleID,
          companyID,
          body: { ...(term ? { search: term } : {}), sort: 'fiscal_name', order: 'ASC' },
        },
        { signal },
      ),
    enabled: roleID > 0 && companyID > 0,
    placeholderData: (previous) => previous,
  });
}

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
