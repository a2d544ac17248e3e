import { Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** Who: the name over the e-mail (an API client has neither). */
export function DownloadWhoCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack sx={{ minWidth: 140, maxWidth: 280 }}>
      <Typography variant="body2">{record.who ?? '—'}</Typography>
      {record.who_email ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {record.who_email}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The document over its request's number and title. */
export function DownloadDocumentCell() {
  const record = useRecordContext();
  const translate = useAppTranslate();
  if (!record) return null;
  return (
    <Stack sx={{ minWidth: 160, maxWidth: 320 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {record.document_name ?? record.request_title}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {translate('resources.download_logs.request', { id: record.request_id })} · {record.request_title}
      </Typography>
    </Stack>
  );
}
