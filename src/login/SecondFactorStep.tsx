import { Alert, Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, regex, required, TextInput, useDataProvider, useLogin } from 'react-admin';
import type { SecondFactorRequired } from '../authProvider/authProvider';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { serverMessage } from '../session/serverErrors';

export type PendingSignIn = Pick<SecondFactorRequired, 'challenge' | 'sentTo' | 'expiresInSeconds'>;

export type SecondFactorStepProps = {
  pending: PendingSignIn;
  /** Back to the credentials (another account, or a challenge that can no longer be used). */
  onBack: () => void;
};

const codeValidators = [required(), regex(/^\d{6}$/, 'app.session.second_factor.invalid_code')];
/** Keeps only digits, at most six: pasted codes with spaces or dashes still work. */
const onlyDigits = (value: string) => (value ?? '').replace(/\D/g, '').slice(0, 6);

/** The login's second step: the 6-digit code e-mailed to the user, with "Reenviar código". */
export function SecondFactorStep({ pending, onBack }: SecondFactorStepProps) {
  const translate = useAppTranslate();
  const login = useLogin();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [delivery, setDelivery] = useState({
    sentTo: pending.sentTo,
    expiresInSeconds: pending.expiresInSeconds,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    setNotice(null);
    setBusy('verify');
    try {
      // authProvider.login answers { redirectTo: '/home' }; useLogin navigates there.
      await login({ challenge: pending.challenge, code: String(values.code ?? '') });
      return undefined;
    } catch (error) {
      // One field: the alert says it all (its field error would only repeat it).
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setFailure(null);
    setNotice(null);
    setBusy('resend');
    try {
      const reply = await dataProvider.callEndpoint('sendCode', { body: { challenge: pending.challenge } });
      setDelivery(reply);
      setNotice(translate('app.session.second_factor.resent', { sentTo: reply.sentTo }));
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.session.second_factor.sent_to', {
          sentTo: delivery.sentTo,
          minutes: Math.max(1, Math.round(delivery.expiresInSeconds / 60)),
        })}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <Form onSubmit={submit} noValidate disableInvalidFormNotification>
        <TextInput
          source="code"
          label={translate('app.session.second_factor.code')}
          validate={codeValidators}
          parse={onlyDigits}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              maxLength: 6,
              style: { letterSpacing: '0.4em', fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy !== null}
          startIcon={
            busy === 'verify' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
          sx={{ mt: 2 }}
        >
          {translate('app.session.second_factor.submit')}
        </Button>
      </Form>
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <MuiLink component="button" type="button" variant="body2" onClick={onBack} disabled={busy !== null}>
          {translate('app.session.second_factor.back')}
        </MuiLink>
        <MuiLink component="button" type="button" variant="body2" onClick={resend} disabled={busy !== null}>
          {translate('app.session.second_factor.resend')}
        </MuiLink>
      </Stack>
    </>
  );
}
