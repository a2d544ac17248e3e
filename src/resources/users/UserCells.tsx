import { Box, Typography } from '@mui/material';
import { SelectInput, type SelectInputProps, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useRoles } from './userChoices';

/** The role filter: every role, "Todos los roles" first. */
export function RoleFilter(props: Omit<SelectInputProps, 'choices'>) {
  const { data = [] } = useRoles();
  const translate = useAppTranslate();
  return (
    <SelectInput
      {...props}
      choices={data.map(({ id, name }) => ({ id, name }))}
      emptyText={translate('app.users.all_roles')}
    />
  );
}

/** The name column: the full name over the e-mail. */
export function UserNameCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
      <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
        {String(record.full_name ?? '')}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {String(record.email ?? '')}
      </Typography>
    </Box>
  );
}

/** The last sign-in, or "Nunca". */
export function LastLoginText() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  return record?.last_login_at ? formatDateTime(record.last_login_at) : translate('app.users.never');
}
