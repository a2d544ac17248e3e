import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';

const COLORS = { active: 'success', inactive: 'default', locked: 'error' } as const;
type UserStatus = keyof typeof COLORS;
const isStatus = (value: unknown): value is UserStatus => typeof value === 'string' && value in COLORS;

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
        color={COLORS[record.status]}
        label={translate(`app.users.status.${record.status}`)}
      />
      {record.invitation_pending ? (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={translate('app.users.invitation_pending')}
        />
      ) : null}
    </Stack>
  );
}
