import { TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { type Figure, FigureChart, type FigureFormat, FigureTable, Panel } from './StatisticsParts';

export const PAGE_SIZES = [15, 50, 100];

/** Page and page size of a comparison of companies. */
export function useCompanyPage() {
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(PAGE_SIZES[0]!);
  return { page, itemsPerPage, setPage, setItemsPerPage };
}

type CompanyRow = { company_name: string };

/**
 * Companies side by side: a chart of one page of them, the same figures as a table with the
 * platform's totals, and the pager.
 */
export function CompanyComparison<Row extends CompanyRow>(props: {
  heading: AppMessageKey;
  items: Row[];
  totals: Omit<Row, 'company_id' | 'company_name'>;
  total: number;
  figures: Figure<Row>[];
  /** The figures drawn (the table shows every figure). */
  charted: Figure<Row>[];
  format: FigureFormat;
  stacked?: boolean;
  pager: ReturnType<typeof useCompanyPage>;
}) {
  const translate = useAppTranslate();
  const { pager } = props;
  const heading = translate(props.heading);
  const first = props.total === 0 ? 0 : (pager.page - 1) * pager.itemsPerPage + 1;
  return (
    <Panel heading={heading}>
      <FigureChart
        categories={props.items.map((row) => ({
          name: row.company_name,
          values: Object.fromEntries(props.charted.map((figure) => [figure.key, figure.value(row)])),
        }))}
        series={props.charted.map((figure) => ({
          key: figure.key,
          label: figure.text ?? translate(figure.label),
        }))}
        format={props.format}
        stacked={props.stacked}
      />
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {translate('app.statistics.page_note', {
          from: first,
          to: first === 0 ? 0 : first + props.items.length - 1,
          total: props.total,
        })}
      </Typography>
      <FigureTable
        caption={translate('app.statistics.table_of', { title: heading })}
        rowHeader="app.statistics.company"
        rows={props.items.map((row) => ({ name: row.company_name, row }))}
        figures={props.figures}
        format={props.format}
        totals={props.totals as Row}
      />
      <TablePagination
        component="div"
        count={props.total}
        page={pager.page - 1}
        rowsPerPage={pager.itemsPerPage}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, page) => pager.setPage(page + 1)}
        onRowsPerPageChange={(event) => {
          pager.setItemsPerPage(Number(event.target.value));
          pager.setPage(1);
        }}
        sx={{ overflowX: 'hidden', '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
      />
    </Panel>
  );
}

/** One company's figures: a chart of them and the same as a two-column table. */
export function OwnFigures<Row>(props: {
  heading: AppMessageKey;
  row: Row;
  figures: Figure<Row>[];
  format: FigureFormat;
}) {
  const translate = useAppTranslate();
  const heading = translate(props.heading);
  const rows = props.figures.map((figure) => ({
    name: translate(figure.label),
    value: figure.value(props.row),
  }));
  return (
    <Panel heading={heading}>
      <FigureChart
        categories={rows.map((row) => ({ name: row.name, values: { value: row.value } }))}
        series={[{ key: 'value', label: translate('app.statistics.value') }]}
        format={props.format}
      />
      <FigureTable
        caption={translate('app.statistics.table_of', { title: heading })}
        rowHeader="app.statistics.figure"
        rows={rows.map((row) => ({ name: row.name, row }))}
        figures={[{ key: 'value', label: 'app.statistics.value', value: (row) => row.value }]}
        format={props.format}
      />
    </Panel>
  );
}
