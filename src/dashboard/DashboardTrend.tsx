import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link } from 'react-admin';
import type { EndpointReply } from '../dataProvider/callEndpoint';
import { formatNumber } from '../format';
import {
  DASHBOARD_STATUSES,
  DASHBOARD_TEXT,
  monthAbbreviation,
  monthName,
  STATUS_COUNT_LABELS,
} from './dashboardText';
import { historyLink } from './historyLink';

type Month = EndpointReply<'getDashboardInfo'>['trend'][number];

/**
 * The last twelve months as stacked bars by status, and the same figures as a table (the chart's
 * text equivalent, and each month's count a link to that month in the history).
 */
export function DashboardTrend({ trend }: { trend: Month[] }) {
  const theme = useTheme();
  const colours = {
    in_progress: theme.palette.info.main,
    completed: theme.palette.success.main,
    rejected: theme.palette.error.main,
    cancelled: theme.palette.grey[600],
    expired: theme.palette.warning.dark,
  } as const;
  const total = trend.reduce((sum, month) => sum + month.total, 0);
  const summary = DASHBOARD_TEXT.trendSummary(
    formatNumber(total),
    monthName(trend[0]!.month),
    monthName(trend[trend.length - 1]!.month),
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dashboard-trend"
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id="dashboard-trend" component="h2" variant="h6" gutterBottom>
        {DASHBOARD_TEXT.trendTitle}
      </Typography>
      <Box role="img" aria-label={summary} sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={300}
          dataset={trend.map((month) => ({ ...month, label: monthAbbreviation(month.month) }))}
          xAxis={[{ scaleType: 'band', dataKey: 'label', tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => formatNumber(value), width: 36 }]}
          series={DASHBOARD_STATUSES.map((status) => ({
            dataKey: status,
            label: STATUS_COUNT_LABELS[status],
            stack: 'total',
            color: colours[status],
            valueFormatter: (value: number | null) => formatNumber(value ?? 0),
          }))}
          margin={{ left: 0, right: 8 }}
          localeText={{ loading: DASHBOARD_TEXT.chartLoading, noData: DASHBOARD_TEXT.chartNoData }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {summary}
      </Typography>
      <TableContainer tabIndex={0} aria-label={DASHBOARD_TEXT.trendTable} sx={{ maxWidth: '100%' }}>
        <Table size="small" aria-label={DASHBOARD_TEXT.trendTable}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{DASHBOARD_TEXT.month}</TableCell>
              <TableCell scope="col" align="right">
                {DASHBOARD_TEXT.total}
              </TableCell>
              {DASHBOARD_STATUSES.map((status) => (
                <TableCell key={status} scope="col" align="right">
                  {STATUS_COUNT_LABELS[status]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {[...trend].reverse().map((month) => {
              const period = { date_from: month.from, date_to: month.to };
              return (
                <TableRow key={month.month}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {monthName(month.month)}
                  </TableCell>
                  <TableCell align="right">
                    {month.total > 0 ? (
                      <Link to={historyLink(period)}>{formatNumber(month.total)}</Link>
                    ) : (
                      formatNumber(0)
                    )}
                  </TableCell>
                  {DASHBOARD_STATUSES.map((status) => (
                    <TableCell key={status} align="right">
                      {month[status] > 0 ? (
                        <Link to={historyLink({ ...period, status })}>{formatNumber(month[status])}</Link>
                      ) : (
                        formatNumber(0)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
