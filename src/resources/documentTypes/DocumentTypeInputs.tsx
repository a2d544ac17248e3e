import { Box, Typography } from '@mui/material';
import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { matchesFormat, maxLength, requiredField } from '../../validation';
import { CompanySelectInput } from '../users/companyChoices';

const nameRules = [requiredField(), maxLength(150)];
// The API upper-cases the code; the form accepts lower case and shows it as typed.
const codeRules = [maxLength(30), matchesFormat(/^[A-Za-z0-9_-]{1,30}$/)];
const descriptionRules = [maxLength(500)];

/** The fields of a document type, shared by the create and edit dialogs (STYLE 2). */
export function DocumentTypeInputs() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  const editing = Boolean(record?.id);
  const statusChoices = [
    { id: 'active', name: translate('app.document_types.status.active') },
    { id: 'inactive', name: translate('app.document_types.status.inactive') },
  ];
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
      <TextInput
        source="code"
        validate={codeRules}
        helperText={translate('app.document_types.code_help')}
        parse={(value: string) => value.toUpperCase()}
      />
      <TextInput source="description" multiline minRows={2} validate={descriptionRules} />
      <SelectInput source="status" choices={statusChoices} validate={requiredField()} />
    </>
  );
}
