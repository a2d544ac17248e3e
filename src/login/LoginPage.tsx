import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { email, Form, Link, PasswordInput, required, TextInput, useLogin } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PATHS } from '../access/paths';
import { SecondFactorRequired } from '../authProvider/authProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { SessionCard } from '../session/SessionCard';
import { serverFieldErrors, serverMessage } from '../session/serverErrors';
import { type PendingSignIn, SecondFactorStep } from './SecondFactorStep';

const emailValidators = [required(), email()];
const passwordValidators = [required()];

/**
 * SPEC §2.1 `session.login` (/session/login): e-mail and password, then home — or, for a user with
 * two-factor on, the 6-digit code step first.
 */
export function LoginPage() {
  const translate = useAppTranslate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  // The e-mailed unlock link (`?unlock=…`) lets its owner sign in past the failed-attempt delays.
  const [searchParams] = useSearchParams();
  const unlockToken = searchParams.get('unlock')?.trim() || undefined;
  const title = translate(pending ? 'app.session.second_factor.title' : 'app.login.title');
  useDocumentTitle(title);

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    setSubmitting(true);
    try {
      // authProvider.login answers with { redirectTo: '/home' }; useLogin navigates there.
      await login({
        email: String(values.email ?? ''),
        password: String(values.password ?? ''),
        ...(unlockToken ? { unlock_token: unlockToken } : {}),
      });
      return undefined;
    } catch (error) {
      if (error instanceof SecondFactorRequired) {
        setPending(error);
        return undefined;
      }
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      return serverFieldErrors(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SessionCard title={title} titleId="login-title">
      {pending ? (
        <SecondFactorStep pending={pending} onBack={() => setPending(null)} />
      ) : (
        <>
          {unlockToken && !failure && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.login.unlock_hint')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Form onSubmit={submit} noValidate disableInvalidFormNotification>
            <TextInput
              source="email"
              type="email"
              label={translate('app.login.email')}
              validate={emailValidators}
              autoComplete="username"
              autoFocus
            />
            <PasswordInput
              source="password"
              label={translate('app.login.password')}
              validate={passwordValidators}
              autoComplete="current-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              sx={{ mt: 2 }}
            >
              {translate('app.login.submit')}
            </Button>
          </Form>
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link to={PATHS.recoverPassword} variant="body2">
              {translate('app.login.forgot_password')}
            </Link>
          </Box>
        </>
      )}
    </SessionCard>
  );
}
