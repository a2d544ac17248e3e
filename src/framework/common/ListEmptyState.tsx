import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type ListEmptyStateProps = { title?: string; hint?: string };

/** The Spanish empty state of a list: nothing yet, or nothing matching the search and filters. */
export function ListEmptyState({ title, hint }: ListEmptyStateProps) {
  const translate = useAppTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <Box role="status" sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <InboxOutlinedIcon sx={{ fontSize: 48, opacity: 0.5 }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1, color: 'text.primary' }}>
        {title ?? translate('app.list.empty_title')}
      </Typography>
      <Typography variant="body2">
        {filtered ? translate('app.list.empty_filtered') : (hint ?? translate('app.list.empty_hint'))}
      </Typography>
      {filtered ? (
        <Button sx={{ mt: 2 }} onClick={() => setFilters({}, {})}>
          {translate('app.list.clear_filters')}
        </Button>
      ) : null}
    </Box>
  );
}
