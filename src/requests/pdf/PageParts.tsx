import SendIcon from '@mui/icons-material/Send';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent, ReactNode } from 'react';
import { Title, useDataProvider } from 'react-admin';
import type { PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests';
import type { FeatureKey } from '../../../contract/features';
import type { AppDataProvider } from '../../dataProvider';
import { useCompanyScope } from '../../framework/common/companyChoices';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { useMenuLabel } from '../../layout/useMenuLabel';
import { base64Of } from './pdfRequestsData';
import { usePdfTranslate } from './usePdfTranslate';

/** The features the user's company has enabled (get_company_features), undefined while asking. */
export function useCompanyFeatures(): readonly FeatureKey[] | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { companyId } = useCompanyScope();
  const features = useQuery({
    queryKey: ['getCompanyFeatures', companyId],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getCompanyFeatures', { company_id: companyId }, { signal }),
    enabled: companyId > 0,
  });
  return features.data?.enabled;
}

/** Whether the user's company may use `feature`, undefined while asking. */
export function useCompanyFeature(feature: FeatureKey): boolean | undefined {
  return useCompanyFeatures()?.includes(feature);
}

/** Heading, subtitle and the feature gate every PDF sending screen shares. */
export function PdfPageFrame({
  title,
  subtitle,
  feature,
  children,
}: {
  title: string;
  subtitle: string;
  feature: FeatureKey;
  children: ReactNode;
}) {
  const translate = usePdfTranslate();
  const heading = useMenuLabel() ?? title;
  useDocumentTitle(heading);
  const enabled = useCompanyFeature(feature);
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={heading} />
      <Typography id="page-title" component="h1" variant="h4">
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {subtitle}
      </Typography>
      {enabled === undefined ? (
        <CircularProgress aria-label={translate('uploading')} />
      ) : enabled ? (
        children
      ) : (
        <Alert severity="info">{translate('feature_off')}</Alert>
      )}
    </Box>
  );
}

/**
 * A button that uploads the picked PDFs one by one (upload_pdf_template) and hands back each
 * accepted record with its file; a refused file shows the server's Spanish message as a toast.
 */
export function PdfUploadButton({
  multiple = false,
  label,
  busy,
  setBusy,
  onUploaded,
}: {
  multiple?: boolean;
  label: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onUploaded: (record: PdfTemplateRecord, file: File) => void;
}) {
  const translate = usePdfTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    try {
      for (const file of files) {
        try {
          const record = await dataProvider.callEndpoint(
            'uploadPdfTemplate',
            { body: { filename: file.name, content_base64: await base64Of(file) } },
            { alert: true },
          );
          if (record) onUploaded(record, file);
        } catch {
          // The toast already shows why the file was refused; the next one is still tried.
        }
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      component="label"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <UploadFileOutlinedIcon />}
    >
      {busy ? translate('uploading') : label}
      <input hidden type="file" accept="application/pdf,.pdf" multiple={multiple} onChange={upload} />
    </Button>
  );
}

/** The page's send button: a spinner and «Enviando…» while the send is under way. */
export function SendButton({ busy, label, onClick }: { busy: boolean; label: string; onClick: () => void }) {
  const translate = usePdfTranslate();
  return (
    <Box>
      <Button
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
        onClick={onClick}
      >
        {busy ? translate('sending') : label}
      </Button>
    </Box>
  );
}
