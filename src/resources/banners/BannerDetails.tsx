import { Box, Link } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { ACTIVE_STATUS_STYLES, ValueChip } from '../../framework/common/ValueChip';
import { BANNER_AUDIENCE_STYLES, BANNER_KIND_STYLES, BANNER_ON_SCREEN_STYLES } from './bannerStyles';

/** A banner's details (the show dialog): its preview, then every field. */
export function BannerDetails() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      {record.image_url ? (
        <Box
          component="img"
          src={record.image_url}
          alt={record.title}
          sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 2, mb: 2 }}
        />
      ) : null}
      <DetailGrid
        resource="banners"
        items={[
          { source: 'title', value: record.title, wide: true },
          { source: 'body', value: record.body, wide: true },
          { source: 'kind', value: <ValueChip source="kind" styles={BANNER_KIND_STYLES} /> },
          { source: 'status', value: <ValueChip source="status" styles={ACTIVE_STATUS_STYLES} /> },
          { source: 'audience', value: <ValueChip source="audience" styles={BANNER_AUDIENCE_STYLES} /> },
          { source: 'company_name', value: record.company_name },
          { source: 'starts_at', value: formatDate(record.starts_at) },
          { source: 'ends_at', value: formatDate(record.ends_at) },
          {
            source: 'active_now',
            value: (
              <ValueChip
                source="active_now"
                styles={BANNER_ON_SCREEN_STYLES}
                value={String(record.active_now)}
              />
            ),
          },
          {
            source: 'link_url',
            value: record.link_url ? (
              <Link href={record.link_url} target="_blank" rel="noopener noreferrer">
                {record.link_url}
              </Link>
            ) : null,
          },
          { source: 'created_at', value: formatDateTime(record.created_at) },
          { source: 'updated_at', value: formatDateTime(record.updated_at) },
        ]}
      />
    </>
  );
}
