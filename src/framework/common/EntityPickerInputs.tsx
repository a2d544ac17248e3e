import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AutocompleteInput, useDataProvider, useRecordContext, type Validator } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDebounced } from './useDebounced';

type Choice = { id: number; name: string };

/** The record's current choice first (so an edit form shows it), then the search results. */
function withCurrent(results: Choice[], current: Choice | null): Choice[] {
  if (!current || results.some((choice) => choice.id === current.id)) return results;
  return [current, ...results];
}

export type EntityPickerInputProps = {
  source: string;
  /** The record field holding the current choice's name (e.g. `company_name`). */
  nameSource: string;
  label?: string;
  validate?: Validator | Validator[];
};

function useCurrentChoice(source: string, nameSource: string): Choice | null {
  const record = useRecordContext();
  const id = Number(record?.[source]);
  const name = record?.[nameSource];
  return id > 0 && typeof name === 'string' ? { id, name } : null;
}

/** A user picked by searching `users` (name or e-mail); shows the user's company beside the name. */
export function UserPickerInput({ source, nameSource, label, validate }: EntityPickerInputProps) {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const { data, isPending } = useQuery({
    queryKey: ['pickers', 'users', term],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'listUsers',
        {
          body: {
            page: 1,
            itemsPerPage: 15,
            ...(term ? { search: term } : {}),
            sort: 'full_name',
            order: 'ASC',
          },
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
  const results = (data?.items ?? []).map((user) => ({
    id: user.id,
    name: `${user.full_name} · ${user.email} (${user.company_name})`,
  }));
  const choices = withCurrent(results, useCurrentChoice(source, nameSource));
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      optionText="name"
      setFilter={setSearch}
      isPending={isPending}
      validate={validate}
      helperText={translate('app.platform.common.user_search')}
    />
  );
}
