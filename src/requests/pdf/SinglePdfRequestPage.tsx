import { Alert, Box, Stack } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { RecipientsForm, SendSettingsForm } from './DraftForms';
import { PdfPageFrame, PdfUploadButton, SendButton } from './PageParts';
import { PdfFieldEditor } from './PdfFieldEditor';
import {
  contentInput,
  defaultSettings,
  draftOf,
  draftProblems,
  type PdfDraft,
  type SendSettings,
  signPdfInput,
  slotsOf,
} from './pdfRequestsData';
import { usePdfTranslate } from './usePdfTranslate';

/** The editor and the signers' panel of one PDF, side by side on a wide screen, the panel under the pages on a phone. */
export function DraftEditor({
  draft,
  showProblems,
  onChange,
}: {
  draft: PdfDraft;
  showProblems: boolean;
  onChange: (draft: PdfDraft) => void;
}) {
  const translate = usePdfTranslate();
  const fallback = (number: number) => translate('signer_default', { number });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // The signers' panel beside the pages never narrower than 300 px; under them on smaller screens.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(300px, 2fr)' },
        alignItems: 'start',
      }}
    >
      <PdfFieldEditor
        pages={draft.template.pages}
        file={draft.file}
        fields={draft.fields}
        signers={slotsOf(draft.recipients, fallback)}
        onChange={(fields) => onChange({ ...draft, fields })}
      />
      <RecipientsForm draft={draft} problems={showProblems ? draftProblems(draft) : {}} onChange={onChange} />
    </Box>
  );
}

/**
 * /single-pdf-request: upload a PDF, place its fields, name its signers and send it
 * (update_pdf_content, then sign_pdf).
 */
export function SinglePdfRequestPage() {
  const translate = usePdfTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [draft, setDraft] = useState<PdfDraft | null>(null);
  const [settings, setSettings] = useState<SendSettings>(() => defaultSettings());
  const [busy, setBusy] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [sentCode, setSentCode] = useState<string | null>(null);

  const send = async () => {
    if (!draft) return;
    setShowProblems(true);
    if (Object.keys(draftProblems(draft)).length > 0) return;
    setBusy(true);
    try {
      const fallback = (number: number) => translate('signer_default', { number });
      await dataProvider.callEndpoint('updatePdfContent', contentInput(draft, fallback));
      const sent = await dataProvider.callEndpoint('signPdf', signPdfInput(draft, settings), { alert: true });
      setSentCode(sent.validation_code);
      setDraft(null);
      setShowProblems(false);
    } catch {
      // The toast shows the server's message; the draft stays to be fixed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PdfPageFrame
      title={translate('single_title')}
      subtitle={translate('single_subtitle')}
      feature="pdf_to_sign"
    >
      <Stack spacing={2}>
        {sentCode ? (
          <Alert severity="success" role="status">
            {translate('sent', { code: sentCode })}
          </Alert>
        ) : null}
        <Box>
          <PdfUploadButton
            label={draft ? translate('replace') : translate('upload')}
            busy={busy}
            setBusy={setBusy}
            onUploaded={(record, file) => {
              setDraft(draftOf(record, file));
              setSentCode(null);
              setShowProblems(false);
            }}
          />
        </Box>
        {draft ? (
          <>
            <DraftEditor draft={draft} showProblems={showProblems} onChange={setDraft} />
            <SendSettingsForm settings={settings} onChange={setSettings} />
            <SendButton busy={busy} label={translate('send')} onClick={send} />
          </>
        ) : null}
      </Stack>
    </PdfPageFrame>
  );
}
