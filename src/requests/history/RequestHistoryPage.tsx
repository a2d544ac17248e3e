import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
// react-admin's Link is MUI's, in the theme's colours (a router Link is the browser's blue).
import { Link, Title, useDataProvider, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { REQUEST_STATUS_VALUES } from '../../../contract/endpoints/requestHistory';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { formatDate, formatDateTime } from '../../format';
import { useRangeLabel } from '../../framework/common/ListPagination';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { HistoryFilters, type HistoryFilterValues } from './HistoryFilters';
import { HISTORY_TEXT } from './requestHistoryText';
import { RequestStatusChip } from './StatusChips';
import { useEndpointDownload } from './useEndpointDownload';

type RequestItem = EndpointReply<'listSignatureRequests'>['items'][number];
type SortKey = 'created_at' | 'expires_at' | 'title' | 'status';

export const requestDetailPath = (id: number) => `/update-signature-request/update/${id}`;

/** Only the filters that have a value travel to the server. */
const filterBody = (filters: HistoryFilterValues) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORT_KEYS: readonly SortKey[] = ['created_at', 'expires_at', 'title', 'status'];

/**
 * The filters a link may open the history with (the dashboard's figures):
 * `?status=rejected&date_from=2026-11-01&date_to=2026-11-30`; anything unknown is ignored.
 */
export function filtersFromSearch(search: URLSearchParams): HistoryFilterValues {
  const status = search.get('status') ?? '';
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: (REQUEST_STATUS_VALUES as readonly string[]).includes(status)
      ? (status as HistoryFilterValues['status'])
      : '',
    signer: (search.get('signer') ?? '').slice(0, 200),
    date_from: day('date_from'),
    date_to: day('date_to'),
  };
}

/** `?sort=expires_at&order=ASC`: the order a link may open the history in (newest first otherwise). */
export function sortFromSearch(search: URLSearchParams): { sort: SortKey; order: 'ASC' | 'DESC' } {
  const sort = SORT_KEYS.find((key) => key === search.get('sort')) ?? 'created_at';
  return { sort, order: search.get('order') === 'ASC' ? 'ASC' : 'DESC' };
}

/**
 * /list-signature-request: the company's requests (and its branches'), filtered, sorted and paged
 * on the server; rows are selected for a ZIP of their documents; the filtered list exports.
 */
