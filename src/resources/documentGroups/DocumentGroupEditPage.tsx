import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { PackageDocumentsSection, type PackageRecord } from './PackageDocumentsSection';
import { type GroupField, type SignerRole, SignerRolesSection } from './SignerRolesSection';

type Header = Pick<
  PackageRecord,
  | 'name'
  | 'description'
  | 'status'
  | 'signing_order'
  | 'expiry_days'
  | 'reminder_days'
  | 'auto_sign_enabled'
  | 'auto_sign_approver_id'
>;

const headerOf = (record: PackageRecord): Header => ({
  name: record.name,
  description: record.description,
  status: record.status,
  signing_order: record.signing_order,
  expiry_days: record.expiry_days,
  reminder_days: record.reminder_days,
  auto_sign_enabled: record.auto_sign_enabled,
  auto_sign_approver_id: record.auto_sign_approver_id,
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const packageKey = (id: number) => ['document-package', id] as const;

/** /document/{id}: one document group — header, documents in order, signers, sending, history. */
export function DocumentGroupEditPage() {
  const translate = useAppTranslate();
  const id = Number(useParams().id);
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const record = useQuery({
    queryKey: packageKey(id),
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getDocumentPackage', { documentPackageId: id }, { signal }),
    enabled: id > 0,
    retry: false,
  });
  const companyId = record.data?.company_id ?? 0;
  const features = useQuery({
    queryKey: ['document-group-features', companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getDocumentGroupFeatures', { company_id: companyId }, { signal }),
    enabled: companyId > 0,
  });
  const approvers = useQuery({
    queryKey: ['group-candidates', companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listGroupUsers', { company_id: companyId }, { signal }),
    enabled: companyId > 0,
  });
  const history = useQuery({
    queryKey: ['document-package-changes', id, record.data?.version],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getPackageChanges', { documentPackageId: id }, { signal }),
    enabled: Boolean(record.data),
  });
  const [header, setHeader] = useState<Header | null>(null);
  const [roles, setRoles] = useState<SignerRole[]>([]);
  const [saving, setSaving] = useState(false);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  useDocumentTitle(record.data?.name ?? translate('app.document_groups.edit_group'));
  useEffect(() => {
    if (!record.data) return;
    setHeader(headerOf(record.data));
    setRoles(record.data.signer_roles);
  }, [record.data]);
  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  const heading = (
    <Typography variant="h5" component="h1">
      {translate('app.pages.document')}
    </Typography>
  );
  if (record.isError || !record.data || !header) {
    return (
      <Stack spacing={2} sx={{ py: 2 }}>
        {heading}
        {record.isError ? (
          <Alert severity="error">{(record.error as Error).message}</Alert>
        ) : (
          <Typography>{translate('app.document_groups.loading')}</Typography>
        )}
      </Stack>
    );
  }
  const setRecord = (next: PackageRecord) => queryClient.setQueryData(packageKey(id), next);
  const set = <K extends keyof Header>(key: K, value: Header[K]) => setHeader({ ...header, [key]: value });
  const fields = [
    ...new Map<string, GroupField>(
      record.data.documents.flatMap((document) => document.fields.map((field) => [field.name, field])),
    ).values(),
  ];

  const save = async () => {
    setSaving(true);
    try {
      const saved = await dataProvider.callEndpoint(
        'updateDocumentPackage',
        {
          id,
          body: {
            ...header,
            auto_sign_approver_id: header.auto_sign_enabled ? header.auto_sign_approver_id : null,
            signer_roles: roles.map(({ number, label, kind, authentication }) => ({
              number,
              label,
              kind,
              authentication,
            })),
          },
        },
        { alert: true },
      );
      setRecord(saved);
    } catch {
      // the toast shows the server's message
    } finally {
      setSaving(false);
    }
  };
  const openPdf = async () => {
    try {
      const pdf = await dataProvider.callEndpoint('getPackagePdf', { documentPackageId: id });
      const bytes = Uint8Array.from(atob(pdf.pdf_base64), (character) => character.charCodeAt(0));
      setPdfUrl(URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })));
    } catch {
      // the toast shows the server's message
    }
  };

  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }}>
      {/* The way back on a line of its own: beside it the title was squeezed to a syllable per line. */}
      <Button
        component={Link}
        to="/document-group"
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate('app.document_groups.back')}
      </Button>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Stack sx={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}>
          {heading}
          <Typography variant="subtitle1" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {record.data.name}
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlinedIcon />}
          disabled={record.data.documents.length === 0}
          onClick={() => void openPdf()}
          sx={{ flexShrink: 0 }}
        >
          {translate('app.document_groups.open_pdf')}
        </Button>
      </Stack>
      {pdfUrl ? (
        <iframe
          title={translate('app.document_groups.pdf_title', { name: record.data.name })}
          src={pdfUrl}
          style={{ width: '100%', height: 480, border: 0 }}
        />
      ) : null}
      <Section title={translate('app.document_groups.section_general')}>
        <Stack spacing={2}>
          <TextField
            required
            label={translate('resources.document_groups.fields.name')}
            value={header.name}
            onChange={(event) => set('name', event.target.value)}
          />
          <TextField
            multiline
            minRows={2}
            label={translate('resources.document_groups.fields.description')}
            value={header.description ?? ''}
            onChange={(event) => set('description', event.target.value || null)}
          />
          <TextField
            select
            label={translate('resources.document_groups.fields.status')}
            value={header.status}
            onChange={(event) => set('status', event.target.value as Header['status'])}
          >
            {(['active', 'inactive'] as const).map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`app.document_groups.status.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Section>
      <Section title={translate('app.document_groups.section_documents')}>
        <PackageDocumentsSection record={record.data} onChange={setRecord} />
      </Section>
      <Section title={translate('app.document_groups.section_signers')}>
        <SignerRolesSection
          roles={roles}
          onChange={setRoles}
          fields={fields}
          authentications={features.data?.authentications ?? []}
        />
      </Section>
      <Section title={translate('app.document_groups.section_sending')}>
        <Stack spacing={2}>
          <TextField
            select
            label={translate('resources.document_groups.fields.signing_order')}
            value={header.signing_order}
            onChange={(event) => set('signing_order', event.target.value as Header['signing_order'])}
          >
            {(['sequential', 'parallel'] as const).map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`app.document_groups.signing_order.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="number"
              label={translate('resources.document_groups.fields.expiry_days')}
              value={header.expiry_days}
              onChange={(event) => set('expiry_days', Number(event.target.value))}
              slotProps={{ htmlInput: { min: 1, max: 365 } }}
            />
            <TextField
              type="number"
              label={translate('resources.document_groups.fields.reminder_days')}
              value={header.reminder_days ?? ''}
              onChange={(event) =>
                set('reminder_days', event.target.value ? Number(event.target.value) : null)
              }
              slotProps={{ htmlInput: { min: 1, max: 60 } }}
            />
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={header.auto_sign_enabled}
                onChange={(event) => set('auto_sign_enabled', event.target.checked)}
              />
            }
            label={translate('app.document_groups.auto_sign')}
          />
          {header.auto_sign_enabled ? (
            <TextField
              select
              required
              label={translate('app.document_groups.auto_sign_approver')}
              value={header.auto_sign_approver_id ?? ''}
              onChange={(event) => set('auto_sign_approver_id', Number(event.target.value))}
            >
              {(approvers.data ?? []).map((user) => (
                <MenuItem key={user.id} value={user.id}>
                  {user.full_name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </Section>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => void save()} disabled={saving || !record.data.can_edit}>
          {translate('app.document_groups.save')}
        </Button>
      </Stack>
      <Section title={translate('app.document_groups.section_history')}>
        {history.data?.length ? (
          <Stack component="ol" spacing={0.5} sx={{ pl: 2, m: 0 }}>
            {history.data.map((change) => (
              <Typography component="li" variant="body2" key={change.id}>
                {translate('app.document_groups.change_line', {
                  version: change.version,
                  action: translate(`app.document_groups.change_action.${change.action}` as never),
                  user: change.user_name ?? '—',
                  date: formatDateTime(change.created_at),
                })}
              </Typography>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{translate('app.document_groups.no_changes')}</Typography>
        )}
      </Section>
    </Stack>
  );
}
