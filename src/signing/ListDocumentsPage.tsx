import { Alert, Checkbox, CircularProgress, FormControlLabel, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PublicShell } from '../pages/public/PublicShell';
import { type SignatureChoice, type SignerOverview, SigningError, signingCall } from './api';
import { SigningSteps } from './SigningSteps';

/** `/list_documents?token=…`: every request pending for the signer, signed together after one check. */

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; overview: SignerOverview }
  | { status: 'done'; count: number };

const TITLE = 'Documentos pendientes';

export function ListDocumentsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [chosen, setChosen] = useState<number[]>([]);

  useEffect(() => {
    let live = true;
    signingCall<SignerOverview>('verify_token_user', { token })
      .then((overview) => {
        if (!live) return;
        setState({ status: 'ready', overview });
        setChosen(overview.pending.map((row) => row.request_id));
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
      <PublicShell title={TITLE}>
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Cargando sus documentos" />
        </Stack>
      </PublicShell>
    );
  }
  if (state.status === 'error') {
    return (
      <PublicShell title={TITLE}>
        <Alert severity="warning" role="alert">
          {state.message}
        </Alert>
      </PublicShell>
    );
  }
  if (state.status === 'done') {
    return (
      <PublicShell title="Firmas registradas">
        <Alert severity="success" role="status">
          {state.count === 1 ? 'Firmó 1 solicitud.' : `Firmó ${state.count} solicitudes.`} Gracias.
        </Alert>
      </PublicShell>
    );
  }

  const { overview } = state;
  const sign = async (signature: SignatureChoice, consentVersion: string) => {
    const result = await signingCall<{ signed: number[] }>('do_sign_request_multiple', {
      token,
      request_ids: chosen,
      consent_version: consentVersion,
      signature,
    });
    setState({ status: 'done', count: result.signed.length });
  };
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((value) => value !== id)));

  return (
    <PublicShell title={TITLE}>
      <Typography>
        {overview.signer.name}, {overview.company} le pide firmar{' '}
        {overview.pending.length === 1 ? 'una solicitud' : `${overview.pending.length} solicitudes`}.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pending-title">
        <Typography id="pending-title" component="h2" variant="h6">
          Elija qué firmar
        </Typography>
        <Stack>
          {overview.pending.map((row) => (
            <FormControlLabel
              key={row.request_id}
              control={
                <Checkbox
                  checked={chosen.includes(row.request_id)}
                  onChange={(event) => toggle(row.request_id, event.target.checked)}
                />
              }
              label={`${row.title} (${row.documents.length === 1 ? '1 documento' : `${row.documents.length} documentos`})`}
            />
          ))}
        </Stack>
      </Paper>
      <SigningSteps
        token={token}
        signer={overview.signer}
        consent={overview.consent}
        signLabel={chosen.length === 1 ? 'Firmar 1 solicitud' : `Firmar ${chosen.length} solicitudes`}
        canSign={chosen.length > 0}
        onSign={sign}
      />
    </PublicShell>
  );
}
