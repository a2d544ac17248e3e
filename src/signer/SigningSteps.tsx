import { Alert, Button, Checkbox, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { fileToBase64, type SignatureChoice, type SignerSummary, SigningError, signingCall } from './api';
import { OtpPanel } from './OtpPanel';
import { SelfiePanel } from './SelfiePanel';
import { SignaturePad, type SignatureValue } from './SignaturePad';
import { StepHeader, StepNavigation } from './StepFrame';

/**
 * What both signing pages share: what is signed, consent, each identity check the request asks of
 * this signer (code, selfie: from the signer's session data), the fields and signature, and the
 * sign button. `stepped` (a phone) shows one of them at a time with «Paso N de M», «Atrás» and
 * «Siguiente», which opens once the step is done, and ends on a confirmation; otherwise every part
 * is on one page. Every part stays mounted while hidden, so going back finds it as it was left.
 * `onSign` receives the signature ready for the server (an image is uploaded first with
 * upload_sign_images).
 */

type Props = {
  token: string;
  signer: SignerSummary;
  consent: { version: string; text: string };
  signLabel: string;
  stepped: boolean;
  /** What is signed: the first step (the document to read, the requests to choose). */
  subject: ReactNode;
  /** False while the subject allows no signature (no request chosen); `subjectHint` says why. */
  subjectReady?: boolean;
  subjectHint?: string;
  /** The boxes the signer fills beside the signature, and whether all that must be are filled. */
  fields?: ReactNode;
  fieldsComplete?: boolean;
  /** The confirmation step's account of what will be signed. */
  summary: ReactNode;
  onSign: (signature: SignatureChoice, consentVersion: string) => Promise<void>;
  /** The code was accepted in this browser (a framing page is told). */
  onVerified?: () => void;
  /** Signing was refused, with the Spanish reason the page shows (a framing page is told). */
  onFailed?: (message: string) => void;
};

type Step = { key: string; content: ReactNode; ready: boolean; hint: string };

const SIGNATURE_KINDS = { drawn: 'dibujada', typed: 'escrita', uploaded: 'cargada como imagen' } as const;

/** A check passed before this page opened (the session is already authenticated), or just now. */
function PassedCheck({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Stack spacing={2} component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      <Alert severity="success">{text}</Alert>
    </Stack>
  );
}

export function SigningSteps({
  token,
  signer,
  consent,
  signLabel,
  stepped,
  subject,
  subjectReady = true,
  subjectHint = '',
  fields,
  fieldsComplete = true,
  summary,
  onSign,
  onVerified,
  onFailed,
}: Props) {
  const asksCode = signer.channels.length > 0;
  const asksSelfie = signer.authentication.includes('selfie');
  const [accepted, setAccepted] = useState(false);
  const [verified, setVerified] = useState(signer.authenticated || !asksCode);
  const [selfieDone, setSelfieDone] = useState(signer.authenticated || !asksSelfie);
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSignatureChange = useCallback((value: SignatureValue | null) => setSignature(value), []);

  const steps: Step[] = [
    { key: 'subject', content: subject, ready: subjectReady, hint: subjectHint },
    {
      key: 'consent',
      ready: accepted,
      hint: 'Acepte firmar electrónicamente para continuar',
      content: (
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
      ),
    },
  ];
  if (asksCode)
    steps.push({
      key: 'code',
      ready: verified,
      hint: 'Verifique el código para continuar',
      content: (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {verified ? (
            <PassedCheck id="otp-title" title="Verifique su identidad" text="Identidad verificada" />
          ) : (
            <OtpPanel
              token={token}
              signer={signer}
              onVerified={() => {
                setVerified(true);
                onVerified?.();
              }}
            />
          )}
        </Paper>
      ),
    });
  // The camera stays on only while its step is on screen.
  const selfieStep = steps.length;
  if (asksSelfie)
    steps.push({
      key: 'selfie',
      ready: selfieDone,
      hint: 'Registre la foto para continuar',
      content: (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {signer.authenticated ? (
            <PassedCheck id="selfie-title" title="Foto de verificación" text="Foto registrada" />
          ) : (
            <SelfiePanel
              token={token}
              active={!stepped || current === selfieStep}
              onDone={() => setSelfieDone(true)}
            />
          )}
        </Paper>
      ),
    });
  steps.push({
    key: 'signature',
    ready: fieldsComplete && signature !== null,
    hint: fieldsComplete ? 'Firme para continuar' : 'Complete los campos para continuar',
    content: (
      <Stack spacing={2}>
        {fields}
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="signature-title">
          <Typography id="signature-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            Su firma
          </Typography>
          <SignaturePad name={signer.name} onChange={onSignatureChange} />
        </Paper>
      </Stack>
    ),
  });
  const ready = steps.every((step) => step.ready);

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
      const message = problem instanceof SigningError ? problem.message : String(problem);
      setError(message);
      onFailed?.(message);
    } finally {
      setBusy(false);
    }
  };
  const signButton = (
    <Button variant="contained" size="large" onClick={sign} disabled={busy || !ready}>
      {signLabel}
    </Button>
  );
  const count = steps.length + 1;
  const last = current === count - 1;
  const step = steps[current];
  // One tree for both layouts: a tablet turned across the breakpoint keeps every part as it was.
  return (
    <Stack spacing={2}>
      {stepped && <StepHeader index={current} count={count} />}
      {steps.map((item, index) => (
        <div key={item.key} hidden={stepped && index !== current}>
          {item.content}
        </div>
      ))}
      {stepped && last && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="confirm-title">
          <Stack spacing={1}>
            <Typography id="confirm-title" component="h2" variant="h6">
              Confirme y firme
            </Typography>
            {summary}
            <Typography variant="body2">
              {signature
                ? `Firmará como ${signer.name}, con su firma ${SIGNATURE_KINDS[signature.kind]}. `
                : ''}
              Al pulsar «{signLabel}» su firma quedará registrada con la fecha y la hora.
            </Typography>
          </Stack>
        </Paper>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {stepped ? (
        <StepNavigation
          canGoBack={current > 0 && !busy}
          onBack={() => setCurrent(current - 1)}
          forward={
            last ? (
              signButton
            ) : (
              <Button
                variant="contained"
                size="large"
                onClick={() => setCurrent(current + 1)}
                disabled={!step?.ready}
              >
                Siguiente
              </Button>
            )
          }
          hint={!last && step && !step.ready ? step.hint || null : null}
        />
      ) : (
        signButton
      )}
    </Stack>
  );
}
