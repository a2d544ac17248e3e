import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { type RaRecord, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { EndpointName } from '../../../contract';
import { useMayCall } from '../../access/endpointAccess';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RowActionButton } from './RowActionButton';

export type PublishButtonProps = {
  /** The endpoint `publish` calls: the button shows only to whoever may call it. */
  endpoint: EndpointName;
  /** Publishes the record; `sendEmail` is the checkbox's value when `emailOption` is set. */
  publish: (record: RaRecord, sendEmail: boolean) => Promise<unknown>;
  title: (record: RaRecord) => string;
  content: ReactNode;
  successMessage: string;
  /** Label of an "also send by e-mail" checkbox; no checkbox without it. */
  emailOption?: string;
};

/** "Publicar" on a draft row: asks for confirmation, then publishes and refreshes the list. */
export function PublishButton({
  endpoint,
  publish,
  title,
  content,
  successMessage,
  emailOption,
}: PublishButtonProps) {
  const record = useRecordContext();
  const mayCall = useMayCall();
  const translate = useAppTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  const [running, setRunning] = useState(false);
  if (!record || record.status === 'published' || !mayCall(endpoint)) return null;

  const confirm = async () => {
    setRunning(true);
    try {
      await publish(record, sendEmail);
      notify(successMessage, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Error del servidor', {
        type: 'error',
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <RowActionButton
        label={translate('app.platform.common.publish')}
        icon={<PublishOutlinedIcon />}
        color="primary"
        onClick={() => setOpen(true)}
      />
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(event) => event.stopPropagation()}>
        <DialogTitle>{title(record)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{content}</DialogContentText>
          {emailOption ? (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox checked={sendEmail} onChange={(event) => setSendEmail(event.target.checked)} />
              }
              label={emailOption}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} color="inherit">
            {translate('app.platform.common.cancel')}
          </Button>
          <Button
            onClick={confirm}
            variant="contained"
            disabled={running}
            startIcon={<PublishOutlinedIcon />}
          >
            {translate('app.platform.common.publish')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
