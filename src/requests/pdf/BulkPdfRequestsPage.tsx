import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PdfTemplateRecord } from '../../../contract/endpoints/pdfRequests';
import type { AppDataProvider } from '../../dataProvider';
import { SendSettingsForm } from './DraftForms';
import { PdfPageFrame, PdfUploadButton, SendButton } from './PageParts';
import {
  contentInput,
  defaultSettings,
  draftOf,
  draftProblems,
  emptyRecipient,
  type PdfDraft,
  type SendSettings,
  signPdfMultipleInput,
} from './pdfRequestsData';
import { DraftEditor } from './SinglePdfRequestPage';
import { usePdfTranslate } from './usePdfTranslate';

/** A draft after a massive save: the saved fields, and a recipient for every signer they name. */
function withFieldsOf(draft: PdfDraft, source: PdfDraft, saved: readonly PdfTemplateRecord[]): PdfDraft {
  const record = saved.find((item) => item.id === draft.template.id);
  if (!record) return draft;
  const missing = source.recipients.filter(
    (recipient) => !draft.recipients.some((own) => own.number === recipient.number),
  );
  return {
    ...draft,
    template: record,
    fields: record.fields,
    recipients: [...draft.recipients, ...missing.map((recipient) => emptyRecipient(recipient.number))].sort(
      (a, b) => a.number - b.number,
    ),
  };
}

