import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AutocompleteInput, type AutocompleteInputProps, useDataProvider } from 'react-admin';
import { PLATFORM_COMPANY_ID, ROLE } from '../../../contract';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useSessionUser } from '../../layout/useSessionUser';

export type CompanyChoice = { id: number; name: string };

/** How many companies the picker asks for at once (a company and its branches fit in one page). */
const COMPANY_PAGE = 100;

/**
 * The signed-in user's scope: the platform administrator (role 20) sees and manages every company;
 * a company user sees its company and branches, and creates branches with company.update.
 */
export function useCompanyScope() {
  const { user } = useSessionUser();
  const permissions = user?.permissions ?? [];
  const isPlatform = user?.company_id === PLATFORM_COMPANY_ID;
  return {
    companyId: user?.company_id ?? 0,
    companyName: user?.company_name ?? '',
    roleId: user?.role_id ?? 0,
    isPlatform,
    isAdministrator: user?.role_id === ROLE.administrator || isPlatform,
    canListCompanies: permissions.includes('company.list'),
    canUpdate: permissions.includes('company.update'),
  };
}

/**
 * The companies the user may pick (company_list answers within the session's scope: all for the
 * administrator, the company and its branches otherwise), searched on the server. Without
 * company.list the user's own company is the only choice. Companies seen once stay known, so a
 * selected one keeps its name when a later search leaves it out.
 */
export function useCompanyChoices(search = '') {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const scope = useCompanyScope();
  const known = useRef(new Map<number, CompanyChoice>());
  const term = search.trim();
  const query = useQuery({
    queryKey: ['company-choices', scope.roleId, scope.companyId, term],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'listCompanies',
        {
          page: 1,
          itemsPerPage: COMPANY_PAGE,
          roleID: scope.roleId,
          companyID: scope.companyId,
          body: { ...(term ? { search: term } : {}), sort: 'fiscal_name', order: 'ASC' },
        },
        { signal },
      ),
    enabled: scope.canListCompanies && scope.companyId > 0 && scope.roleId > 0,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  if (scope.companyId > 0 && !known.current.has(scope.companyId)) {
    known.current.set(scope.companyId, { id: scope.companyId, name: scope.companyName });
  }
  for (const company of query.data?.items ?? []) {
    const name = company.is_branch
      ? translate('app.users.branch', { name: company.fiscal_name })
      : company.fiscal_name;
    known.current.set(company.id, { id: company.id, name });
  }
  const fromServer = query.data?.items.map(({ id }) => known.current.get(id)).filter((choice) => !!choice);
  const own = known.current.get(scope.companyId);
  const choices: CompanyChoice[] = fromServer ?? (own ? [own] : []);
  return { choices, known: known.current, isFetching: query.isFetching, scope };
}

export type CompanySelectInputProps = Omit<AutocompleteInputProps, 'choices' | 'source'> & {
  source?: string;
};

/** A company picker for forms and list filters, searched on the server as the user types. */
export function CompanySelectInput({ source = 'company_id', ...props }: CompanySelectInputProps) {
  const [search, setSearch] = useState('');
  const { choices, known, isFetching } = useCompanyChoices(search);
  // The selected company stays among the choices even when the search leaves it out.
  const all = [...choices, ...[...known.values()].filter((company) => !choices.includes(company))];
  return (
    <AutocompleteInput
      source={source}
      choices={all}
      optionText="name"
      setFilter={setSearch}
      isPending={isFetching && choices.length === 0}
      {...props}
    />
  );
}

export type CompanyScopePickerProps = { value: number; onChange: (companyId: number) => void };

/**
 * The company whose records a per-company screen shows (user groups, document types): outside the
 * list's filters, so clearing them keeps it. Hidden when the user has a single company to pick.
 */
export function CompanyScopePicker({ value, onChange }: CompanyScopePickerProps) {
  const translate = useAppTranslate();
  const [search, setSearch] = useState('');
  const { choices, known, isFetching, scope } = useCompanyChoices(search);
  if (!scope.canListCompanies || (choices.length <= 1 && !search && !isFetching)) return null;
  const selected = known.get(value) ?? null;
  const options = selected && !choices.includes(selected) ? [selected, ...choices] : choices;
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: { xs: 0, sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
      value={selected}
      options={options}
      disableClearable={selected !== null}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      filterOptions={(items) => items}
      loading={isFetching}
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      onChange={(_event, company) => {
        if (company) onChange(company.id);
      }}
      renderInput={(params) => <TextField {...params} label={translate('app.users.company')} />}
    />
  );
}
