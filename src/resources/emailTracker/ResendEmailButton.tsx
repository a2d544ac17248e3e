import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { email as emailSchema } from '../../../contract/schemas';
import { VALIDATION_MESSAGES } from '../../../contract/validationMessages';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import { ViewDetailsButton } from '../../framework/common/ActionButtons';
import { RowActionButton } from '../../framework/common/RowActionButton';
import { useAppTranslate } from '../../i18n/useAppTranslate';

type ProblemBody = { message?: string; errors?: Record<string, string> };

/** The server's message for the address field, or its general message. */
function problemOf(error: unknown): { field?: string; message: string } {
  const body = (error as { body?: ProblemBody } | null)?.body;
  const message = body?.message ?? (error instanceof Error ? error.message : '') ?? '';
  return { field: body?.errors?.to, message: message || 'Error del servidor' };
}

/** "Reenviar": the e-mail again, to a corrected address (resend_email_sent_log). */
export function ResendEmailButton() {
  const record = useRecordContext();
  const mayCall = useMayCall();
  const translate = useAppTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  if (!record || !mayCall('resendTrackedEmail')) return null;

  const close = () => {
    setOpen(false);
    setFieldError(null);
  };
  const send = async () => {
    const parsed = emailSchema.safeParse(to);
    if (!parsed.success) {
      setFieldError(VALIDATION_MESSAGES.email);
      return;
    }
    setRunning(true);
    try {
      await dataProvider.callEndpoint('resendTrackedEmail', {
        body: { email_id: Number(record.id), to: parsed.data },
      });
      notify(translate('resources.email_tracker.resent', { to: parsed.data }), { type: 'success' });
      close();
      refresh();
    } catch (error) {
      const problem = problemOf(error);
      if (problem.field) setFieldError(problem.field);
      else notify(problem.message, { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <RowActionButton
        label={translate('resources.email_tracker.resend')}
        icon={<ForwardToInboxOutlinedIcon />}
        color="primary"
        onClick={() => {
          setTo(String(record.to ?? ''));
          setOpen(true);
        }}
      />
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        fullScreen={fullScreen}
        onClick={(event) => event.stopPropagation()}
      >
        <DialogTitle>{translate('resources.email_tracker.resend_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('resources.email_tracker.resend_help')}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={translate('resources.email_tracker.resend_to')}
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'resend-to' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} color="inherit">
            {translate('app.platform.common.cancel')}
          </Button>
          <Button
            onClick={send}
            variant="contained"
            disabled={running}
            startIcon={<ForwardToInboxOutlinedIcon />}
          >
            {translate('resources.email_tracker.resend_send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The row's buttons: details, and "Reenviar" for whoever may send. */
export function TrackedEmailRowActions() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      <ViewDetailsButton />
      <ResendEmailButton />
    </Box>
  );
}
