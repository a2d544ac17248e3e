import { Box, Divider } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime, formatNumber } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { sanitizeHtml } from '../../framework/common/safeHtml';
import { PUBLICATION_STATUS_STYLES, ValueChip } from '../../framework/common/ValueChip';
import { NOTIFICATION_AUDIENCE_STYLES } from './notificationStyles';

/** Sanitised HTML from the server, shown as formatted text. */
export function RichText({ html }: { html: string }) {
  return (
    <Box
      sx={{ '& p': { my: 1 }, '& ul, & ol': { pl: 3 }, '& a': { color: 'primary.dark' } }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save and again here
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}

/** A notification's details (show dialog): its fields, then the message as it will read. */
export function NotificationDetails() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <DetailGrid
        resource="notifications"
        items={[
          { source: 'title', value: record.title, wide: true },
          {
            source: 'audience',
            value: <ValueChip source="audience" styles={NOTIFICATION_AUDIENCE_STYLES} />,
          },
          { source: 'company_name', value: record.company_name ?? record.user_name },
          { source: 'status', value: <ValueChip source="status" styles={PUBLICATION_STATUS_STYLES} /> },
          { source: 'published_at', value: record.published_at ? formatDateTime(record.published_at) : null },
          { source: 'reads', value: formatNumber(record.reads) },
          { source: 'created_at', value: formatDateTime(record.created_at) },
        ]}
      />
      <Divider sx={{ my: 2 }} />
      <RichText html={record.body} />
    </>
  );
}
