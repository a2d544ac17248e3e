import { Alert, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { type SignerSummary, SigningError, signingCall } from './api';

/**
 * Identity check by a one-time code: choose the channel (e-mail, SMS, WhatsApp among those the
 * request asks), receive 6 digits, type them. The code is bound to this browser. Five wrong
 * codes lock the link; the panel then says so and what to do instead of offering more codes.
 */

const CHANNEL_LABELS = { email: 'Correo', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

export const LOCKED_TEXT = {
  title: 'Se superó el número de intentos permitidos: este enlace quedó bloqueado.',
  help: 'Pídale al remitente que le reenvíe la solicitud. Recibirá un enlace nuevo con el que podrá pedir otro código.',
} as const;

type Props = { token: string; signer: SignerSummary; onVerified: () => void };

export function OtpPanel({ token, signer, onVerified }: Props) {
  const [channel, setChannel] = useState(signer.channels[0] ?? 'email');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(signer.code_locked);

  const refused = async (problem: unknown) => {
    setError(problem instanceof SigningError ? problem.message : String(problem));
    // A 429 is either this link's lock or the per-address limit (which passes): the server tells which.
    if (problem instanceof SigningError && problem.status === 429) {
      const overview = await signingCall('verify_token_user', { token }).catch(() => null);
      if (overview?.signer.code_locked) setLocked(true);
    }
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const sent = await signingCall(sentTo ? 'resend_code' : 'send_code', {
        token,
        channel,
      });
      setSentTo(sent.sent_to);
    } catch (problem) {
      await refused(problem);
    } finally {
      setBusy(false);
    }
  };
  const validate = async () => {
    setBusy(true);
    setError(null);
    try {
      await signingCall('validate_code', { token, code });
      onVerified();
    } catch (problem) {
      await refused(problem);
    } finally {
      setBusy(false);
    }
  };

  const title = (
    <Typography id="otp-title" component="h2" variant="h6">
      Verifique su identidad
    </Typography>
  );
  if (locked) {
    return (
      <Stack spacing={2} component="section" aria-labelledby="otp-title">
        {title}
        <Alert severity="warning" role="alert">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {LOCKED_TEXT.title}
          </Typography>
          <Typography variant="body2">{LOCKED_TEXT.help}</Typography>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} component="section" aria-labelledby="otp-title">
      {title}
      {signer.channels.length > 1 && (
        <ToggleButtonGroup
          exclusive
          value={channel}
          onChange={(_, value) => value && setChannel(value)}
          aria-label="Dónde recibir el código"
        >
          {signer.channels.map((option) => (
            <ToggleButton key={option} value={option}>
              {CHANNEL_LABELS[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Typography variant="body2">
        {channel === 'email'
          ? `Le enviaremos un código de 6 dígitos a ${signer.email}.`
          : `Le enviaremos un código de 6 dígitos al ${signer.phone ?? 'celular registrado'}.`}
      </Typography>
      <Button variant="outlined" onClick={send} disabled={busy}>
        {sentTo ? 'Enviar otro código' : 'Enviar código'}
      </Button>
      {sentTo && (
        <>
          <Typography role="status" variant="body2">
            Enviamos el código a {sentTo}. Vence en 10 minutos.
          </Typography>
          <TextField
            label="Código de 6 dígitos"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
          />
          <Button variant="contained" onClick={validate} disabled={busy || code.length !== 6}>
            Verificar código
          </Button>
        </>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
