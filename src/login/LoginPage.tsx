import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { email, Form, Link, PasswordInput, required, TextInput, useLogin } from 'react-admin';
import { PATHS } from '../access/paths';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';

type FieldErrors = Record<string, string>;

/** The server's message of a failed login, if it sent one (shown as is: it is already Spanish). */
function serverMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** Field errors of a 4xx reply (`{ message, errors }`), handed back to the form to show per field. */
function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!error || typeof error !== 'object' || !('body' in error)) return undefined;
  const { body } = error;
  if (!body || typeof body !== 'object' || !('errors' in body)) return undefined;
  return body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined;
}

const emailValidators = [required(), email()];
const passwordValidators = [required()];

/** SPEC §2.1 `session.login` (/session/login): e-mail and password, then home. */
export function LoginPage() {
  const translate = useAppTranslate();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(translate('app.login.title'));

  const submit = async (values: Record<string, unknown>) => {
    setFailure(null);
    setSubmitting(true);
    try {
      // authProvider.login answers with { redirectTo: '/home' }; useLogin navigates there.
      await login({ email: String(values.email ?? ''), password: String(values.password ?? '') });
      return undefined;
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      return serverFieldErrors(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: `linear-gradient(160deg, ${theme.palette.appSecondary} 0%, ${theme.palette.appBackground} 55%, ${theme.palette.primary.light} 160%)`,
      })}
    >
      <Card
        component="section"
        aria-labelledby="login-title"
        sx={{ width: '100%', maxWidth: 420 }}
        elevation={3}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={0.5} sx={{ mb: 3, textAlign: 'center' }}>
            <Typography component="p" variant="h4" color="primary" sx={{ fontWeight: 700 }}>
              {translate('app.name')}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {translate('app.tagline')}
            </Typography>
          </Stack>
          <Typography id="login-title" component="h1" variant="h5" sx={{ mb: 2 }}>
            {translate('app.login.title')}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Form onSubmit={submit} noValidate>
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
        </CardContent>
      </Card>
    </Box>
  );
}
