import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, useDataProvider, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** The users a group of `companyId` can hold (groups/users/{company_id}). */
function useGroupCandidates(companyId: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['group-candidates', companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listGroupUsers', { company_id: companyId }, { signal }),
    enabled: companyId > 0,
  });
}

/** The members of a group: users of the group's company (the form's `company_id`). */
export function MembersInput() {
  const translate = useAppTranslate();
  const companyId = Number(useWatch({ name: 'company_id' }) ?? 0);
  const candidates = useGroupCandidates(companyId);
  const choices = (candidates.data ?? []).map((user) => ({
    id: user.id,
    name: user.full_name,
    email: user.email,
  }));
  return (
    <AutocompleteArrayInput
      source="user_ids"
      choices={choices}
      isPending={candidates.isPending && companyId > 0}
      helperText={translate('app.user_groups.members_help')}
      optionText={(choice: { name: string; email: string }) => `${choice.name} · ${choice.email}`}
      inputText={(choice: { name: string }) => choice.name}
      matchSuggestion={(filter: string, choice: { name: string; email: string }) =>
        `${choice.name} ${choice.email}`
          .toLocaleLowerCase('es-CO')
          .includes(filter.toLocaleLowerCase('es-CO'))
      }
    />
  );
}

/** The members of a group as chips (details dialog). */
export function GroupMembers() {
  const record = useRecordContext();
  const app = useAppTranslate();
  const members: { id: number; full_name: string; email: string }[] = Array.isArray(record?.members)
    ? record.members
    : [];
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">
        {app('app.user_groups.member_count', { smart_count: members.length })}
      </Typography>
      {members.length ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {members.map((member) => (
            <Chip key={member.id} label={member.full_name} title={member.email} variant="outlined" />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{app('app.user_groups.no_members')}</Typography>
      )}
    </Stack>
  );
}
