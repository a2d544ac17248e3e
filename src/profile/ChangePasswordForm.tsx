import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { confirmPasswordValidators, newPasswordValidators } from '../session/passwordValidation';
import { serverFieldErrors, serverMessage } from '../session/serverErrors';

const currentPasswordValidators = [required()];

/**
 * "Cambiar contraseña": the current password and the new one twice. The server checks the current
 * one (a wrong one comes back as a field error) and closes the user's other sessions.
 */
export function ChangePasswordForm({ disabled }: { disabled: boolean }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new key mounts an empty form after a successful change.
  const [formKey, setFormKey] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    setBusy(true);
    try {
      await dataProvider.callEndpoint('changePassword', {
        body: {
          current_password: String(values.current_password ?? ''),
          new_password: String(values.new_password ?? ''),
        },
      });
      notify('app.profile.password_changed', { type: 'success' });
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      return serverFieldErrors(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="change-password-title">
      <Typography id="change-password-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.profile.change_password')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.profile.change_password_help')}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Form key={formKey} onSubmit={submit} noValidate disabled={disabled} disableInvalidFormNotification>
        <Stack sx={{ maxWidth: 420 }}>
          <PasswordInput
            source="current_password"
            label={translate('app.profile.current_password')}
            validate={currentPasswordValidators}
            autoComplete="current-password"
            disabled={disabled}
          />
          <PasswordInput
            source="new_password"
            label={translate('app.profile.new_password')}
            validate={newPasswordValidators}
            autoComplete="new-password"
            disabled={disabled}
          />
          <PasswordInput
            source="confirmation"
            label={translate('app.profile.confirm_password')}
            validate={confirmPasswordValidators('new_password')}
            autoComplete="new-password"
            disabled={disabled}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={disabled || busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
            >
              {translate('app.profile.submit_password')}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Box>
  );
}
