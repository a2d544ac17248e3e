import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type RaRecord,
  useDelete,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import { replyMessageOf } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RowActionButton } from './RowActionButton';

export type ConfirmDeleteButtonProps = {
  /** Defaults to the record and resource in context (a DataTable row). */
  record?: RaRecord;
  resource?: string;
  /** 'icon' in table rows (default), 'button' in dialogs and toolbars. */
  variant?: 'icon' | 'button';
  /** Body text of the confirmation (defaults to "Esta acción no se puede deshacer."). */
  confirmContent?: string;
  onDeleted?: (record: RaRecord) => void;
};

/** Drops the cached reads of one deleted record, so no refresh asks the server for it again. */
export function forgetRecord(queryClient: QueryClient, resource: string, id: RaRecord['id']) {
  queryClient.removeQueries({
    predicate: ({ queryKey }) => {
      const [keyResource, method, params] = queryKey as [unknown, unknown, { id?: unknown } | undefined];
      return keyResource === resource && method === 'getOne' && String(params?.id) === String(id);
    },
  });
}

/**
 * Delete with a confirmation dialog whose confirm button is red (SPEC §2.7). The deletion is
 * pessimistic: the row disappears only once the server agreed, and a refusal shows its message.
 */
export function ConfirmDeleteButton(props: ConfirmDeleteButtonProps) {
  const contextRecord = useRecordContext();
  const contextResource = useResourceContext();
  const record = props.record ?? contextRecord;
  const resource = props.resource ?? contextResource;
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const translate = useAppTranslate();
  const represent = useGetRecordRepresentation(resource);
  if (!record || !resource) return null;

  const name = String(represent(record) ?? `#${record.id}`);
  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (deleted) => {
          setOpen(false);
          notify(replyMessageOf(deleted) ?? translate('app.list.deleted'), { type: 'success' });
          // A details or edit dialog opened earlier cached the record; refreshing would refetch it (404).
          forgetRecord(queryClient, resource, record.id);
          refresh();
          props.onDeleted?.(record);
        },
        onError: (error) => {
          setOpen(false);
          const message = error instanceof Error && error.message ? error.message : 'Error del servidor';
          notify(message, { type: 'error' });
        },
      },
    );

  const label = translate('app.list.actions.delete');
  return (
    <>
      {props.variant === 'button' ? (
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      ) : (
        <RowActionButton
          label={label}
          icon={<DeleteOutlineIcon />}
          color="error"
          onClick={() => setOpen(true)}
        />
      )}
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('app.list.delete_dialog.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {props.confirmContent ?? translate('app.list.delete_dialog.content')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit" disabled={isPending}>
            {translate('app.list.cancel')}
          </Button>
          <Button onClick={confirm} color="error" variant="contained" disabled={isPending} autoFocus>
            {translate('app.list.delete_dialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
