import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type SignatureChoice, type SignerOverview, signingCall } from './api';
import { SigningLoadScreen, useSigningLoad } from './SigningLoad';
import { SigningNotice } from './SigningNotice';
import { SigningShell } from './SigningShell';

const SigningSteps = lazy(() => import('./SigningSteps').then((m) => ({ default: m.SigningSteps })));

/** `/list_documents?token=…`: every request pending for the signer, signed together after one check. */

const TITLE = 'Documentos para firmar';

export function ListDocumentsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [chosen, setChosen] = useState<number[]>([]);
  const [signedCount, setSignedCount] = useState<number | null>(null);
  const state = useSigningLoad<SignerOverview>('verify_token_user', token, (overview) =>
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
    const result = await signingCall<{ signed: number[] }>('do_sign_request_multiple', {
      token,
      request_ids: chosen,
      consent_version: consentVersion,
      signature,
    });
    setSignedCount(result.signed.length);
  };
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((value) => value !== id)));

  return (
    <SigningShell title={TITLE}>
      <Typography>
        {overview.signer.name}, {overview.company} le pide firmar{' '}
        {overview.pending.length === 1 ? 'una solicitud' : `${overview.pending.length} solicitudes`}.
      </Typography>
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
      <Suspense fallback={<CircularProgress aria-label="Cargando el formulario de firma" />}>
        <SigningSteps
          token={token}
          signer={overview.signer}
          consent={overview.consent}
          signLabel={chosen.length === 1 ? 'Firmar 1 solicitud' : `Firmar ${chosen.length} solicitudes`}
          canSign={chosen.length > 0}
          onSign={sign}
        />
      </Suspense>
    </SigningShell>
  );
}
