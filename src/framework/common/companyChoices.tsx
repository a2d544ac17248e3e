import { Autocomplete, Box, CircularProgress, type SxProps, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  useDataProvider,
  useRecordContext,
} from 'react-admin';
import { PLATFORM_COMPANY_ID, ROLE } from '../../../contract';
import { mayCallEndpoint } from '../../access/endpointAccess';
import type { AppDataProvider, EndpointReply } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useSessionUser } from '../../layout/useSessionUser';
import { useDebounced } from './useDebounced';

/** A company as company_list answers it. */
export type CompanyRecord = EndpointReply<'listCompanies'>['items'][number];

/** A company to pick: its id, its name as shown ("Sucursal …" for a branch), its NIT when known. */
export type CompanyChoice = { id: number; name: string; taxId?: string; record?: CompanyRecord };

/** How many companies the picker asks for at once (a company and its branches fit in one page). */
const COMPANY_PAGE = 100;

/**
 * The signed-in user's scope: the platform administrator (role 20) sees and manages every company;
 * a company user sees its company and branches. Whether they may list or change companies is the
 * contract's answer for the endpoints that do it.
 */
export function useCompanyScope() {
  const { user } = useSessionUser();
  const isPlatform = user?.company_id === PLATFORM_COMPANY_ID;
  return {
    companyId: user?.company_id ?? 0,
    companyName: user?.company_name ?? '',
    roleId: user?.role_id ?? 0,
    isPlatform,
    isAdministrator: user?.role_id === ROLE.administrator || isPlatform,
    canListCompanies: mayCallEndpoint(user, 'listCompanies'),
  };
}

/**
 * The companies the user may pick (company_list answers within the session's scope: all for the
 * administrator, the company and its branches otherwise), searched on the server as the user types.
 * Without company.list the user's own company is the only choice. Companies seen once stay known,
 * so a selected one keeps its name when a later search leaves it out. Every company picker of the
 * app (list scope, form input, filter, features page, impersonation) reads this one hook.
 */
export function useCompanyChoices(search = '') {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const scope = useCompanyScope();
  const known = useRef(new Map<number, CompanyChoice>());
  const term = useDebounced(search.trim());
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
    known.current.set(company.id, { id: company.id, name, taxId: company.tax_id, record: company });
  }
  const fromServer = query.data?.items.map(({ id }) => known.current.get(id)).filter((choice) => !!choice);
  const own = known.current.get(scope.companyId);
  const choices: CompanyChoice[] = fromServer ?? (own ? [own] : []);
  return { choices, known: known.current, isFetching: query.isFetching, scope };
}

/** A company's name over its NIT, as an option of every picker. */
function CompanyOptionText({ company }: { company: CompanyChoice }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {company.name}
      </Typography>
      {company.taxId ? (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {company.taxId}
        </Typography>
      ) : null}
    </Box>
  );
}

export type CompanyAutocompleteProps = {
  value: number | null;
  onChange: (company: CompanyChoice | null) => void;
  label: string;
  helperText?: string;
  noOptionsText?: string;
  /** Hidden when the user has a single company to pick. */
  hideWhenSingle?: boolean;
  /** The choice can be emptied (else a picked company stays picked). */
  clearable?: boolean;
  /** Options show the NIT under the name (to tell apart companies of similar names). */
  showTaxId?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps;
};

/** The company picker outside forms: a list's company, the features page, impersonation. */
export function CompanyAutocomplete({
  value,
  onChange,
  label,
  helperText,
  noOptionsText,
  hideWhenSingle = false,
  clearable = false,
  showTaxId = false,
  size,
  sx,
}: CompanyAutocompleteProps) {
  const [search, setSearch] = useState('');
  const { choices, known, isFetching, scope } = useCompanyChoices(search);
  const single = !scope.canListCompanies || (choices.length <= 1 && !search && !isFetching);
  if (hideWhenSingle && single) return null;
  const selected = value === null ? null : (known.get(value) ?? null);
  const options = selected && !choices.includes(selected) ? [selected, ...choices] : choices;
  return (
    <Autocomplete
      size={size}
      sx={sx}
      value={selected}
      options={options}
      disableClearable={!clearable && selected !== null}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      // The server filters; the list shows what it returned.
      filterOptions={(items) => items}
      loading={isFetching}
      noOptionsText={noOptionsText}
      onInputChange={(_event, text, reason) => setSearch(reason === 'input' ? text : '')}
      onChange={(_event, company) => {
        if (company || clearable) onChange(company);
      }}
      renderOption={(props, company) => {
        const { key, ...optionProps } = props;
        return (
          <Box component="li" key={key} {...optionProps}>
            {showTaxId ? <CompanyOptionText company={company} /> : company.name}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
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
  return (
    <CompanyAutocomplete
      value={value}
      onChange={(company) => company && onChange(company.id)}
      label={translate('app.users.company')}
      hideWhenSingle
      size="small"
      sx={{ minWidth: { xs: 0, sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
    />
  );
}

export type CompanySelectInputProps = Omit<AutocompleteInputProps, 'choices' | 'source'> & {
  source?: string;
  /** The record field with the current company's name (default: `source` with `_name` for `_id`). */
  nameSource?: string;
};

/** The company input of forms and list filters, searched on the server as the user types. */
export function CompanySelectInput({ source = 'company_id', nameSource, ...props }: CompanySelectInputProps) {
  const [search, setSearch] = useState('');
  const record = useRecordContext();
  const { choices, known, isFetching } = useCompanyChoices(search);
  // The record's company keeps its name in an edit form even when no search has listed it yet.
  const currentId = Number(record?.[source]);
  const currentName = record?.[nameSource ?? source.replace(/_id$/, '_name')];
  if (currentId > 0 && typeof currentName === 'string' && !known.has(currentId)) {
    known.set(currentId, { id: currentId, name: currentName });
  }
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
