import {
  Alert,
  Box,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Title, useDataProvider } from 'react-admin';
import type { EndpointName } from '../../contract';
import type { AppDataProvider } from '../dataProvider';
import type { EndpointArgs, EndpointReply } from '../dataProvider/callEndpoint';
import { formatNumber, formatSize } from '../format';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';

/** How a figure reads: a count (`1.234`) or a size (`1,54 GB`). */
export type FigureFormat = 'number' | 'size';
export const formatFigure = (value: number, format: FigureFormat) =>
  format === 'size' ? formatSize(value) : formatNumber(value, 0);

/** A column of figures: its label key under `app.statistics`, and where its value is in a row. */
export type Figure<Row> = {
  key: string;
  label: AppMessageKey;
  /** Already translated text, instead of the label key's. */
  text?: string;
  value: (row: Row) => number;
};

/** A statistics call, refetched when its input changes; the previous figures stay while it loads. */
export function useFigures<N extends EndpointName>(name: N, ...args: EndpointArgs<N>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [input] = args;
  return useQuery({
    queryKey: ['statistics', name, input ?? null],
    queryFn: ({ signal }) =>
      (dataProvider.callEndpoint as (n: N, i: unknown, o: object) => Promise<EndpointReply<N>>)(name, input, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Heading, introduction, filters, then the figures (or their loading / error state). */
export function StatisticsPage(props: {
  title: AppMessageKey;
  intro: AppMessageKey;
  filters?: ReactNode;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  const translate = useAppTranslate();
  const title = translate(props.title);
  useDocumentTitle(title);
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(props.intro)}
      </Typography>
      {props.filters}
      {props.failed ? (
        <Alert severity="error">{translate('app.statistics.load_error')}</Alert>
      ) : props.loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{translate('app.statistics.loading')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {props.children}
        </Stack>
      )}
    </Box>
  );
}

/** A bordered block with its heading: one chart or one table. */
export function Panel({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

type Category = { name: string; values: Record<string, number> };

/**
 * Bars for each category (a company, a status, a channel), one series per figure, stacked when
 * asked. Drawn for the eye only: the table beside it says the same to every reader.
 */
export function FigureChart(props: {
  categories: Category[];
  series: { key: string; label: string }[];
  format: FigureFormat;
  stacked?: boolean;
}) {
  const translate = useAppTranslate();
  const dataset = props.categories.map((category) => ({ name: category.name, ...category.values }));
  const height = Math.max(
    180,
    props.categories.length * (props.stacked ? 34 : 22 * props.series.length + 12) + 90,
  );
  return (
    // Inert: the chart's own focus stops would lead a keyboard into something a screen reader skips.
    <Box aria-hidden="true" inert sx={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <BarChart
        dataset={dataset}
        layout="horizontal"
        height={height}
        yAxis={[
          {
            scaleType: 'band',
            dataKey: 'name',
            width: 110,
            valueFormatter: (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name),
          },
        ]}
        xAxis={[{ valueFormatter: (value: number) => formatFigure(value, props.format), tickNumber: 3 }]}
        series={props.series.map((serie) => ({
          dataKey: serie.key,
          label: serie.label,
          stack: props.stacked ? 'total' : undefined,
          valueFormatter: (value: number | null) => formatFigure(value ?? 0, props.format),
        }))}
        localeText={{
          loading: translate('app.statistics.loading'),
          noData: translate('app.statistics.no_data'),
        }}
        skipAnimation
        margin={{ right: 16 }}
      />
    </Box>
  );
}

/**
 * The figures as a table, the accessible equivalent of the chart: a row per category, a column
 * per figure, the totals last. Scrolls inside its own box on a phone.
 */
export function FigureTable<Row>(props: {
  caption: string;
  rowHeader: AppMessageKey;
  rows: { name: string; row: Row }[];
  figures: Figure<Row>[];
  format: FigureFormat;
  totals?: Row;
}) {
  const translate = useAppTranslate();
  const id = useId();
  return (
    <TableContainer
      role="region"
      aria-labelledby={id}
      // Focusable, so a keyboard can scroll it when it is wider than the phone.
      tabIndex={0}
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
    >
      <Table size="small">
        <caption id={id} style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>
          {props.caption}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate(props.rowHeader)}
            </TableCell>
            {props.figures.map((figure) => (
              <TableCell key={figure.key} component="th" scope="col" align="right">
                {figure.text ?? translate(figure.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={props.figures.length + 1}>{translate('app.statistics.no_data')}</TableCell>
            </TableRow>
          ) : (
            props.rows.map(({ name, row }, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed per reply; names may repeat
              <TableRow key={index}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                  {name}
                </TableCell>
                {props.figures.map((figure) => (
                  <TableCell key={figure.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatFigure(figure.value(row), props.format)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
        {props.totals ? (
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                {translate('app.statistics.totals')}
              </TableCell>
              {props.figures.map((figure) => (
                <TableCell
                  key={figure.key}
                  align="right"
                  sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }}
                >
                  {formatFigure(figure.value(props.totals!), props.format)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </TableContainer>
  );
}
