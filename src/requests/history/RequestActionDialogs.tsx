import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { bogotaDay } from '../../format';
import { HISTORY_TEXT } from './requestHistoryText';

type DialogFrameProps = {
  open: boolean;
  title: string;
  help: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
};

/** A small form in a dialog, full-screen on phones (STYLE 8). */
function DialogFrame({ open, title, help, busy, onClose, onSubmit, children }: DialogFrameProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="action-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="action-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{help}</DialogContentText>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{HISTORY_TEXT.close}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {HISTORY_TEXT.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export type FieldErrors = Record<string, string | undefined>;

/** Resend to the signer, with the e-mail and phone editable to correct a wrong address. */
export function ResendDialog(props: {
  signer: { name: string; email: string; phone: string | null } | null;
  busy: boolean;
  errors: FieldErrors;
  onClose: () => void;
  onSubmit: (values: { email: string; phone: string }) => void;
}) {
  const [email, setEmail] = useState(props.signer?.email ?? '');
  const [phone, setPhone] = useState(props.signer?.phone ?? '');
  return (
    <DialogFrame
      open={props.signer !== null}
      title={`${HISTORY_TEXT.resendTitle}: ${props.signer?.name ?? ''}`}
      help={HISTORY_TEXT.resendHelp}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={() => props.onSubmit({ email: email.trim(), phone: phone.trim() })}
    >
      <TextField
        label={HISTORY_TEXT.email}
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(props.errors.email)}
        helperText={props.errors.email}
        required
        autoFocus
      />
      <TextField
        label={HISTORY_TEXT.phone}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={Boolean(props.errors.phone)}
        helperText={props.errors.phone}
      />
    </DialogFrame>
  );
}

export function CancelDialog(props: {
  open: boolean;
  busy: boolean;
  errors: FieldErrors;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && reason.trim() === '';
  return (
    <DialogFrame
      open={props.open}
      title={HISTORY_TEXT.cancelTitle}
      help={HISTORY_TEXT.cancelHelp}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={() => {
        setTouched(true);
        if (reason.trim()) props.onSubmit(reason.trim());
      }}
    >
      <TextField
        label={HISTORY_TEXT.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={missing || Boolean(props.errors.reason)}
        helperText={missing ? HISTORY_TEXT.required : props.errors.reason}
        required
        multiline
        minRows={2}
        autoFocus
      />
    </DialogFrame>
  );
}

export function ExtendDialog(props: {
  open: boolean;
  current: string;
  busy: boolean;
  errors: FieldErrors;
  onClose: () => void;
  onSubmit: (expiresAt: string) => void;
}) {
  // A week past the current last day (or past today, when it has gone by).
  const [value, setValue] = useState(() =>
    bogotaDay(new Date(Math.max(Date.now(), new Date(props.current).getTime())), 7),
  );
  return (
    <DialogFrame
      open={props.open}
      title={HISTORY_TEXT.extendTitle}
      help={HISTORY_TEXT.newExpiry}
      busy={props.busy}
      onClose={props.onClose}
      onSubmit={() => props.onSubmit(value)}
    >
      <TextField
        label={HISTORY_TEXT.newExpiry}
        type="date"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(props.errors.expires_at)}
        helperText={props.errors.expires_at ?? HISTORY_TEXT.newExpiryHelp}
        slotProps={{ inputLabel: { shrink: true } }}
        required
        autoFocus
      />
    </DialogFrame>
  );
}
