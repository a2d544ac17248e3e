import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as ThemedLink, Title, useDataProvider, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { pdfFileName } from '../../../contract/fileNames';
// The timeline's sentences: the contract's one table (the certificate's too). Imported here, not
// through requestHistoryText, which the e-mail tracker's list (in the admin app's first chunk) reads.
import { requestEventSentence } from '../../../contract/requestEvents';
import { useMayCall } from '../../access/endpointAccess';
import type { AppDataProvider } from '../../dataProvider';
import type { EndpointReply } from '../../dataProvider/callEndpoint';
import { deadlineText, formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { CancelDialog, ExtendDialog, type FieldErrors, ResendDialog } from './RequestActionDialogs';
import { RequestSignersCard } from './RequestSignersCard';
import { HISTORY_TEXT, MAIL_KIND_LABELS, MAIL_STATUS_CHIPS, MAIL_STATUS_LABELS } from './requestHistoryText';
import { RequestStatusChip } from './StatusChips';
import { useEndpointDownload } from './useEndpointDownload';

export type RequestDetail = EndpointReply<'viewSignatureRequestHistory'>;
type Signer = RequestDetail['signer_details'][number];

const errorsOf = (error: unknown): FieldErrors =>
  (error as { body?: { errors?: FieldErrors } })?.body?.errors ?? {};

/**
 * /update-signature-request/update/{id}: one request — its documents, its signers and their
 * status, the timeline from its events, the e-mails with their delivery status — and what the
 * sender may still do: resend (to a corrected address), cancel with a reason, extend, download;
 * each offered only to a user who may call its endpoint (an auditor reads, and acts on nothing).
 */
export function RequestDetailPage() {
  const app = useAppTranslate();
  const { id } = useParams();
  const requestId = Number(id);
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const download = useEndpointDownload();
  const mayCall = useMayCall();
  const [resending, setResending] = useState<Signer | null>(null);
  const [dialog, setDialog] = useState<'cancel' | 'extend' | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const key = ['requestDetail', requestId];
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint(
        'viewSignatureRequestHistory',
        { body: { request_id: requestId } },
        { signal },
      ),
    enabled: Number.isInteger(requestId) && requestId > 0,
  });
  useDocumentTitle(detail.data?.title ?? HISTORY_TEXT.title);

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
      notify(done, { type: 'success' });
      setResending(null);
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ['requestHistory'] });
    } catch (error) {
      setErrors(errorsOf(error));
      notify(error instanceof Error ? error.message : HISTORY_TEXT.downloadFailed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const fetchFile = (action: () => Promise<void>) =>
    action().catch((error: unknown) =>
      notify(error instanceof Error ? error.message : HISTORY_TEXT.downloadFailed, { type: 'error' }),
    );

  const validId = Number.isInteger(requestId) && requestId > 0;
  if (!validId || !detail.data) {
    // The route's own title while there is no request to show (no id, loading, or refused).
    return (
      <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 } }}>
        <Typography id="page-title" component="h1" variant="h4" gutterBottom>
          {app('app.pages.update_request')}
        </Typography>
        {!validId ? (
          <Alert severity="info">
            {HISTORY_TEXT.chooseRequest}{' '}
            <ThemedLink to="/list-signature-request">{HISTORY_TEXT.title}</ThemedLink>
          </Alert>
        ) : detail.isError ? (
          <Alert severity="error">
            {detail.error instanceof Error ? detail.error.message : HISTORY_TEXT.loadFailed}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={HISTORY_TEXT.loading} />
          </Box>
        )}
      </Box>
    );
  }
  const request = detail.data;
  const inProgress = request.status === 'in_progress';
  const firstSigner = request.signer_details[0];
  const resendEndpoint =
    request.source === 'pdf' || request.source === 'bulk_pdf'
      ? 'resendSignatureRequestPdf'
      : 'resendSignatureRequest';
  const mayDownloadDocument = firstSigner !== undefined && mayCall('viewPdfDocument');

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={request.title} />
      <Button component={Link} to="/list-signature-request" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {HISTORY_TEXT.back}
      </Button>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id="page-title" component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {request.title}
          </Typography>
          {request.package_name ? (
            <Typography variant="subtitle1" color="text.secondary" data-testid="request-group">
              {HISTORY_TEXT.group}: {request.package_name}
            </Typography>
          ) : null}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
          >
            <RequestStatusChip status={request.status} />
            <Typography variant="body2" color="text.secondary">
              {request.company_name} · {HISTORY_TEXT.createdAt} {formatDateTime(request.created_at)} ·{' '}
              {HISTORY_TEXT.expiresOn} {deadlineText(request.expires_at)}
            </Typography>
          </Stack>
          {request.cancel_reason && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {HISTORY_TEXT.cancelReason}: {request.cancel_reason}
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignSelf: { md: 'flex-start' } }}
        >
          {(inProgress || request.status === 'expired') && mayCall('extendTimeLimit') && (
            <Button variant="outlined" onClick={() => setDialog('extend')}>
              {HISTORY_TEXT.extend}
            </Button>
          )}
          {inProgress && mayCall('cancelSignatureRequest') && (
            <Button variant="outlined" color="error" onClick={() => setDialog('cancel')}>
              {HISTORY_TEXT.cancel}
            </Button>
          )}
          {mayCall('downloadZip') && (
            <Button
              variant="contained"
              onClick={() =>
                fetchFile(() =>
                  download('downloadZip', { body: { request_ids: [request.id] } }, 'solicitud.zip'),
                )
              }
            >
              {HISTORY_TEXT.download}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6">
              {HISTORY_TEXT.documents}
            </Typography>
            <List dense>
              {request.documents.map((document) => (
                <ListItem
                  key={document.id}
                  disableGutters
                  secondaryAction={
                    mayDownloadDocument && (
                      <Button
                        size="small"
                        onClick={() =>
                          fetchFile(() =>
                            download(
                              'viewPdfDocument',
                              {
                                body: {
                                  company_id: request.company_id,
                                  id: document.id,
                                  document_package_signer_id: firstSigner.id,
                                },
                              },
                              pdfFileName(document.name),
                            ),
                          )
                        }
                      >
                        {HISTORY_TEXT.download}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={document.name}
                    secondary={`${HISTORY_TEXT.pages(document.page_count)}${document.sealed ? ` · ${HISTORY_TEXT.sealed}` : ''}`}
                    sx={{ pr: 12, overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="caption" color="text.secondary">
              {HISTORY_TEXT.validationCode}: {request.validation_code}
            </Typography>
          </CardContent>
        </Card>
        <RequestSignersCard
          signers={request.signer_details}
          canResend={inProgress && mayCall(resendEndpoint)}
          onResend={setResending}
        />
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6">
              {HISTORY_TEXT.timeline}
            </Typography>
            <List dense component="ol">
              {request.events.map((event) => (
                <ListItem key={event.id} disableGutters>
                  <ListItemText
                    primary={requestEventSentence({
                      action: event.action,
                      details: event.details,
                      user: event.user_name === null ? null : { name: event.user_name },
                      signer:
                        event.signer_name === null
                          ? null
                          : { name: event.signer_name, email: event.signer_email },
                    })}
                    secondary={formatDateTime(event.at)}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography component="h2" variant="h6">
              {HISTORY_TEXT.emails}
            </Typography>
            {request.emails.length === 0 ? (
              <Typography color="text.secondary">{HISTORY_TEXT.noEmails}</Typography>
            ) : (
              <List dense>
                {request.emails.map((email) => {
                  return (
                    <ListItem key={email.id} disableGutters>
                      <ListItemText
                        primary={`${MAIL_KIND_LABELS[email.kind] ?? email.kind} · ${email.to}`}
                        secondary={formatDateTime(email.created_at)}
                        sx={{ overflowWrap: 'anywhere' }}
                      />
                      <Chip
                        size="small"
                        label={MAIL_STATUS_LABELS[email.status]}
                        color={MAIL_STATUS_CHIPS[email.status]}
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
          </CardContent>
        </Card>
      </Box>
      {resending && (
        <ResendDialog
          signer={resending}
          busy={busy}
          errors={errors}
          onClose={() => setResending(null)}
          onSubmit={(values) =>
            act(
              () =>
                dataProvider.callEndpoint(resendEndpoint, {
                  body: {
                    signer_id: resending.id,
                    email: values.email,
                    ...(values.phone ? { phone: values.phone } : {}),
                  },
                }),
              'Invitación reenviada',
            )
          }
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          open
          busy={busy}
          errors={errors}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            act(
              () =>
                dataProvider.callEndpoint('cancelSignatureRequest', {
                  body: { request_id: request.id, reason },
                }),
              'Solicitud cancelada',
            )
          }
        />
      )}
      {dialog === 'extend' && (
        <ExtendDialog
          open
          current={request.expires_at}
          busy={busy}
          errors={errors}
          onClose={() => setDialog(null)}
          onSubmit={(expiresAt) =>
            act(
              () =>
                dataProvider.callEndpoint('extendTimeLimit', {
                  body: { request_id: request.id, expires_at: expiresAt },
                }),
              'Vencimiento ampliado',
            )
          }
        />
      )}
    </Box>
  );
}
