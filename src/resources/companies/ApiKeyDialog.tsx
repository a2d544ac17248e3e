import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export type ApiKeyDialogProps = {
  /** The new key; the dialog is open while it is set. */
  apiKey: string | null;
  onClose: () => void;
  title?: string;
};

/** Shows a freshly generated API key ONCE, with a copy button (the server stores it hashed). */
export function ApiKeyDialog({ apiKey, onClose, title }: ApiKeyDialogProps) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey);
      notify(translate('app.companies.api_key_copied'), { type: 'success' });
    } catch {
      // Clipboard refused (permissions, insecure origin): the key stays selectable on screen.
    }
  };
  return (
    <Dialog open={apiKey !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title ?? translate('app.companies.api_key_dialog_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.companies.api_key_dialog_text')}
        </Alert>
        <DialogContentText component="div">
          <Box
            sx={{
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            <Typography component="code" data-testid="api-key-value" sx={{ fontFamily: 'inherit' }}>
              {apiKey}
            </Typography>
          </Box>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('app.companies.api_key_copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.list.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
