import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, TextInput, useDataProvider, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { maxLength, requiredField } from '../../validation';
import { CompanySelectInput } from '../common/companyChoices';

const nameRules = [requiredField(), maxLength(120)];
const descriptionRules = [maxLength(500)];

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

function MembersInput() {
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

/**
 * The fields of a user group, shared by the create and edit dialogs (STYLE 2). The company is
 * chosen when creating; members are users of that company.
 */
export function UserGroupInputs() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  const editing = Boolean(record?.id);
  return (
    <>
      {editing ? (
        <Box sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('app.users.company')}
          </Typography>
          <Typography sx={{ fontWeight: 500 }}>{String(record?.company_name ?? '')}</Typography>
        </Box>
      ) : (
        <CompanySelectInput validate={requiredField()} />
      )}
      <TextInput source="name" validate={nameRules} />
      <TextInput source="description" multiline minRows={2} validate={descriptionRules} />
      <MembersInput />
    </>
  );
}