/** How far a sent batch is: each file's state, polled until every file is sent or failed. */
function BatchProgress({
  ids,
  names,
  onAgain,
}: {
  ids: number[];
  names: Map<number, string>;
  onAgain: () => void;
}) {
  const translate = usePdfTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const progress = useQuery({
    queryKey: ['pdf-batch', ids],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('getPdfTemplates', { ids, itemsPerPage: ids.length }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.every((item) => item.send && item.send.status !== 'queued') ? false : 1000,
  });
  const items = progress.data?.items ?? [];
  const sent = items.filter((item) => item.send?.status === 'sent').length;
  const failed = items.filter((item) => item.send?.status === 'failed').length;
  const done = sent + failed;
  const finished = items.length === ids.length && done === ids.length;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={translate('files')}>
      <Stack spacing={2}>
        <Typography aria-live="polite">{translate('progress', { done, smart_count: ids.length })}</Typography>
        <LinearProgress
          variant="determinate"
          value={(done / ids.length) * 100}
          aria-label={translate('progress', { done, smart_count: ids.length })}
        />
        <List dense>
          {ids.map((id) => {
            const send = items.find((item) => item.id === id)?.send;
            const status = send?.status ?? 'queued';
            return (
              <ListItem key={id} divider>
                <ListItemText primary={names.get(id)} secondary={send?.failure ?? undefined} />
                <Chip
                  size="small"
                  label={translate(`file_status.${status}`)}
                  color={status === 'sent' ? 'success' : status === 'failed' ? 'error' : 'default'}
                />
              </ListItem>
            );
          })}
        </List>
        {finished ? (
          <>
            <Alert severity={failed ? 'warning' : 'success'} role="status">
              {translate('summary', {
                sent: translate('sent_count', { smart_count: sent }),
                failed: translate('failed_count', { smart_count: failed }),
              })}
            </Alert>
            <Box>
              <Button variant="outlined" onClick={onAgain}>
                {translate('new_batch')}
              </Button>
            </Box>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * /bulk-pdf-requests: several different PDFs, each with its own fields and signers, sent in one
 * go (update_pdf_content per file, then sign_pdf_multiple), then followed file by file.
 */
export function BulkPdfRequestsPage() {
  const translate = usePdfTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [drafts, setDrafts] = useState<PdfDraft[]>([]);
  const [current, setCurrent] = useState(0);
  const [settings, setSettings] = useState<SendSettings>(() => defaultSettings());
  const [busy, setBusy] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [batch, setBatch] = useState<{ ids: number[]; names: Map<number, string> } | null>(null);
  const selected = drafts[Math.min(current, drafts.length - 1)];

  const update = (next: PdfDraft) =>
    setDrafts((all) => all.map((draft) => (draft.template.id === next.template.id ? next : draft)));
  const remove = (id: number) => {
    setDrafts((all) => all.filter((draft) => draft.template.id !== id));
    setCurrent(0);
  };
  /** The selected file's fields on every file (update_pdf_content_massive checks each file's pages). */
  const applyToAll = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const fallback = (number: number) => translate('signer_default', { number });
      const { body } = contentInput(selected, fallback);
      const saved = await dataProvider.callEndpoint(
        'updatePdfContentMassive',
        {
          body: {
            pdf_template_ids: drafts.map((draft) => draft.template.id),
            fields: body.fields,
            signers: body.signers,
          },
        },
        { alert: true },
      );
      setDrafts((all) => all.map((draft) => withFieldsOf(draft, selected, saved.items)));
    } catch {
      // The toast names the file whose pages the fields do not fit.
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setShowProblems(true);
    const firstWrong = drafts.findIndex((draft) => Object.keys(draftProblems(draft)).length > 0);
    if (firstWrong >= 0) {
      setCurrent(firstWrong);
      return;
    }
    setBusy(true);
    try {
      const fallback = (number: number) => translate('signer_default', { number });
      for (const draft of drafts) {
        await dataProvider.callEndpoint('updatePdfContent', contentInput(draft, fallback));
      }
      const sent = await dataProvider.callEndpoint(
        'signPdfMultiple',
        signPdfMultipleInput(drafts, settings),
        {
          alert: true,
        },
      );
      setBatch({
        ids: sent.pdf_template_ids,
        names: new Map(drafts.map((draft) => [draft.template.id, draft.template.name])),
      });
      setDrafts([]);
      setShowProblems(false);
    } catch {
      // The toast shows the server's message; the drafts stay to be fixed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PdfPageFrame title={translate('bulk_title')} subtitle={translate('bulk_subtitle')} feature="bulk_pdf">
      {batch ? (
        <BatchProgress ids={batch.ids} names={batch.names} onAgain={() => setBatch(null)} />
      ) : (
        <Stack spacing={2}>
          <Box>
            <PdfUploadButton
              multiple
              label={translate('upload_many')}
              busy={busy}
              setBusy={setBusy}
              onUploaded={(record, file) => setDrafts((all) => [...all, draftOf(record, file)])}
            />
          </Box>
          {drafts.length > 0 && selected ? (
            <>
              <Tabs
                value={drafts.indexOf(selected)}
                onChange={(_, index: number) => setCurrent(index)}
                variant="scrollable"
                allowScrollButtonsMobile
                aria-label={translate('files')}
              >
                {drafts.map((draft) => (
                  <Tab
                    key={draft.template.id}
                    label={`${draft.template.name}${showProblems && Object.keys(draftProblems(draft)).length ? ' ⚠' : ''}`}
                    sx={{ textTransform: 'none' }}
                  />
                ))}
              </Tabs>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {drafts.length > 1 ? (
                  <Button
                    variant="outlined"
                    startIcon={<ContentCopyIcon />}
                    disabled={busy}
                    onClick={applyToAll}
                  >
                    {translate('apply_to_all')}
                  </Button>
                ) : null}
                <Button
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => remove(selected.template.id)}
                >
                  {translate('remove_file')}
                </Button>
              </Stack>
              <DraftEditor
                key={selected.template.id}
                draft={selected}
                showProblems={showProblems}
                onChange={update}
              />
              <SendSettingsForm settings={settings} onChange={setSettings} />
              <SendButton busy={busy} label={`${translate('send_all')} (${drafts.length})`} onClick={send} />
            </>
          ) : null}
        </Stack>
      )}
    </PdfPageFrame>
  );
}
