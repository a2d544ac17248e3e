import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type SignatureChoice, signingCall } from './api';
import { usePhoneLayout } from './layout';
import { SigningLoadScreen, useSigningLoad } from './SigningLoad';
import { SigningNotice } from './SigningNotice';
import { SigningShell } from './SigningShell';

const SigningSteps = lazy(() => import('./SigningSteps').then((m) => ({ default: m.SigningSteps })));

/**
 * `/list_documents?token=…`: every request pending for the signer, signed together after one check;
 * on a phone one step at a time, choosing the requests first.
 */

const TITLE = 'Documentos para firmar';

export function ListDocumentsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [chosen, setChosen] = useState<number[]>([]);
  const [signedCount, setSignedCount] = useState<number | null>(null);
  const phone = usePhoneLayout();
  const state = useSigningLoad('verify_token_user', token, (overview) =>
    setChosen(overview.pending.map((row) => row.request_id)),
  );

  if (state.status !== 'ready')
    return <SigningLoadScreen state={state} title={TITLE} loadingLabel="Cargando sus documentos" />;
  if (signedCount !== null) {
    return (
      <SigningShell title="Firmas registradas">
        <SigningNotice severity="success" role="status">
          {signedCount === 1 ? 'Firmó 1 solicitud.' : `Firmó ${signedCount} solicitudes.`} Gracias.
        </SigningNotice>
      </SigningShell>
    );
  }

  const overview = state.data;
  const sign = async (signature: SignatureChoice, consentVersion: string) => {
    const result = await signingCall('do_sign_request_multiple', {
      token,
      request_ids: chosen,
      consent_version: consentVersion,
      signature,
    });
    setSignedCount(result.signed.length);
  };
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((value) => value !== id)));

  const choice = (
    <Box
      component="section"
      aria-labelledby="pending-title"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Typography id="pending-title" component="h2" variant="h6">
        Elija qué firmar
      </Typography>
      {/* Native check boxes: this list is the first screen, and MUI's would add to its weight. */}
      <Stack spacing={1} sx={{ mt: 1 }}>
        {overview.pending.map((row) => (
          <Box
            component="label"
            key={row.request_id}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minHeight: 44 }}
          >
            <Box
              component="input"
              type="checkbox"
              checked={chosen.includes(row.request_id)}
              onChange={(event) => toggle(row.request_id, (event.target as HTMLInputElement).checked)}
              sx={{ width: 22, height: 22, accentColor: (theme) => theme.palette.primary.main }}
            />
            <span>
              {`${row.title} (${row.documents.length === 1 ? '1 documento' : `${row.documents.length} documentos`})`}
            </span>
          </Box>
        ))}
      </Stack>
    </Box>
  );

  return (
    <SigningShell title={TITLE}>
      <Typography>
        {overview.signer.name}, {overview.company} le pide firmar{' '}
        {overview.pending.length === 1 ? 'una solicitud' : `${overview.pending.length} solicitudes`}.
      </Typography>
      <Suspense
        fallback={
          <>
            {choice}
            <CircularProgress aria-label="Cargando el formulario de firma" />
          </>
        }
      >
        <SigningSteps
          token={token}
          signer={overview.signer}
          consent={overview.consent}
          signLabel={chosen.length === 1 ? 'Firmar 1 solicitud' : `Firmar ${chosen.length} solicitudes`}
          stepped={phone}
          subject={choice}
          subjectReady={chosen.length > 0}
          subjectHint="Elija al menos una solicitud para continuar"
          summary={
            <>
              <Typography variant="body2">
                {chosen.length === 1 ? 'Va a firmar esta solicitud:' : 'Va a firmar estas solicitudes:'}
              </Typography>
              <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
                {overview.pending
                  .filter((row) => chosen.includes(row.request_id))
                  .map((row) => (
                    <li key={row.request_id}>{row.title}</li>
                  ))}
              </Typography>
            </>
          }
          onSign={sign}
        />
      </Suspense>
    </SigningShell>
  );
}
