import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { fileToBase64, SigningError, signingCall } from './api';

/**
 * The selfie, only with the signer's explicit consent: from the camera when there is one, or an
 * uploaded photo. The server checks it shows exactly one face and keeps it with its SHA-256.
 */

/** `active`: false while the panel is out of sight (another step on a phone): the camera goes off. */
type Props = { token: string; active?: boolean; onDone: () => void };

export function SelfiePanel({ token, active = true, onDone }: Props) {
  const [consent, setConsent] = useState(false);
  const [streaming, setStreaming] = useState(false);
  // A camera warms up: until its first frame, a photo would be a black picture refused as faceless.
  const [hasFrame, setHasFrame] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  const stop = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setStreaming(false);
  };
  // The camera goes off when the panel leaves the page or the screen.
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );
  useEffect(() => {
    if (active) return;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setStreaming(false);
  }, [active]);

  const send = async (image: string) => {
    setBusy(true);
    setError(null);
    try {
      await signingCall('upload_photos_logs', { token, image, consent: true });
      setDone(true);
      stop();
      onDone();
    } catch (problem) {
      setError(problem instanceof SigningError ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  };
  const openCamera = async () => {
    setError(null);
    setHasFrame(false);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } });
      setStreaming(true);
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play();
      }
    } catch {
      setError('No se pudo abrir la cámara. Puede cargar una foto en su lugar');
    }
  };
  const capture = () => {
    const element = video.current;
    if (!element || element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth || 640;
    canvas.height = element.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(element, 0, 0, canvas.width, canvas.height);
    void send(canvas.toDataURL('image/jpeg', 0.9).replace(/^data:[^,]*;base64,/, ''));
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="selfie-title">
      <Typography id="selfie-title" component="h2" variant="h6">
        Foto de verificación
      </Typography>
      {done ? (
        <Alert severity="success">Foto registrada</Alert>
      ) : (
        <>
          <FormControlLabel
            control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />}
            label="Autorizo tomar y guardar una foto de mi rostro como evidencia de esta firma"
          />
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            onLoadedData={() => setHasFrame(true)}
            aria-label="Vista de la cámara"
            sx={{ width: '100%', maxWidth: 360, display: streaming ? 'block' : 'none', borderRadius: 1 }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {streaming ? (
              <Button variant="contained" onClick={capture} disabled={busy || !hasFrame}>
                Tomar foto
              </Button>
            ) : (
              <Button variant="outlined" onClick={openCamera} disabled={!consent || busy}>
                Usar la cámara
              </Button>
            )}
            <Button component="label" variant="outlined" disabled={!consent || busy}>
              Cargar una foto
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg"
                data-testid="selfie-upload"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (file) await send(await fileToBase64(file));
                }}
              />
            </Button>
          </Stack>
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
