import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../../format';
import type { FileVerdict, RequestSummary } from './validationApi';

type Status = FileVerdict['status'];

/** Plain Spanish for each verdict, and how loudly to say it. */
export const STATUS_WORDING: Record<
  Status,
  { title: string; severity: 'success' | 'warning' | 'error' | 'info' }
> = {
  intact: { title: 'Documento íntegro', severity: 'success' },
  modified: { title: 'Modificado después de firmado', severity: 'warning' },
  altered: { title: 'Documento alterado', severity: 'error' },
  unsigned: { title: 'Documento sin firmas', severity: 'info' },
};

const REQUEST_STATUS: Record<string, string> = {
  in_progress: 'En proceso de firma',
  completed: 'Completada',
  rejected: 'Rechazada',
  cancelled: 'Cancelada',
  expired: 'Vencida',
};

const SIGNER_STATUS: Record<string, string> = {
  waiting: 'En espera',
  invited: 'Invitado',
  viewed: 'Abrió el documento',
  signed: 'Firmó',
  rejected: 'Rechazó',
};

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

/** Who signed, when, and the state of each sealed document of a request. */
export function RequestSummaryView({ summary }: { summary: RequestSummary }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label="Resumen de la solicitud">
      <Stack spacing={1.5}>
        <Typography component="h2" variant="h6">
          {summary.title}
        </Typography>
        <Typography>
          Emitido por <strong>{summary.company}</strong> · Código {summary.validation_code}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip label={REQUEST_STATUS[summary.status] ?? summary.status} />
          {summary.sealed_at ? (
            <Chip color="success" label={`Sellada el ${when(summary.sealed_at)}`} />
          ) : null}
          <Chip
            color={summary.audit_trail_intact ? 'success' : 'error'}
            label={
              summary.audit_trail_intact ? 'Registro de auditoría íntegro' : 'Registro de auditoría alterado'
            }
          />
        </Stack>
        <Divider />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Firmantes
        </Typography>
        <List dense disablePadding>
          {summary.signers.map((signer, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from one reply, never reordered
            <ListItem key={`${signer.name}-${index}`} disableGutters>
              <ListItemText
                primary={signer.name}
                secondary={`${SIGNER_STATUS[signer.status] ?? signer.status}${signer.signed_at ? ` · ${when(signer.signed_at)}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Documentos
        </Typography>
        {summary.documents.map((document, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from one reply, never reordered
          <Box key={`${document.name}-${index}`}>
            <Typography sx={{ fontWeight: 600 }}>{document.name}</Typography>
            <Typography color={document.status === 'intact' ? 'success.dark' : 'text.primary'}>
              {document.status_text}
            </Typography>
            {document.timestamp ? (
              <Typography variant="body2" color="text.secondary">
                Sello de tiempo: {when(document.timestamp.time)} por {document.timestamp.authority}
              </Typography>
            ) : null}
            {document.sealed_sha256 ? (
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                SHA-256: {document.sealed_sha256}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** The verdict on an uploaded file, its signatures and, when it is a sealed file of ours, its request. */
export function FileVerdictView({ verdict }: { verdict: FileVerdict }) {
  const wording = STATUS_WORDING[verdict.status];
  return (
    <Stack spacing={2}>
      <Alert severity={wording.severity} role="status">
        <AlertTitle>{wording.title}</AlertTitle>
        {verdict.summary}
        {verdict.problems.length > 0 ? (
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {verdict.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        ) : null}
      </Alert>
      {verdict.signatures.map((signature, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from one reply, never reordered
        <Paper key={`${signature.signer}-${index}`} variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            Firma {index + 1}: {signature.signer ?? 'firmante desconocido'}
            {signature.organization ? ` (${signature.organization})` : ''}
          </Typography>
          <Typography variant="body2">
            {signature.valid ? 'Firma válida' : 'Firma no válida'}
            {signature.timestamp
              ? ` · sello de tiempo ${when(signature.timestamp.time)} por ${signature.timestamp.authority}`
              : ' · sin sello de tiempo'}
          </Typography>
        </Paper>
      ))}
      {verdict.request ? <RequestSummaryView summary={verdict.request} /> : null}
    </Stack>
  );
}