export function RequestHistoryPage() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const download = useEndpointDownload();
  const mayCall = useMayCall();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  useDocumentTitle(HISTORY_TEXT.title);
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<HistoryFilterValues>(() => filtersFromSearch(searchParams));
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(15);
  const [sort, setSort] = useState<{ sort: SortKey; order: 'ASC' | 'DESC' }>(() =>
    sortFromSearch(searchParams),
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['requestHistory', filters, page, itemsPerPage, sort],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'listSignatureRequests',
        { body: { ...filterBody(filters), page, itemsPerPage, ...sort } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const rangeLabel = useRangeLabel(list.data?.total_kind);

  const changeFilters = (next: HistoryFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = items.length > 0 && items.every((item) => selected.has(item.id));
  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const item of items) {
        if (allOnPage) next.delete(item.id);
        else next.add(item.id);
      }
      return next;
    });
  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    try {
      await action();
    } catch (error) {
      notify(error instanceof Error ? error.message : HISTORY_TEXT.downloadFailed, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const sortBy = (key: SortKey) =>
    setSort((current) => ({
      sort: key,
      order: current.sort === key && current.order === 'DESC' ? 'ASC' : 'DESC',
    }));

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={HISTORY_TEXT.title} />
      <Typography id="page-title" component="h1" variant="h4">
        {HISTORY_TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {HISTORY_TEXT.subtitle}
      </Typography>
      <HistoryFilters value={filters} onChange={changeFilters} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2, alignItems: 'center' }}>
        {mayCall('downloadZip') && (
          <Button
            variant="contained"
            startIcon={busy === 'zip' ? <CircularProgress size={16} /> : <ArchiveOutlinedIcon />}
            disabled={selected.size === 0 || busy !== null}
            onClick={() =>
              run('zip', () =>
                download('downloadZip', { body: { request_ids: [...selected] } }, 'solicitudes.zip'),
              )
            }
          >
            {HISTORY_TEXT.downloadZip}
          </Button>
        )}
        {(mayCall('exportSignatureRequests') ? (['xlsx', 'csv'] as const) : []).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={busy === format ? <CircularProgress size={16} /> : <FileDownloadOutlinedIcon />}
            disabled={busy !== null}
            onClick={() =>
              run(format, () =>
                download(
                  'exportSignatureRequests',
                  { body: { ...filterBody(filters), format } },
                  `historial-solicitudes.${format}`,
                ),
              )
            }
          >
            {format === 'xlsx' ? HISTORY_TEXT.exportXlsx : HISTORY_TEXT.exportCsv}
          </Button>
        ))}
        {selected.size > 0 && (
          <Typography variant="body2" role="status">
            {HISTORY_TEXT.selected(selected.size)}
          </Typography>
        )}
      </Stack>
      {list.isError && <Alert severity="error">{HISTORY_TEXT.loadFailed}</Alert>}
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={HISTORY_TEXT.loading} />
        </Box>
      ) : items.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          {HISTORY_TEXT.empty}
        </Typography>
      ) : phone ? (
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={HISTORY_TEXT.title}
        >
          {items.map((item) => (
            <RequestCard
              key={item.id}
              item={item}
              checked={selected.has(item.id)}
              onToggle={() => toggle(item.id)}
            />
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={HISTORY_TEXT.title}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': HISTORY_TEXT.selectAll } }}
                  />
                </TableCell>
                <SortableHeader
                  label={HISTORY_TEXT.requestTitle}
                  column="title"
                  sort={sort}
                  onSort={sortBy}
                />
                <TableCell>{HISTORY_TEXT.signers}</TableCell>
                <SortableHeader label={HISTORY_TEXT.status} column="status" sort={sort} onSort={sortBy} />
                <SortableHeader
                  label={HISTORY_TEXT.createdAt}
                  column="created_at"
                  sort={sort}
                  onSort={sortBy}
                />
                <SortableHeader
                  label={HISTORY_TEXT.expiresAt}
                  column="expires_at"
                  sort={sort}
                  onSort={sortBy}
                />
                <TableCell>{HISTORY_TEXT.createdBy}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} hover selected={selected.has(item.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(item.id)}
                      onChange={() => toggle(item.id)}
                      slotProps={{ input: { 'aria-label': HISTORY_TEXT.selectRow(item.title) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Link to={requestDetailPath(item.id)} underline="hover" sx={{ fontWeight: 500 }}>
                      {item.title}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {item.company_name}
                      {item.package_name ? ` · ${item.package_name}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {item.signers.map((signer) => signer.name).join(', ')}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {HISTORY_TEXT.signedOf(item.signed_count, item.signer_count)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <RequestStatusChip status={item.status} />
                  </TableCell>
                  <TableCell>{formatDateTime(item.created_at)}</TableCell>
                  <TableCell>{formatDate(item.expires_at)}</TableCell>
                  <TableCell>{item.creator_name ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page - 1}
        onPageChange={(_, next) => setPage(next + 1)}
        rowsPerPage={itemsPerPage}
        rowsPerPageOptions={[15, 50, 100]}
        onRowsPerPageChange={(event) => {
          setItemsPerPage(Number(event.target.value));
          setPage(1);
        }}
        labelRowsPerPage={HISTORY_TEXT.rowsPerPage}
        labelDisplayedRows={rangeLabel}
      />
    </Box>
  );
}

function SortableHeader(props: {
  label: string;
  column: SortKey;
  sort: { sort: SortKey; order: 'ASC' | 'DESC' };
  onSort: (column: SortKey) => void;
}) {
  const active = props.sort.sort === props.column;
  return (
    <TableCell sortDirection={active ? (props.sort.order === 'ASC' ? 'asc' : 'desc') : false}>
      <TableSortLabel
        active={active}
        direction={active && props.sort.order === 'ASC' ? 'asc' : 'desc'}
        onClick={() => props.onSort(props.column)}
      >
        {props.label}
      </TableSortLabel>
    </TableCell>
  );
}

/** A request as a phone shows it: one card per row, the same selection and link. */
function RequestCard({
  item,
  checked,
  onToggle,
}: {
  item: RequestItem;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'flex',
        gap: 1,
        minWidth: 0,
      }}
    >
      <Checkbox
        checked={checked}
        onChange={onToggle}
        sx={{ alignSelf: 'flex-start', p: 0.5 }}
        slotProps={{ input: { 'aria-label': HISTORY_TEXT.selectRow(item.title) } }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Link
            to={requestDetailPath(item.id)}
            underline="hover"
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Link>
          <RequestStatusChip status={item.status} />
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.signers.map((signer) => signer.name).join(', ')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {HISTORY_TEXT.createdAt} {formatDate(item.created_at)} · {HISTORY_TEXT.expiresAt}{' '}
          {formatDate(item.expires_at)}
        </Typography>
      </Box>
    </Box>
  );
}
