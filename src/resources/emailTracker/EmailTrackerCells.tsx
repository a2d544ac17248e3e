import { Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime, formatNumber } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** The request column: its number over its title. */
export function TrackedRequestCell() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  if (!record) return null;
  return (
    <Stack sx={{ minWidth: 160, maxWidth: 320 }}>
      <Typography variant="body2">
        {translate('resources.email_tracker.request', { id: record.request_id })}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {record.request_title}
      </Typography>
    </Stack>
  );
}

/** The recipient, wrapped anywhere so that a long address never widens a phone's screen. */
export function TrackedRecipientCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
      {record.to}
    </Typography>
  );
}

/** Opens: how many, and the last one. */
export function TrackedOpensCell() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  if (!record) return null;
  const count = Number(record.open_count ?? 0);
  if (count === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.email_tracker.opens_none')}
      </Typography>
    );
  }
  return (
    <Stack>
      <Typography variant="body2">{formatNumber(count)}</Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {formatDateTime(record.last_opened_at)}
      </Typography>
    </Stack>
  );
}
