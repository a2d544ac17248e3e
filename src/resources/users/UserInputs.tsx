import { Divider, Typography } from '@mui/material';
import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { maxLength, requiredField, validEmail } from '../../validation';
import { InputGrid, PersonInputs } from './PersonInputs';
import { useRoles } from './userChoices';

const emailRules = [requiredField(), validEmail(), maxLength(254)];
const requiredChoice = [requiredField()];

/** Roles the user may give, plus the record's current one (shown, even if not assignable). */
function RoleInput() {
  const { data = [], isPending } = useRoles();
  const record = useRecordContext();
  const choices = data
    .filter((role) => role.assignable || role.id === record?.role_id)
    .map((role) => ({ id: role.id, name: role.name, disabled: !role.assignable }));
  return <SelectInput source="role_id" choices={choices} isPending={isPending} validate={requiredChoice} />;
}

/**
 * The fields of a user, shared by the create and edit dialogs (STYLE 2). The company is any for
 * the administrator, and the user's company or one of its branches otherwise (the server decides
 * what the session may see). A locked user's status is changed with "Desbloquear", not here.
 */
export function UserInputs() {
  const translate = useAppTranslate();
  const record = useRecordContext();
  const creating = !record?.id;
  const statusChoices = [
    { id: 'active', name: translate('app.users.status.active') },
    { id: 'inactive', name: translate('app.users.status.inactive') },
  ];
  return (
    <>
      <Typography variant="overline" color="text.secondary">
        {translate('app.users.section_person')}
      </Typography>
      <PersonInputs />
      <Divider sx={{ my: 1 }} />
      <Typography variant="overline" color="text.secondary">
        {translate('app.users.section_access')}
      </Typography>
      <InputGrid>
        <TextInput
          source="email"
          type="email"
          validate={emailRules}
          autoComplete="off"
          helperText={creating ? translate('app.users.invitation_help') : undefined}
        />
        <RoleInput />
        <CompanySelectInput validate={requiredChoice} />
        {record?.status === 'locked' ? null : (
          <SelectInput source="status" choices={statusChoices} validate={requiredChoice} />
        )}
      </InputGrid>
    </>
  );
}
