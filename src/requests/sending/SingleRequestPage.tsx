import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { HttpError, Title, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { useCompanyScope } from '../../framework/common/companyChoices';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { useMenuLabel } from '../../layout/useMenuLabel';
import { RequestFieldInput } from './RequestFieldInput';
import { RequestPreview } from './RequestPreview';
import { RequestSentPanel } from './RequestSentPanel';
import {
  draftProblems,
  emptyDraft,
  fieldProblem,
  lastDayDeadline,
  type RequestDraft,
  requestBody,
} from './requestDraft';
import { SignerCard } from './SignerCard';

/** The server's field errors of a refused call (422), keyed like the draft's problems. */
const serverErrors = (error: unknown): { message: string; errors: Record<string, string> } => {
  if (error instanceof HttpError) {
    const body = error.body as { errors?: Record<string, string> } | undefined;
    return { message: error.message, errors: body?.errors ?? {} };
  }
  return { message: error instanceof Error ? error.message : String(error), errors: {} };
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /single-signature-request: one request from a document group the user may send, with the
 * group's fields (checked by the same schemas as the server), its signers, order, authentication,
 * expiry and reminders; a preview of the exact PDFs; then the send.
 */
export function SingleRequestPage() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.requestSending.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const scope = useCompanyScope();
  const title = useMenuLabel() ?? translate('app.pages.single_request');
  useDocumentTitle(title);
  const [packageId, setPackageId] = useState<number | ''>('');
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<EndpointReply<'previewSignatureRequest'> | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  // Set at once, before React re-renders the disabled buttons: a second click in between is ignored.
  const running = useRef(false);
  const [sent, setSent] = useState<{ id: number; repeated: boolean } | null>(null);

  const groups = useQuery({
    queryKey: ['sendable-packages', scope.companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listSendablePackages', { companyId: scope.companyId }, { signal }),
    enabled: scope.companyId > 0,
  });
  const form = useQuery({
    queryKey: ['request-form', packageId],
    queryFn: async ({ signal }) => {
      const reply = await dataProvider.callEndpoint(
        'getRequestForm',
        { documentPackageId: Number(packageId) },
        { signal },
      );
      setDraft(emptyDraft(reply));
      return reply;
    },
    enabled: packageId !== '',
  });

  const choose = (id: number) => {
    setPackageId(id);
    setDraft(null);
    setErrors({});
    setProblem(null);
    setPreview(null);
    setSent(null);
  };
  const sendAnother = () => {
    if (form.data) setDraft(emptyDraft(form.data));
    setErrors({});
    setProblem(null);
    setSent(null);
  };
  const update = (next: RequestDraft) => {
    setDraft(next);
    setPreview(null);
  };
  const checkField = (name: string) => {
    const field = form.data?.fields.find((each) => each.name === name);
    if (!field || !draft) return;
    const message = fieldProblem(field, draft.values[name]);
    setErrors(({ [`values.${name}`]: _old, ...rest }) =>
      message ? { ...rest, [`values.${name}`]: message } : rest,
    );
  };

  const run = async (kind: 'preview' | 'send') => {
    if (!draft || !form.data || packageId === '' || running.current) return;
    setProblem(null);
    const problems = kind === 'send' ? draftProblems(packageId, draft, form.data) : {};
    if (kind === 'preview') {
      for (const field of form.data.fields) {
        const value = draft.values[field.name];
        const message = value ? fieldProblem(field, value) : undefined;
        if (message) problems[`values.${field.name}`] = message;
      }
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      setProblem(t('fix'));
      return;
    }
    running.current = true;
    setBusy(kind);
    try {
      const body = requestBody(packageId, draft, form.data);
      if (kind === 'preview') {
        setPreview(
          await dataProvider.callEndpoint('previewSignatureRequest', {
            body: { document_package_id: packageId, values: body.values, pages: true },
          }),
        );
      } else {
        const reply = await dataProvider.callEndpoint('processSignatureRequest', { body });
        setSent({ id: reply.request_id, repeated: reply.repeated });
        setPreview(null);
      }
    } catch (error) {
      const refused = serverErrors(error);
      setErrors(refused.errors);
      setProblem(refused.message);
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const fields = form.data?.fields ?? [];
  const lastDay = draft ? lastDayDeadline(draft.expires_at) : undefined;
  const expiresUntil = lastDay ? t('expires_until', { deadline: lastDay }) : ' ';

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={title} />
      <Typography id="page-title" component="h1" variant="h4">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <TextField
          select
          id="request-group"
          label={t('group')}
          value={packageId}
          onChange={(event) => choose(Number(event.target.value))}
          helperText={groups.data && groups.data.length === 0 ? t('no_groups') : ' '}
          sx={{ maxWidth: 560 }}
        >
          {(groups.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {`${group.name} · ${group.folder_name}`}
            </MenuItem>
          ))}
        </TextField>
        {packageId !== '' && !draft ? (
          form.isError ? (
            <Alert severity="error">{serverErrors(form.error).message}</Alert>
          ) : (
            <CircularProgress aria-label={translate('app.shell.loading')} />
          )
        ) : null}
        {sent ? (
          <RequestSentPanel requestId={sent.id} repeated={sent.repeated} onSendAnother={sendAnother} />
        ) : null}
        {draft && form.data && !sent ? (
          <>
            <Section title={t('fields')}>
              {fields.length === 0 ? (
                <Typography color="text.secondary">{t('no_fields')}</Typography>
              ) : (
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                  }}
                >
                  {fields.map((field) => (
                    <RequestFieldInput
                      key={field.name}
                      field={field}
                      value={draft.values[field.name] ?? ''}
                      error={errors[`values.${field.name}`]}
                      onChange={(value) =>
                        update({ ...draft, values: { ...draft.values, [field.name]: value } })
                      }
                      onBlur={() => checkField(field.name)}
                    />
                  ))}
                </Box>
              )}
            </Section>
            <Section title={t('signers')}>
              <Stack spacing={2}>
                {draft.signers.map((signer, index) => (
                  <SignerCard
                    key={signer.number}
                    index={index}
                    companyId={form.data.company_id}
                    signer={signer}
                    form={form.data}
                    errors={errors}
                    onChange={(next) =>
                      update({
                        ...draft,
                        signers: draft.signers.map((each, at) => (at === index ? next : each)),
                      })
                    }
                  />
                ))}
              </Stack>
            </Section>
            <Section title={t('settings')}>
              <Stack spacing={2}>
                <TextField
                  id="request-title"
                  label={t('title')}
                  value={draft.title}
                  error={Boolean(errors.title)}
                  helperText={errors.title ?? t('title_help', { group: form.data.name })}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                  onChange={(event) => update({ ...draft, title: event.target.value })}
                />
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <Typography component="legend" variant="body2" color="text.secondary">
                    {t('order')}
                  </Typography>
                  <RadioGroup
                    row
                    value={draft.signing_order}
                    onChange={(event) =>
                      update({ ...draft, signing_order: event.target.value as RequestDraft['signing_order'] })
                    }
                  >
                    <FormControlLabel
                      value="sequential"
                      control={<Radio />}
                      label={t('sequential')}
                      disabled={!form.data.signing_order_enabled}
                    />
                    <FormControlLabel value="parallel" control={<Radio />} label={t('parallel')} />
                  </RadioGroup>
                </Box>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                  }}
                >
                  <TextField
                    id="request-expires-at"
                    type="date"
                    label={t('expires_at')}
                    required
                    value={draft.expires_at}
                    error={Boolean(errors.expires_at)}
                    helperText={errors.expires_at ?? expiresUntil}
                    slotProps={{ inputLabel: { shrink: true } }}
                    onChange={(event) => update({ ...draft, expires_at: event.target.value })}
                  />
                  <TextField
                    id="request-reminder-days"
                    type="number"
                    label={t('reminder_days')}
                    value={draft.reminder_days}
                    disabled={!form.data.reminders_enabled}
                    error={Boolean(errors.reminder_days)}
                    helperText={errors.reminder_days ?? t('reminder_help')}
                    slotProps={{ htmlInput: { min: 1, max: 60 } }}
                    onChange={(event) => update({ ...draft, reminder_days: event.target.value })}
                  />
                </Box>
                <TextField
                  id="request-message"
                  label={t('message')}
                  multiline
                  minRows={2}
                  value={draft.message}
                  error={Boolean(errors.message)}
                  helperText={errors.message ?? ' '}
                  onChange={(event) => update({ ...draft, message: event.target.value })}
                />
              </Stack>
            </Section>
            {problem ? (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="outlined" disabled={busy !== null} onClick={() => run('preview')}>
                {t('preview')}
              </Button>
              <Button variant="contained" disabled={busy !== null} onClick={() => run('send')}>
                {t('send')}
              </Button>
              {busy ? <CircularProgress size={24} aria-label={translate('app.shell.loading')} /> : null}
            </Stack>
            {preview ? (
              <Section title={t('preview_title')}>
                <RequestPreview preview={preview} />
              </Section>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Box>
  );
}
