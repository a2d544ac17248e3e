/**
 * The shared list framework of every resource screen (SPEC §2.1, §2.7; STYLE 7).
 *
 * How to use it (see src/resources/companies/ for a full example):
 *
 * - A resource screen is ONE page on its fixed list route: `<ResourceListPage resource="…" title=…>`
 *   with `DataTable.Col` children. It gives the heading, the search box (`filters={[searchFilter()]}`
 *   plus your own inputs with `alwaysOn`), server-side sort and pagination (15 rows, options
 *   15 / 50 / 100), the Spanish empty state, and the toolbar: `export={{ endpoint, filename, toBody? }}`
 *   (ServerExportButton: POSTs the filters with the bearer token, downloads the .xlsx) and "Agregar"
 *   when `create` is given.
 * - Create / show / edit open in dialogs over the list: pass `create={{ title, content: <XInputs />,
 *   transform? }}`, `edit={{ … }}`, `show={{ title, content: <XDetails /> }}`. Forms save
 *   pessimistically, so the server's `errors` appear next to the fields. Row buttons open them:
 *   `<ViewDetailsButton />`, `<UpdateButton />` / `<EditButton />` (or `to={(r) => path}` for a
 *   fixed edit route), `<ConfirmDeleteButton />` (red confirm button).
 * - Other §2.7 actions take `onClick={(record) => …}`: JsonButton, CertificateButton,
 *   SearchRecordButton, ResendButton, CancelActionButton, HistoryButton, ActivateUserButton; for
 *   anything else use `RowActionButton` (icon + Spanish tooltip). `useRecordDialog()` opens the
 *   dialogs from your own components; `RecordFormDialog` / `RecordShowDialog` work standalone too.
 * - Strings live in `app.list.*` (src/i18n/en.list.ts); column labels come from
 *   `resources.<name>.fields.<source>`.
 */
export {
  ActivateUserButton,
  AddButton,
  type AddButtonProps,
  CancelActionButton,
  CertificateButton,
  EditButton,
  HistoryButton,
  JsonButton,
  ResendButton,
  type RowActionProps,
  SearchRecordButton,
  UpdateButton,
  ViewDetailsButton,
} from './ActionButtons';
export { ConfirmDeleteButton, type ConfirmDeleteButtonProps } from './ConfirmDeleteButton';
export { DetailGrid, type DetailItem } from './DetailGrid';
export { ListEmptyState, type ListEmptyStateProps } from './ListEmptyState';
export { PhoneRecordList, type PhoneRecordListProps, type PhoneRowConfig } from './PhoneRecordList';
export {
  RecordFormDialog,
  type RecordFormDialogProps,
  RecordShowDialog,
  type RecordShowDialogProps,
} from './RecordDialog';
export {
  type FormDialogConfig,
  ResourceListPage,
  type ResourceListPageProps,
  ROWS_PER_PAGE_OPTIONS,
  type ShowDialogConfig,
  searchFilter,
  useIsPhoneLayout,
} from './ResourceListPage';
export { RowActionButton, type RowActionButtonProps } from './RowActionButton';
export {
  type RecordDialogControls,
  RecordDialogProvider,
  type RecordDialogState,
  useOptionalRecordDialog,
  useRecordDialog,
} from './recordDialogState';
export { ServerExportButton, type ServerExportButtonProps, saveBlob } from './ServerExportButton';
