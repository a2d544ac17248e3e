import TextFieldsIcon from '@mui/icons-material/TextFields';
import { Avatar, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** The title column: a thumbnail of the image (or a text icon), the title and the company. */
export function BannerTitleCell() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
      <Avatar variant="rounded" src={record.image_url ?? undefined} alt="" sx={{ width: 56, height: 36 }}>
        <TextFieldsIcon fontSize="small" />
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {record.title}
        </Typography>
        {record.company_name ? (
          <Typography variant="caption" color="text.secondary" noWrap>
            {record.company_name}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
