import { Alert, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { fileToBase64, type SignatureChoice, type SignerSummary, SigningError, signingCall } from './api';
import { OtpPanel } from './OtpPanel';
import { SelfiePanel } from './SelfiePanel';
import { SignaturePad, type SignatureValue } from './SignaturePad';

/**
 * What both signing pages share: consent, the required authentication (code, selfie), the
 * signature and the sign button. `onSign` receives the signature ready for the server (an image
 * is uploaded first with upload_sign_images).
 */

type Props = {
  token: string;
  signer: SignerSummary;
  consent: { version: string; text: string };
  signLabel: string;
  extra?: ReactNode;
  canSign?: boolean;
  onSign: (signature: SignatureChoice, consentVersion: string) => Promise<void>;
};

export function SigningSteps({ token, signer, consent, signLabel, extra, canSign = true, onSign }: Props) {
  const [accepted, setAccepted] = useState(false);
  const [verified, setVerified] = useState(signer.authenticated || signer.channels.length === 0);
  const needsSelfie = signer.authentication.includes('selfie') && !signer.authenticated;
  const [selfieDone, setSelfieDone] = useState(!needsSelfie);
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSignatureChange = useCallback((value: SignatureValue | null) => setSignature(value), []);

  const sign = async () => {
    if (!signature) return;
    setBusy(true);
    setError(null);
    try {
      if (signature.kind !== 'typed') {
        const blob = signature.kind === 'drawn' ? signature.png : signature.file;
        await signingCall('upload_sign_images', {
          token,
          image: await fileToBase64(blob),
          kind: signature.kind,
        });
      }
      await onSign(
        signature.kind === 'typed' ? { kind: 'typed', text: signature.text } : { kind: signature.kind },
        consent.version,
      );
    } catch (problem) {
      setError(problem instanceof SigningError ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="consent-title">
        <Typography id="consent-title" component="h2" variant="h6">
          Consentimiento
        </Typography>
        <Typography variant="body2" sx={{ my: 1 }}>
          {consent.text}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
          label="Acepto firmar electrónicamente"
        />
      </Paper>
      {!verified && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <OtpPanel token={token} signer={signer} onVerified={() => setVerified(true)} />
        </Paper>
      )}
      {verified && signer.channels.length > 0 && <Alert severity="success">Identidad verificada</Alert>}
      {!selfieDone && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SelfiePanel token={token} onDone={() => setSelfieDone(true)} />
        </Paper>
      )}
      {needsSelfie && selfieDone && <Alert severity="success">Foto registrada</Alert>}
      {extra}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="signature-title">
        <Typography id="signature-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          Su firma
        </Typography>
        <SignaturePad name={signer.name} onChange={onSignatureChange} />
      </Paper>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        onClick={sign}
        disabled={busy || !canSign || !accepted || !verified || !selfieDone || !signature}
      >
        {signLabel}
      </Button>
    </Stack>
  );
}
