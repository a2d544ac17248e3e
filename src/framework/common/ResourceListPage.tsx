import { Box, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  DataTable,
  type DataTableProps,
  FilterButton,
  type FilterPayload,
  List,
  type RaRecord,
  ResourceContextProvider,
  SearchInput,
  type SortPayload,
  TopToolbar,
} from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { DEFAULT_PER_PAGE } from '../../dataProvider/dataProvider';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { useMenuLabel } from '../../layout/useMenuLabel';
import { AddButton } from './ActionButtons';
import { ListEmptyState } from './ListEmptyState';
import { ListPagination } from './ListPagination';
import { PhoneRecordList, type PhoneRowConfig } from './PhoneRecordList';
import { RecordFormDialog, RecordShowDialog } from './RecordDialog';
import { RecordDialogProvider, useRecordDialog } from './recordDialogState';
import { ServerExportButton, type ServerExportButtonProps } from './ServerExportButton';

/** SPEC §2.7 / §9: page sizes of every table. */
export const ROWS_PER_PAGE_OPTIONS = [15, 50, 100];

/** The search box of a list, bound to the endpoint's free-text filter (`search` by default). */
export function searchFilter(source = 'search', placeholder?: string): ReactElement {
  // Only when given: an explicit undefined would drop SearchInput's own "Buscar".
  const extra = placeholder ? { placeholder } : {};
  // Wide enough on larger screens for the placeholder to say what is searched.
  return <SearchInput key={source} source={source} alwaysOn sx={{ minWidth: { sm: 320 } }} {...extra} />;
}

export type FormDialogConfig = {
  title: ReactNode;
  /** Saves through another declared resource (e.g. branches over a companies list). */
  resource?: string;
  /** The inputs (`<Entity>Inputs`). */
  content: ReactNode;
  transform?: (data: RaRecord) => RaRecord | Promise<RaRecord>;
  defaultValues?: Record<string, unknown>;
  onSaved?: (record: RaRecord) => void;
  /** The toast after saving (default: the server's reply, e.g. «Centro de costo creado», else "Registro creado" / "Registro actualizado"). */
  successMessage?: (record: RaRecord) => string;
  /** Form-wide validation (the contract's zod schema through react-hook-form). */
  resolver?: Resolver;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
};

export type ShowDialogConfig = {
  title: ReactNode;
  content: ReactNode;
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
};

export type ResourceListPageProps = {
  resource: string;
  /** The page heading (already translated). */
  title: string;
  subtitle?: ReactNode;
  /** Filter inputs; put `searchFilter()` first. Inputs with `alwaysOn` show at once. */
  filters?: ReactElement[];
  /** Filters always sent, not shown (e.g. the company of a company user). */
  filter?: FilterPayload;
  filterDefaultValues?: FilterPayload;
  sort?: SortPayload;
  /** Server-side .xlsx export of every row matching the filters. */
  export?: Omit<ServerExportButtonProps, 'label'>;
  /** The create dialog opened by "Agregar"; no "Agregar" button without it or with `canCreate` false. */
  create?: FormDialogConfig;
  canCreate?: boolean;
  /** The edit dialog opened by the row's UpdateButton / EditButton. */
  edit?: FormDialogConfig;
  /** The show dialog opened by the row's ViewDetailsButton (and a row click). */
  show?: ShowDialogConfig;
  /** Extra toolbar buttons, before export and add. */
  actions?: ReactNode;
  /** The DataTable columns; row actions go in a `DataTable.Col` of their own. */
  children: ReactNode;
  dataTableProps?: Omit<DataTableProps, 'children'>;
  emptyTitle?: string;
  emptyHint?: string;
  /** Stores list params under this key (defaults to `<resource>.listParams`). */
  storeKey?: string;
  /** Below `md`: the records as rows (primary / secondary text, the row's buttons) instead of a table. */
  phone?: PhoneRowConfig;
};

/** Below `md` (SPEC §9 phones and small tablets) lists become rows and filters collapse. */
export function useIsPhoneLayout() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}

const isSearchFilter = (filter: ReactElement) =>
  isValidElement<{ source?: string }>(filter) &&
  (filter.props.source === 'search' || filter.props.source === 'q');

/**
 * On a phone only the search box stays open; the other filters wait behind "Agregar filtro" so the
 * filter bar fits the screen.
 */
function collapsedFilters(filters: ReactElement[] | undefined, phone: boolean) {
  if (!filters || !phone) return filters;
  return filters.map((filter) =>
    isSearchFilter(filter)
      ? filter
      : cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false }),
  );
}

function ListToolbar({ props, phone }: { props: ResourceListPageProps; phone: boolean }) {
  const showAdd = props.create && props.canCreate !== false;
  const collapsible = phone && props.filters?.some((filter) => !isSearchFilter(filter));
  return (
    <TopToolbar
      sx={{
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        justifyContent: { xs: 'flex-start', md: 'flex-end' },
        minHeight: 'auto',
        whiteSpace: 'normal',
        flex: { xs: 'none', md: '0 1 auto' },
        width: { xs: '100%', md: 'auto' },
        maxWidth: '100%',
      }}
    >
      {collapsible ? <FilterButton /> : null}
      {props.actions}
      {props.export ? <ServerExportButton {...props.export} /> : null}
      {showAdd ? <AddButton /> : null}
    </TopToolbar>
  );
}

