import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { email, Form, Link, PasswordInput, required, TextInput, useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PATHS } from '../access/paths';
import type { AppDataProvider } from '../dataProvider';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { confirmPasswordValidators, newPasswordValidators } from './passwordValidation';
import { SessionCard } from './SessionCard';
import { serverFieldErrors, serverMessage } from './serverErrors';

const emailValidators = [required(), email()];

type Submit = (values: Record<string, unknown>) => Promise<Record<string, string> | undefined>;

/** Runs a request for a form: tracks progress, shows the server's message on failure. */
function useFormRequest(run: (values: Record<string, unknown>) => Promise<void>) {
  const translate = useAppTranslate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit: Submit = async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      await run(values);
      return undefined;
    } catch (error) {
      setFailure(serverMessage(error) ?? translate('app.login.error'));
      return serverFieldErrors(error);
    } finally {
      setBusy(false);
    }
  };
  return { failure, busy, submit };
}

function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ mt: 2 }}
    >
      {children}
    </Button>
  );
}

function FailureAlert({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {failure}
    </Alert>
  );
}

/** A finished step: an icon, the message and a link (to the login page). */
function Outcome({ icon, message, link }: { icon: ReactNode; message: string; link: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box aria-hidden sx={{ color: 'success.main', '& svg': { fontSize: 48 } }}>
        {icon}
      </Box>
      <Typography role="status">{message}</Typography>
      <Link to={PATHS.login} variant="body1" sx={{ fontWeight: 600 }}>
        {link}
      </Link>
    </Stack>
  );
}

function BackToLogin() {
  const translate = useAppTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link to={PATHS.login} variant="body2">
        {translate('app.session.recover.back_to_login')}
      </Link>
    </Box>
  );
}

/** Step 1: the e-mail. The reply is the same whatever the address, and so is the confirmation. */
function RequestLink() {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [sent, setSent] = useState(false);
  const { failure, busy, submit } = useFormRequest(async (values) => {
    await dataProvider.callEndpoint('passwordReset', { body: { email: String(values.email ?? '').trim() } });
    setSent(true);
  });
  const title = translate(sent ? 'app.session.recover.sent_title' : 'app.session.recover.title');
  useDocumentTitle(title);

  return (
    <SessionCard title={title} titleId="recover-title">
      {sent ? (
        <Outcome
          icon={<MarkEmailReadOutlinedIcon />}
          message={translate('app.session.recover.sent')}
          link={translate('app.session.recover.back_to_login')}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.session.recover.intro')}
          </Typography>
          <FailureAlert failure={failure} />
          <Form onSubmit={submit} noValidate disableInvalidFormNotification>
            <TextInput
              source="email"
              type="email"
              label={translate('app.session.recover.email')}
              validate={emailValidators}
              autoComplete="email"
              autoFocus
            />
            <SubmitButton busy={busy}>{translate('app.session.recover.submit')}</SubmitButton>
          </Form>
          <BackToLogin />
        </>
      )}
    </SessionCard>
  );
}

/** Step 2, from the e-mailed link: the new password, twice. */
function ResetPassword({ token }: { token: string }) {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [done, setDone] = useState(false);
  const { failure, busy, submit } = useFormRequest(async (values) => {
    await dataProvider.callEndpoint('passwordResetConfirm', {
      body: { token, password: String(values.password ?? '') },
    });
    setDone(true);
  });
  const title = translate(done ? 'app.session.recover.done_title' : 'app.session.recover.reset_title');
  useDocumentTitle(title);

  return (
    <SessionCard title={title} titleId="recover-title">
      {done ? (
        <Outcome
          icon={<TaskAltIcon />}
          message={translate('app.session.recover.done')}
          link={translate('app.session.recover.go_to_login')}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.session.recover.reset_intro')}
          </Typography>
          <FailureAlert failure={failure} />
          <Form onSubmit={submit} noValidate disableInvalidFormNotification>
            <PasswordInput
              source="password"
              label={translate('app.session.recover.new_password')}
              validate={newPasswordValidators}
              autoComplete="new-password"
              autoFocus
            />
            <PasswordInput
              source="confirmation"
              label={translate('app.session.recover.confirm_password')}
              validate={confirmPasswordValidators('password')}
              autoComplete="new-password"
            />
            <SubmitButton busy={busy}>{translate('app.session.recover.reset_submit')}</SubmitButton>
          </Form>
          <BackToLogin />
        </>
      )}
    </SessionCard>
  );
}

/**
 * SPEC §2.1 `session.recover-password` (/session/recover-password), guests only: asks for the
 * e-mail, or — opened from the e-mailed link (`?token=…`) — sets the new password.
 */
export function RecoverPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return token ? <ResetPassword token={token} /> : <RequestLink />;
}
