import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { Alert, Box, Button, Divider, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { businessDurationText } from '../../../contract/businessHours';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { DetailGrid } from '../../framework/common/DetailGrid';
import { ValueChip } from '../../framework/common/ValueChip';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useEndpointDownload } from '../../requests/history/useEndpointDownload';
import { AttachmentPicker } from './AttachmentPicker';
import type { PickedAttachment } from './supportFiles';
import { SUPPORT_CATEGORY_STYLES, SUPPORT_PRIORITY_STYLES, SUPPORT_STATUS_STYLES } from './supportStyles';

type View = 'platform' | 'company';
type Attachment = { id: number; filename: string };
type Message = {
  id: number;
  kind: 'message' | 'response' | 'internal';
  body: string;
  author_name: string | null;
  attachments: Attachment[];
  created_at: string;
};

const duration = (minutes: unknown, pending: string) =>
  typeof minutes === 'number' ? businessDurationText(minutes) : pending;

/** One message of the thread: the company's on the left, the platform's on the right, notes in amber. */
function ThreadMessage({ message, ticketId }: { message: Message; ticketId: number }) {
  const translate = useAppTranslate();
  const download = useEndpointDownload();
  const notify = useNotify();
  const mine = message.kind === 'message';
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{
        p: 1.5,
        listStyle: 'none',
        alignSelf: mine ? 'flex-start' : 'flex-end',
        width: { xs: '100%', sm: '85%' },
        bgcolor: message.kind === 'internal' ? '#fff8e1' : mine ? 'background.paper' : 'action.hover',
        borderColor: message.kind === 'internal' ? 'warning.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="span">
          {translate(`resources.supports.kind.${message.kind}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          {[message.author_name, formatDateTime(message.created_at)].filter(Boolean).join(' · ')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
        {message.body}
      </Typography>
      {message.attachments.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {message.attachments.map((file) => (
            <Button
              key={file.id}
              size="small"
              startIcon={<DownloadIcon />}
              aria-label={translate('resources.supports.download', { name: file.filename })}
              sx={{ maxWidth: '100%', textTransform: 'none', overflowWrap: 'anywhere' }}
              onClick={() =>
                download(
                  'getSupportAttachment',
                  { supportRequestId: ticketId, attachmentId: file.id },
                  file.filename,
                ).catch((error: Error) => notify(error.message, { type: 'error' }))
              }
            >
              {file.filename}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The reply box: a company writes a message; the platform answers or takes an internal note. */
function ReplyBox({ view, ticketId, status }: { view: View; ticketId: number; status: string }) {
  const translate = useAppTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<PickedAttachment[]>([]);
  const [nextStatus, setNextStatus] = useState(view === 'platform' ? 'esperando_cliente' : status);
  const [sending, setSending] = useState(false);
  if (view === 'company' && status === 'cerrado') {
    return <Alert severity="info">{translate('resources.supports.closed_hint')}</Alert>;
  }
  const attachments = files.map(({ filename, content_base64 }) => ({ filename, content_base64 }));
  const run = async (action: 'message' | 'response' | 'internal') => {
    setSending(true);
    try {
      const text = message.trim();
      if (action === 'message') {
        await dataProvider.callEndpoint('createSupportRequest', {
          body: { support_request_id: ticketId, message: text, attachments },
        });
      } else if (action === 'response') {
        await dataProvider.callEndpoint('saveSupportResponse', {
          body: { support_request_id: ticketId, message: text, status: nextStatus as 'abierto', attachments },
        });
      } else {
        await dataProvider.callEndpoint('saveInternalExplanation', {
          body: { support_request_id: ticketId, message: text, status: nextStatus as 'abierto' },
        });
      }
      const done = { message: 'sent', response: 'answered', internal: 'noted' }[action];
      notify(translate(`resources.supports.${done}`), { type: 'success' });
      setMessage('');
      setFiles([]);
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Error del servidor', {
        type: 'error',
      });
    } finally {
      setSending(false);
    }
  };
  const empty = message.trim() === '' || sending;
  return (
    <Box component="section" aria-label={translate('resources.supports.reply')}>
      <TextField
        label={translate('resources.supports.fields.message')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 10_000 } }}
        sx={{ mb: 1 }}
      />
      <AttachmentPicker value={files} onChange={setFiles} />
      {view === 'platform' ? (
        <>
          <TextField
            select
            label={translate('resources.supports.new_status')}
            value={nextStatus}
            onChange={(event) => setNextStatus(event.target.value)}
            size="small"
            sx={{ minWidth: 240, my: 1 }}
          >
            {Object.entries(SUPPORT_STATUS_STYLES).map(([value, style]) => (
              <MenuItem key={value} value={value}>
                {translate(style.label)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {translate('resources.supports.internal_hint')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" disabled={empty} onClick={() => run('response')}>
              {translate('resources.supports.answer')}
            </Button>
            <Button variant="outlined" color="warning" disabled={empty} onClick={() => run('internal')}>
              {translate('resources.supports.internal_note')}
            </Button>
          </Stack>
        </>
      ) : (
        <Button variant="contained" disabled={empty} onClick={() => run('message')}>
          {translate('resources.supports.send')}
        </Button>
      )}
    </Box>
  );
}

/** A ticket's details: its fields and times, the thread, and the reply box. */
export function SupportThread({ view }: { view: View }) {
  const record = useRecordContext();
  const translate = useAppTranslate();
  if (!record) return null;
  const resource = view === 'platform' ? 'supports' : 'company_supports';
  const pending = translate('resources.supports.pending');
  const messages = (record.messages as Message[] | undefined) ?? [];
  return (
    <Stack spacing={2}>
      <DetailGrid
        resource={resource}
        items={[
          { source: 'subject', value: `#${record.id} · ${record.subject}`, wide: true },
          ...(view === 'platform' ? [{ source: 'company_name', value: record.company_name }] : []),
          { source: 'created_by_name', value: record.created_by_name },
          { source: 'status', value: <ValueChip source="status" styles={SUPPORT_STATUS_STYLES} /> },
          { source: 'priority', value: <ValueChip source="priority" styles={SUPPORT_PRIORITY_STYLES} /> },
          { source: 'category', value: <ValueChip source="category" styles={SUPPORT_CATEGORY_STYLES} /> },
          { source: 'created_at', value: formatDateTime(record.created_at) },
          { source: 'first_response_minutes', value: duration(record.first_response_minutes, pending) },
          { source: 'resolution_minutes', value: duration(record.resolution_minutes, pending) },
        ]}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('resources.supports.hours_note')}
      </Typography>
      <Divider />
      <Typography variant="h6" component="h3">
        {translate('resources.supports.thread')}
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {messages.map((message) => (
          <ThreadMessage key={message.id} message={message} ticketId={Number(record.id)} />
        ))}
      </Stack>
      <Divider />
      <ReplyBox
        key={String(record.updated_at)}
        view={view}
        ticketId={Number(record.id)}
        status={String(record.status)}
      />
    </Stack>
  );
}