/** The create / edit / show dialogs of a list screen, driven by `useRecordDialog`. */
function ListRecordDialogs({ create, edit, show }: Pick<ResourceListPageProps, 'create' | 'edit' | 'show'>) {
  const { state, close } = useRecordDialog();
  return (
    <>
      {create ? (
        <RecordFormDialog mode="create" open={state.kind === 'create'} onClose={close} {...create}>
          {create.content}
        </RecordFormDialog>
      ) : null}
      {edit && state.kind === 'edit' ? (
        <RecordFormDialog mode="edit" id={state.id} open onClose={close} {...edit}>
          {edit.content}
        </RecordFormDialog>
      ) : null}
      {show && state.kind === 'show' ? (
        <RecordShowDialog id={state.id} open onClose={close} {...show}>
          {show.content}
        </RecordShowDialog>
      ) : null}
    </>
  );
}

function ListTable({ props, phone }: { props: ResourceListPageProps; phone: boolean }) {
  const { openShow } = useRecordDialog();
  if (phone && props.phone) {
    return (
      <PhoneRecordList
        {...props.phone}
        onOpen={props.show ? (record) => openShow(record.id) : undefined}
        emptyTitle={props.emptyTitle}
        emptyHint={props.emptyHint}
      />
    );
  }
  const rowClick = props.show
    ? (id: RaRecord['id']) => {
        openShow(id);
        return false as const;
      }
    : false;
  return (
    <DataTable
      rowClick={rowClick}
      bulkActionButtons={false}
      empty={<ListEmptyState title={props.emptyTitle} hint={props.emptyHint} />}
      {...props.dataTableProps}
    >
      {props.children}
    </DataTable>
  );
}

/**
 * The house list screen (STYLE 7, SPEC §2.7): heading, search and filters, server-side sort and
 * pagination (15 rows, options 15 / 50 / 100), a DataTable, a Spanish empty state, server-side
 * export, and create / show / edit dialogs over the list (the routes are fixed, SPEC §2.1).
 *
 * ```tsx
 * <ResourceListPage resource="companies" title="Empresas" filters={[searchFilter()]}
 *   export={{ endpoint: 'exportCompanies', filename: 'empresas.xlsx' }}
 *   create={{ title: 'Nueva empresa', content: <CompanyInputs /> }}
 *   show={{ title: 'Empresa', content: <CompanyDetails /> }}>
 *   <DataTable.Col source="fiscal_name" />
 *   <DataTable.Col label="Acciones">
 *     <ViewDetailsButton /> <UpdateButton to={(r) => `/user/company/update/${r.id}`} /> <ConfirmDeleteButton />
 *   </DataTable.Col>
 * </ResourceListPage>
 * ```
 */
export function ResourceListPage(props: ResourceListPageProps) {
  // The heading is the page's menu label for this user (SPEC §2.6), else the given title.
  const title = useMenuLabel() ?? props.title;
  useDocumentTitle(title);
  const phone = useIsPhoneLayout();
  return (
    <ResourceContextProvider value={props.resource}>
      <RecordDialogProvider>
        <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
          <Stack spacing={0.5} sx={{ mb: 1 }}>
            <Typography id="page-title" component="h1" variant="h4">
              {title}
            </Typography>
            {props.subtitle ? (
              <Typography color="text.secondary" variant="body2">
                {props.subtitle}
              </Typography>
            ) : null}
          </Stack>
          <List
            resource={props.resource}
            title={title}
            perPage={DEFAULT_PER_PAGE}
            pagination={<ListPagination rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS} />}
            filters={collapsedFilters(props.filters, phone)}
            filter={props.filter}
            filterDefaultValues={props.filterDefaultValues}
            sort={props.sort}
            actions={<ListToolbar props={props} phone={phone} />}
            empty={false}
            storeKey={props.storeKey}
            sx={{
              maxWidth: '100%',
              // A table without phone rows scrolls inside its card, never the page.
              '& .RaList-main': { minWidth: 0, maxWidth: '100%' },
              '& .RaList-content': { overflowX: 'auto', maxWidth: '100%' },
              // Phones: filters over the buttons, both as wide as the screen and wrapping.
              '& .RaList-actions': {
                flexWrap: 'wrap',
                gap: 1,
                flexDirection: { xs: 'column', md: 'row' },
                alignItems: { xs: 'stretch', md: 'flex-end' },
              },
              '& .RaFilterForm-root': { flexWrap: 'wrap', minWidth: 0 },
            }}
          >
            <ListTable props={props} phone={phone} />
            <ListRecordDialogs create={props.create} edit={props.edit} show={props.show} />
          </List>
        </Box>
      </RecordDialogProvider>
    </ResourceContextProvider>
  );
}
