import type { LabelDisplayedRowsArgs } from '@mui/material';
import { Pagination, type PaginationProps, useListContext, useTranslate } from 'react-admin';
import type { TotalKind } from '../../../contract/schemas';
import { formatNumber } from '../../format/number';

/**
 * The "1–15 de 40" of a table, saying when the total is not an exact count: a large list stops
 * counting some rows past the page (`total_kind` of the reply).
 */
export function useRangeLabel(kind: TotalKind | undefined) {
  const translate = useTranslate();
  return ({ from, to, count }: LabelDisplayedRowsArgs) =>
    translate(kind ? `app.list.range_${kind}` : 'ra.navigation.page_range_info', {
      offsetBegin: formatNumber(from),
      offsetEnd: formatNumber(to),
      total: formatNumber(count),
    });
}

/** react-admin's pagination, with the total's kind from the data provider's `meta`. */
export function ListPagination(props: PaginationProps) {
  const { meta } = useListContext();
  const rangeLabel = useRangeLabel((meta as { totalKind?: TotalKind } | undefined)?.totalKind);
  // react-admin passes the props it does not declare on to MUI's TablePagination, after its own.
  const label = { labelDisplayedRows: rangeLabel } as PaginationProps;
  return <Pagination {...props} {...label} />;
}
