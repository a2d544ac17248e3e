import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** The chips of a user's status (filled) and of a pending invitation (outlined). */
export const USER_STATUS_CHIPS = { active: 'success', inactive: 'default', locked: 'error' } as const;
export const INVITATION_CHIP = { variant: 'outlined', color: 'warning' } as const;
type UserStatus = keyof typeof USER_STATUS_CHIPS;
const isStatus = (value: unknown): value is UserStatus =>
  typeof value === 'string' && value in USER_STATUS_CHIPS;

/** The user's status (Activo / Inactivo / Bloqueado) and, until the first sign-in, the pending invitation. */
export function UserStatusChip({ record: recordProp }: { record?: Record<string, unknown> }) {
  const contextRecord = useRecordContext();
  const record = recordProp ?? contextRecord;
  const translate = useAppTranslate();
  if (!record || !isStatus(record.status)) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        color={USER_STATUS_CHIPS[record.status]}
        label={translate(`app.users.status.${record.status}`)}
      />
      {record.invitation_pending ? (
        <Chip size="small" {...INVITATION_CHIP} label={translate('app.users.invitation_pending')} />
      ) : null}
    </Stack>
  );
}
