import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../format';
import { PUBLIC_MESSAGES, PublicShell } from '../../pages/public/PublicShell';
import { ApprovalRequestError, type AutoSignStatus, checkStatus, decide } from './approvalApi';

const STATUS_TEXT: Record<string, string> = {
  approved: 'Usted aprobó la firma automática: la empresa firmó y el documento quedó sellado.',
  rejected: 'Usted rechazó la firma automática.',
};

const messageOf = (error: unknown) =>
  error instanceof ApprovalRequestError ? error.message : 'Error del servidor';

/**
 * /approval_packages?token=…: the approver sees the documents, who signed them and the signature
 * the company will sign with, then approves or rejects.
 */
export function ApprovalPackagesPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [status, setStatus] = useState<AutoSignStatus>();
  const [error, setError] = useState(token ? '' : 'El enlace de aprobación no es válido');
  const [notice, setNotice] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    checkStatus(token)
      .then(({ data }) => setStatus(data))
      .catch((failure: unknown) => setError(messageOf(failure)));
  }, [token]);

  const submit = async (approve: boolean) => {
    setBusy(true);
    setError('');
    try {
      const reply = await decide(token, approve, approve ? undefined : reason.trim());
      setStatus(reply.data);
      setNotice(reply.message ?? '');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const decided = status?.auto_sign_status === 'approved' || status?.auto_sign_status === 'rejected';
  return (
    <PublicShell title={PUBLIC_MESSAGES.pages.approval_packages}>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {notice ? <Alert severity="success">{notice}</Alert> : null}
      {!status && !error ? <CircularProgress aria-label="Cargando" /> : null}
      {status ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={1.5}>
            <Typography component="h2" variant="h6">
              {status.title}
            </Typography>
            <Typography>
              {status.company} firmará automáticamente estos documentos con la firma guardada de{' '}
              {status.approver}.
            </Typography>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Documentos
            </Typography>
            <List dense disablePadding>
              {status.documents.map((document) => (
                <ListItem key={document.name} disableGutters>
                  <ListItemText primary={document.name} secondary={`${document.pages} página(s)`} />
                </ListItem>
              ))}
            </List>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Firmantes
            </Typography>
            <List dense disablePadding>
              {status.signers.map((signer) => (
                <ListItem key={`${signer.name}-${signer.signed_at}`} disableGutters>
                  <ListItemText
                    primary={signer.name}
                    secondary={
                      signer.signed_at ? `Firmó el ${formatDateTime(signer.signed_at)}` : 'Pendiente'
                    }
                  />
                </ListItem>
              ))}
            </List>
            {status.signature_image ? (
              <Box
                component="img"
                src={status.signature_image}
                alt="Firma que se aplicará"
                sx={{
                  maxWidth: 280,
                  maxHeight: 110,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1,
                }}
              />
            ) : null}
            {decided ? (
              <Alert severity="info">{STATUS_TEXT[status.auto_sign_status ?? '']}</Alert>
            ) : !status.ready ? (
              <Alert severity="info">
                Aún faltan firmas: podrá aprobar cuando todos los firmantes hayan firmado.
              </Alert>
            ) : (
              <Stack spacing={1.5}>
                <TextField
                  label="Motivo del rechazo (opcional)"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  multiline
                  minRows={2}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <Button variant="contained" disabled={busy} onClick={() => void submit(true)}>
                    Aprobar y firmar
                  </Button>
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => void submit(false)}>
                    Rechazar
                  </Button>
                </Stack>
              </Stack>
            )}
          </Stack>
        </Paper>
      ) : null}
    </PublicShell>
  );
}
