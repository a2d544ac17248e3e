import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useSessionUser } from '../../layout/useSessionUser';

type Option = { id: number; label: string };

export type CompanyPickerProps = { value: number; onChange: (companyId: number) => void };

/**
 * Picks a company within the user's scope (company_list: every company for the administrator, the
 * company and its branches otherwise), searched on the server.
 */
export function CompanyPicker({ value, onChange }: CompanyPickerProps) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const { user } = useSessionUser();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const companies = useQuery({
    queryKey: ['company-features-picker', user?.id, term],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'listCompanies',
        {
          page: 1,
          itemsPerPage: 50,
          roleID: user?.role_id ?? 1,
          companyID: user?.company_id ?? 1,
          body: { ...(term ? { search: term } : {}), sort: 'fiscal_name', order: 'ASC' },
        },
        { signal },
      ),
    enabled: !!user,
    placeholderData: (previous) => previous,
  });
  const options: Option[] = (companies.data?.items ?? []).map((company) => ({
    id: company.id,
    label: company.parent_name ? `${company.fiscal_name} · ${company.parent_name}` : company.fiscal_name,
  }));
  const own = user ? { id: user.company_id, label: user.company_name } : null;
  const selected = options.find((option) => option.id === value) ?? (own?.id === value ? own : null);
  if (own && !options.some((option) => option.id === own.id)) options.unshift(own);

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => option && onChange(option.id)}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      filterOptions={(list) => list}
      loading={companies.isFetching}
      disableClearable={selected !== null}
      sx={{ minWidth: { xs: '100%', sm: 360 } }}
      renderInput={(params) => <TextField {...params} label={translate('app.companies.features.company')} />}
    />
  );
}
