import {
  Alert,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PublicShell } from '../pages/public/PublicShell';
import { type SignatureChoice, SigningError, type SigningView, signingCall } from './api';
import { DocumentPages } from './DocumentPages';
import { RejectForm } from './RejectForm';
import { SigningSteps } from './SigningSteps';

/** `/signature-request/:token`: read, verify, sign or reject one request. */

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: SigningView }
  | { status: 'done'; outcome: 'signed' | 'rejected'; completed: boolean };

const FILLABLE = new Set(['text', 'checkbox', 'date', 'initials']);

export function SignRequestPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [values, setValues] = useState<Record<string, string>>({});
  const opened = useRef(false);

  useEffect(() => {
    let live = true;
    signingCall<SigningView>('verify_token_sign_request', { token })
      .then((view) => {
        if (!live) return;
        setState({ status: 'ready', view });
        if (view.your_turn && !opened.current) {
          opened.current = true;
          void signingCall('send_notification_attempt_open_document', { token }).catch(() => undefined);
        }
      })
      .catch((problem: unknown) => {
        if (live)
          setState({
            status: 'error',
            message: problem instanceof SigningError ? problem.message : String(problem),
          });
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (state.status === 'loading') {
    return (
      <PublicShell title="Firmar documentos">
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Cargando la solicitud" />
        </Stack>
      </PublicShell>
    );
  }
  if (state.status === 'error') {
    return (
      <PublicShell title="Firmar documentos">
        <Alert severity="warning" role="alert">
          {state.message}
        </Alert>
      </PublicShell>
    );
  }
  if (state.status === 'done') {
    return (
      <PublicShell title={state.outcome === 'signed' ? 'Firma registrada' : 'Solicitud rechazada'}>
        <Alert severity={state.outcome === 'signed' ? 'success' : 'info'} role="status">
          {state.outcome === 'signed'
            ? state.completed
              ? 'Gracias. Todos firmaron: recibirá el documento sellado por correo.'
              : 'Gracias. Su firma quedó registrada; avisaremos a los demás firmantes.'
            : 'Registramos su rechazo y avisamos al remitente.'}
        </Alert>
      </PublicShell>
    );
  }

  const { view } = state;
  const fillable = view.documents
    .flatMap((document) => document.boxes)
    .filter((box) => FILLABLE.has(box.kind));
  const missing = fillable.some((box) => box.kind !== 'checkbox' && !values[box.field]?.trim());
  const sign = async (signature: SignatureChoice, consentVersion: string) => {
    const result = await signingCall<{ request_status: string }>('do_sign_request', {
      token,
      consent_version: consentVersion,
      signature,
      field_values: Object.fromEntries(
        fillable.map((box) => [
          box.field,
          box.kind === 'checkbox' ? String(values[box.field] === 'true') : (values[box.field] ?? ''),
        ]),
      ),
    });
    setState({ status: 'done', outcome: 'signed', completed: result.request_status === 'completed' });
  };

  return (
    <PublicShell title={view.title}>
      <Typography>
        {view.company} le pide firmar{' '}
        {view.documents.length === 1 ? 'este documento' : `estos ${view.documents.length} documentos`}.
      </Typography>
      {view.message && <Typography color="text.secondary">{view.message}</Typography>}
      <DocumentPages documents={view.documents} />
      {!view.your_turn ? (
        <Alert severity="info" role="status">
          Aún no es su turno de firmar; le avisaremos por correo cuando lo sea.
        </Alert>
      ) : (
        <>
          <SigningSteps
            token={token}
            signer={view.signer}
            consent={view.consent}
            signLabel="Firmar"
            canSign={!missing}
            onSign={sign}
            extra={
              fillable.length > 0 && (
                <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="fields-title">
                  <Typography id="fields-title" component="h2" variant="h6">
                    Campos por completar
                  </Typography>
                  <Stack spacing={2} sx={{ mt: 1 }}>
                    {fillable.map((box) =>
                      box.kind === 'checkbox' ? (
                        <FormControlLabel
                          key={box.field}
                          label={box.field}
                          control={
                            <Checkbox
                              checked={values[box.field] === 'true'}
                              onChange={(event) =>
                                setValues({ ...values, [box.field]: String(event.target.checked) })
                              }
                            />
                          }
                        />
                      ) : (
                        <TextField
                          key={box.field}
                          label={box.field}
                          type={box.kind === 'date' ? 'date' : 'text'}
                          value={values[box.field] ?? ''}
                          onChange={(event) => setValues({ ...values, [box.field]: event.target.value })}
                          slotProps={{ inputLabel: { shrink: box.kind === 'date' ? true : undefined } }}
                        />
                      ),
                    )}
                  </Stack>
                </Paper>
              )
            }
          />
          <RejectForm
            token={token}
            reasons={view.rejection_reasons}
            onRejected={() => setState({ status: 'done', outcome: 'rejected', completed: false })}
          />
        </>
      )}
    </PublicShell>
  );
}
