import { Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useStore } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatNumber } from '../../format';
import type { AppMessageKey } from '../../i18n/en';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { REPORT_CALLS, reportFilterBody } from './reportsData';

const FIGURES = [
  'requests',
  'units',
  'completed',
  'in_progress',
  'rejected',
  'expired',
  'cancelled',
] as const;

/**
 * The totals of every request the list's filters match (not only the page), under the list. The
 * report's reply carries them; this asks for a one-row page with the filters react-admin keeps in
 * the list's store.
 */
export function ReportTotals({ scope, resource }: { scope: 'company' | 'platform'; resource: string }) {
  const [params] = useStore<{ filter?: Record<string, unknown> }>(`${resource}.listParams`, {});
  const filterValues = params.filter;
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const body = reportFilterBody(filterValues ?? {}, scope);
  const { data } = useQuery({
    queryKey: ['report-totals', scope, body],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(REPORT_CALLS[scope].list, { body: { ...body, itemsPerPage: 1 } }, { signal }),
    placeholderData: (previous) => previous,
  });
  const totals = data?.totals;
  const title = translate(`resources.${resource}.totals.title` as AppMessageKey);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 1.5, mb: 1, width: '100%', minWidth: 0 }}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(7, minmax(0, 1fr))',
          },
        }}
      >
        {FIGURES.map((figure) => (
          <Box key={figure} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`resources.${resource}.totals.${figure}` as AppMessageKey)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-figure={figure}>
              {totals ? formatNumber(totals[figure]) : '—'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
