import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { type SignedRequestView, signingCall } from './api';
import { SigningNotice } from './SigningNotice';
import { SigningShell } from './SigningShell';

/** While the documents are being sealed, the page asks again this often. */
export const SEAL_POLL_MS = 5000;

/** The address that downloads one sealed document with the signer's own link (logged by the server). */
export const signedDocumentUrl = (token: string, documentId: number) =>
  `/api/signed_request_document?token=${encodeURIComponent(token)}&document_id=${documentId}`;

type Load = { status: 'loading' } | { status: 'refused' } | { status: 'ready'; view: SignedRequestView };

/**
 * The signer's link of a request that is over. A completed request offers its sealed documents
 * («Descargar documento firmado»), or says they are being sealed and checks again until they are;
 * any other ending (rejected, cancelled, expired) shows `fallback`, the reason the link gave.
 */
export function FinishedRequest({ token, fallback }: { token: string; fallback: ReactNode }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      signingCall('signed_request_documents', { token })
        .then((view) => {
          if (!live) return;
          setLoad({ status: 'ready', view });
          if (view.seal_status === 'pending') timer = setTimeout(ask, SEAL_POLL_MS);
        })
        .catch(() => {
          if (live) setLoad((current) => (current.status === 'ready' ? current : { status: 'refused' }));
        });
    // Once on opening; while the documents are being sealed, `ask` schedules itself again.
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token]);

  if (load.status === 'refused') return fallback;
  if (load.status === 'loading')
    return (
      <SigningShell title="Firma de documentos">
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Cargando la solicitud" />
        </Stack>
      </SigningShell>
    );
  const { view } = load;
  const several = view.documents.length > 1;
  return (
    <SigningShell title={view.title}>
      <Typography>La solicitud de {view.company} terminó: todos firmaron.</Typography>
      {view.seal_status === 'pending' ? (
        <SigningNotice severity="info" role="status">
          {several ? 'Los documentos se están sellando' : 'El documento se está sellando'}; en unos minutos
          podrá descargarlo aquí y también le llegará por correo.
        </SigningNotice>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {view.documents.map((document) => (
            <Button
              key={document.id}
              variant="contained"
              startIcon={<DownloadIcon />}
              href={signedDocumentUrl(token, document.id)}
              download
              sx={{ maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {several ? `Descargar documento firmado: ${document.name}` : 'Descargar documento firmado'}
            </Button>
          ))}
        </Stack>
      )}
    </SigningShell>
  );
}
