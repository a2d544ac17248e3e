import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import {
  Alert,
  Avatar,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { createSessionStore } from '../authProvider/session';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { stackedOnPhones } from './dialogActions';
import { serverMessage } from './serverErrors';

/**
 * Mounted once in the authenticated layout. After a sign-in whose reply had `promptTwoFactor`
 * (the auth provider keeps the user id under `two_factor_prompt`), asks whether to turn two-factor
 * on. Either answer goes to `twoFactorPreference`, and the server remembers it for this user.
 */
export function TwoFactorPrompt() {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!identity) return;
    const promptFor = createSessionStore().getTwoFactorPrompt();
    // Only for the user who signed in, never for someone impersonated.
    setOpen(promptFor === identity.id && !identity.isImpersonating);
  }, [identity]);

  const answer = async (enabled: boolean) => {
    setFailure(null);
    setSaving(enabled);
    try {
      await dataProvider.callEndpoint('twoFactorPreference', { body: { enabled } });
      createSessionStore().removeTwoFactorPrompt();
      setOpen(false);
      notify(enabled ? 'app.session.two_factor_prompt.enabled' : 'app.session.two_factor_prompt.declined', {
        type: enabled ? 'success' : 'info',
      });
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Dialog open={open} maxWidth="xs" fullWidth aria-labelledby="two-factor-prompt-title">
      <DialogTitle id="two-factor-prompt-title" component="h2">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar aria-hidden sx={{ bgcolor: 'primary.main', color: 'common.white' }}>
            <VerifiedUserOutlinedIcon />
          </Avatar>
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {translate('app.session.two_factor_prompt.title')}
          </Typography>
        </Stack>
      </DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Typography color="text.secondary">{translate('app.session.two_factor_prompt.body')}</Typography>
      </DialogContent>
      <DialogActions disableSpacing sx={stackedOnPhones}>
        <Button
          color="inherit"
          onClick={() => answer(false)}
          disabled={saving !== null}
          startIcon={
            saving === false ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
          }
        >
          {translate('app.session.two_factor_prompt.later')}
        </Button>
        <Button
          variant="contained"
          onClick={() => answer(true)}
          disabled={saving !== null}
          startIcon={saving === true ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {translate('app.session.two_factor_prompt.enable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
