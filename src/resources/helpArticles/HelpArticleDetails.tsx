import { Divider } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { PUBLICATION_STATUS_STYLES, ValueChip } from '../../framework/common/ValueChip';
import { RichText } from '../notifications/NotificationDetails';

/** A help article's details (show dialog), with its content as the FAQ page shows it. */
export function HelpArticleDetails() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <DetailGrid
        resource="help_articles"
        items={[
          { source: 'title', value: record.title, wide: true },
          { source: 'category', value: record.category },
          { source: 'position', value: String(record.position) },
          { source: 'status', value: <ValueChip source="status" styles={PUBLICATION_STATUS_STYLES} /> },
          { source: 'published_at', value: record.published_at ? formatDateTime(record.published_at) : null },
        ]}
      />
      <Divider sx={{ my: 2 }} />
      <RichText html={record.body_html} />
    </>
  );
}
