import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslateLabel } from 'react-admin';

/** One row; `label` is a catalogue key, else the label of `source` in the resource's catalogue. */
export type DetailItem = { source: string; label?: string; value: ReactNode; wide?: boolean };

/** A record's fields as a two-column grid of label and value (show dialogs). */
export function DetailGrid({ resource, items }: { resource: string; items: DetailItem[] }) {
  const translateLabel = useTranslateLabel();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 3,
        rowGap: 2,
        m: 0,
      }}
    >
      {items.map(({ source, label, value, wide }) => (
        <Box key={source} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {translateLabel({ source, resource, label })}
          </Typography>
          <Box component="dd" sx={{ m: 0, typography: 'body1', overflowWrap: 'anywhere' }}>
            {value ?? '—'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
