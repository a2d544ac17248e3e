import {
  Alert,
  Button,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { SigningError, signingCall } from './api';

/** Rejecting with a reason: one of the company's, or written by the signer. */

const OTHER = '__otro__';

export function RejectForm({
  token,
  reasons,
  onRejected,
}: {
  token: string;
  reasons: string[];
  onRejected: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(reasons[0] ?? OTHER);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reason = choice === OTHER ? text.trim() : choice;

  if (!open) {
    return (
      <Button color="error" onClick={() => setOpen(true)}>
        Rechazar la solicitud
      </Button>
    );
  }
  const reject = async () => {
    setBusy(true);
    setError(null);
    try {
      await signingCall('do_reject_sign_request', { token, reason });
      onRejected();
    } catch (problem) {
      setError(problem instanceof SigningError ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="reject-title">
      <Typography id="reject-title" component="h2" variant="h6">
        Rechazar la solicitud
      </Typography>
      <RadioGroup
        aria-labelledby="reject-title"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
      >
        {reasons.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
        ))}
        <FormControlLabel value={OTHER} control={<Radio />} label="Otro motivo" />
      </RadioGroup>
      {choice === OTHER && (
        <TextField
          label="Motivo del rechazo"
          multiline
          minRows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" color="error" onClick={reject} disabled={busy || reason.length < 3}>
          Confirmar rechazo
        </Button>
        <Button onClick={() => setOpen(false)}>Volver</Button>
      </Stack>
    </Stack>
  );
}
