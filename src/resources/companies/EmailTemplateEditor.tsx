import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { EmailTemplateKey } from '../../../contract/features';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import { useDebounced } from '../../framework/common/useDebounced';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { type CompanyFeatures, companyFeaturesKey } from './FeatureSwitches';

/** Waits this long after the last keystroke before asking the server for a new preview. */
const PREVIEW_DELAY_MS = 400;

/**
 * The company's own wording of each e-mail: subject and HTML body with `{{placeholders}}`, and a
 * live preview rendered by the server (sanitised, with sample values) in a sandboxed frame.
 */
export function EmailTemplateEditor({ data }: { data: CompanyFeatures }) {
  const mayCall = useMayCall();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const translate = useAppTranslate();
  const notify = useNotify();
  const [key, setKey] = useState<EmailTemplateKey>(data.email_templates[0]?.key ?? 'signature_request');
  const template = data.email_templates.find((item) => item.key === key) ?? data.email_templates[0];
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body_html ?? '');
  const [saving, setSaving] = useState(false);

  // Another template or company selected: start from its saved text.
  useEffect(() => {
    setSubject(template?.subject ?? '');
    setBody(template?.body_html ?? '');
  }, [template?.subject, template?.body_html]);

  const draft = useDebounced({ subject, body }, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ['email-template-preview', data.company_id, key, draft.subject, draft.body],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'getTemplateContentPreview',
        {
          body: {
            company_id: data.company_id,
            template_key: key,
            ...(draft.subject.trim() ? { subject: draft.subject } : {}),
            ...(draft.body.trim() ? { body_html: draft.body } : {}),
          },
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });

  const replaceTemplate = (saved: CompanyFeatures['email_templates'][number]) =>
    queryClient.setQueryData<CompanyFeatures>(companyFeaturesKey(data.company_id), (current) =>
      current
        ? {
            ...current,
            email_templates: current.email_templates.map((item) => (item.key === saved.key ? saved : item)),
          }
        : current,
    );

  const run = async (action: 'save' | 'restore') => {
    setSaving(true);
    try {
      const saved =
        action === 'save'
          ? await dataProvider.callEndpoint('saveEmailTemplateContent', {
              body: { company_id: data.company_id, template_key: key, subject, body_html: body },
            })
          : await dataProvider.callEndpoint('restoreEmailTemplate', {
              body: { company_id: data.company_id, template_key: key },
            });
      replaceTemplate(saved);
      notify(
        translate(
          action === 'save'
            ? 'app.companies.features.template_saved'
            : 'app.companies.features.template_restored',
        ),
        { type: 'success' },
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Error del servidor', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const sourceLabel =
    template?.source === 'company'
      ? translate('app.companies.features.source_company')
      : template?.source === 'parent'
        ? translate('app.companies.features.source_parent')
        : translate('app.companies.features.source_default');

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('app.companies.features.templates')}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('app.companies.features.template')}
            value={key}
            onChange={(event) => setKey(event.target.value as EmailTemplateKey)}
            sx={{ minWidth: 260 }}
          >
            {data.email_templates.map((item) => (
              <MenuItem key={item.key} value={item.key}>
                {item.label}
              </MenuItem>
            ))}
          </TextField>
          <Chip size="small" label={sourceLabel} variant="outlined" />
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Stack spacing={2}>
            <TextField
              label={translate('app.companies.features.subject')}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              fullWidth
            />
            <TextField
              label={translate('app.companies.features.body')}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              multiline
              minRows={10}
              fullWidth
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('app.companies.features.placeholders')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {template?.placeholders.map((placeholder) => (
                  <Chip
                    key={placeholder.key}
                    size="small"
                    label={`{{${placeholder.key}}}`}
                    title={placeholder.label}
                    onClick={() => setBody((current) => `${current}{{${placeholder.key}}}`)}
                  />
                ))}
              </Stack>
            </Box>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              {mayCall('restoreEmailTemplate') ? (
                <Button color="inherit" onClick={() => run('restore')} disabled={saving}>
                  {translate('app.companies.features.restore_template')}
                </Button>
              ) : null}
              {mayCall('saveEmailTemplateContent') ? (
                <Button
                  variant="contained"
                  onClick={() => run('save')}
                  disabled={saving || !subject.trim() || !body.trim()}
                >
                  {translate('app.companies.features.save_template')}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.companies.features.preview')}
            </Typography>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', mt: 0.5 }}>
              <Box
                sx={{ px: 2, py: 1, bgcolor: 'action.hover', fontWeight: 500 }}
                data-testid="preview-subject"
              >
                {preview.data?.subject ?? ''}
              </Box>
              <Box
                component="iframe"
                title={translate('app.companies.features.preview')}
                sandbox=""
                srcDoc={preview.data?.html ?? ''}
                sx={{ width: '100%', height: 360, border: 0, bgcolor: 'common.white', display: 'block' }}
              />
            </Box>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
