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
import { useEffect, useRef, useState } from 'react';
import { SigningError, signingCall } from './api';

/**
 * Rejecting with a reason: one of the company's (the server sends Spanish defaults while it has
 * none of its own), or «Otro motivo» in the signer's words. None is chosen beforehand: the signer
 * says why. The chosen reason or the words written travel as `reason`, as the contract asks.
 */

const OTHER = '__otro__';
const OTHER_LABEL = 'Otro motivo';
/** The server's reason at least this long (`do_reject_sign_request`). */
const MIN_REASON = 3;

/** The company's «Otro motivo» is the written one, offered once and last. */
const isOther = (reason: string) =>
  reason.trim().toLocaleLowerCase('es') === OTHER_LABEL.toLocaleLowerCase('es');

export function RejectForm({
  token,
  reasons,
  onRejected,
  onFailed,
}: {
  token: string;
  reasons: string[];
  onRejected: () => void;
  /** The rejection was refused, with the Spanish reason shown (a framing page is told). */
  onFailed?: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const reason = choice === OTHER ? text.trim() : (choice ?? '');
  const listed = reasons.filter((option) => !isOther(option));

  // The form opens below the steps: it takes the focus, which brings it on screen.
  useEffect(() => {
    if (open) title.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Button color="error" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
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
      const message = problem instanceof SigningError ? problem.message : String(problem);
      setError(message);
      onFailed?.(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} component="section" aria-labelledby="reject-title">
      <Typography
        id="reject-title"
        ref={title}
        tabIndex={-1}
        component="h2"
        variant="h6"
        sx={{ outline: 'none' }}
      >
        Rechazar la solicitud
      </Typography>
      <Typography id="reject-question">¿Por qué rechaza la solicitud?</Typography>
      <RadioGroup
        aria-labelledby="reject-question"
        value={choice ?? ''}
        onChange={(event) => setChoice(event.target.value)}
      >
        {listed.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
        ))}
        <FormControlLabel value={OTHER} control={<Radio />} label={OTHER_LABEL} />
      </RadioGroup>
      {choice === OTHER && (
        <TextField
          label="Motivo del rechazo"
          required
          multiline
          minRows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={`Escriba el motivo (al menos ${MIN_REASON} caracteres)`}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="error"
          onClick={reject}
          disabled={busy || reason.length < MIN_REASON}
        >
          Confirmar rechazo
        </Button>
        <Button onClick={() => setOpen(false)}>Volver</Button>
      </Stack>
    </Stack>
  );
}
