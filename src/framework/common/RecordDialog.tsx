import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
  CreateBase,
  EditBase,
  Form,
  type Identifier,
  type RaRecord,
  SaveButton,
  ShowBase,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { replyMessageOf } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { KEEP_TYPED_VALUES } from './formValues';

type DialogFrameProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  children: ReactNode;
};

/** The dialog shell shared by the form and show dialogs: full screen below `md`, a close button. */
function DialogFrame({ open, onClose, title, maxWidth = 'sm', children }: DialogFrameProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const translate = useAppTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen}>
      <DialogTitle sx={{ pr: 7 }}>{title}</DialogTitle>
      <IconButton
        aria-label={translate('app.list.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {children}
    </Dialog>
  );
}

export type RecordFormDialogProps = {
  mode: 'create' | 'edit';
  /** Defaults to the surrounding resource context. */
  resource?: string;
  /** The record to edit (mode 'edit'). */
  id?: Identifier;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The inputs (`<Entity>Inputs`). */
  children: ReactNode;
  /** Shapes the form values into the endpoint's body. */
  transform?: (data: RaRecord) => RaRecord | Promise<RaRecord>;
  defaultValues?: Record<string, unknown>;
  /** Called with the saved record, after the dialog closed and the list refreshed. */
  onSaved?: (record: RaRecord) => void;
  /** The toast after saving (default: the server's reply, e.g. «Centro de costo creado», else "Registro creado" / "Registro actualizado"). */
  successMessage?: (record: RaRecord) => string;
  /** Form-wide validation (the contract's zod schema through react-hook-form). */
  resolver?: Resolver;
  maxWidth?: DialogFrameProps['maxWidth'];
};

/** The form body of a dialog: inputs stacked, Cancel and Save at the bottom. */
function DialogForm({
  children,
  onClose,
  resolver,
}: {
  children: ReactNode;
  onClose: () => void;
  resolver?: Resolver;
}) {
  const translate = useAppTranslate();
  return (
    <Form resolver={resolver} resetOptions={KEEP_TYPED_VALUES}>
      <DialogContent dividers>
        <Stack spacing={0.5}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <CancelButton onClick={onClose} label={translate('app.list.cancel')} />
        <SaveButton label={translate('app.list.save')} variant="contained" alwaysEnable={false} />
      </DialogActions>
    </Form>
  );
}

function CancelButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button type="button" onClick={onClick} color="inherit">
      {label}
    </Button>
  );
}

/**
 * Create or edit a record in a dialog over its list (SPEC §2.1 gives resources one route). Saves
 * pessimistically, so the server's field errors (`body.errors`) show next to the inputs.
 */
export function RecordFormDialog(props: RecordFormDialogProps) {
  const { mode, resource, id, open, onClose, title, children, transform, defaultValues, onSaved, resolver } =
    props;
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useAppTranslate();
  const onSuccess = (record: RaRecord) => {
    const message = props.successMessage?.(record) ?? replyMessageOf(record);
    notify(message ?? translate(mode === 'create' ? 'app.list.created' : 'app.list.updated'), {
      type: 'success',
    });
    onClose();
    refresh();
    onSaved?.(record);
  };
  return (
    <DialogFrame open={open} onClose={onClose} title={title} maxWidth={props.maxWidth}>
      {open && mode === 'create' ? (
        <CreateBase
          resource={resource}
          redirect={false}
          transform={transform}
          record={defaultValues}
          mutationOptions={{ onSuccess }}
        >
          <DialogForm onClose={onClose} resolver={resolver}>
            {children}
          </DialogForm>
        </CreateBase>
      ) : null}
      {open && mode === 'edit' && id !== undefined ? (
        <EditBase
          resource={resource}
          id={id}
          redirect={false}
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={{ onSuccess }}
        >
          <EditLoading>
            <DialogForm onClose={onClose} resolver={resolver}>
              {children}
            </DialogForm>
          </EditLoading>
        </EditBase>
      ) : null}
    </DialogFrame>
  );
}

/** A spinner until the record of an edit or show dialog is loaded. */
function EditLoading({ children }: { children: ReactNode }) {
  // EditBase and ShowBase both provide the record context (useShowContext fails inside EditBase).
  const record = useRecordContext();
  if (!record) return <DialogSpinner />;
  return <>{children}</>;
}

function DialogSpinner() {
  return (
    <DialogContent>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Cargando" />
      </Box>
    </DialogContent>
  );
}

export type RecordShowDialogProps = {
  resource?: string;
  id: Identifier;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The fields (`<Entity>Show` content), rendered with the record in context. */
  children: ReactNode;
  /** Extra buttons beside Close (e.g. an edit button). */
  actions?: ReactNode;
  maxWidth?: DialogFrameProps['maxWidth'];
};

/** A record's details in a dialog over its list. */
export function RecordShowDialog({
  resource,
  id,
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth,
}: RecordShowDialogProps) {
  const translate = useAppTranslate();
  return (
    <DialogFrame open={open} onClose={onClose} title={title} maxWidth={maxWidth}>
      {open ? (
        <ShowBase resource={resource} id={id}>
          <EditLoading>
            <DialogContent dividers>{children}</DialogContent>
            <DialogActions sx={{ px: 3, py: 1.5 }}>
              {actions}
              <CancelButton onClick={onClose} label={translate('app.list.close')} />
            </DialogActions>
          </EditLoading>
        </ShowBase>
      ) : null}
    </DialogFrame>
  );
}
