import { CircularProgress, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { deadlineText } from '../format';
import { type SignatureChoice, signingCall } from './api';
import { DocumentPages } from './DocumentPages';
import { tellParent } from './embedding';
import { usePhoneLayout } from './layout';
import { SigningLoadScreen, useSigningLoad } from './SigningLoad';
import { SigningNotice } from './SigningNotice';
import { SigningShell } from './SigningShell';

// The pages show first; their controls, the forms (and the inputs they bring) load right after.
const DocumentViewer = lazy(() => import('./DocumentViewer').then((m) => ({ default: m.DocumentViewer })));
const SigningSteps = lazy(() => import('./SigningSteps').then((m) => ({ default: m.SigningSteps })));
const RejectForm = lazy(() => import('./RejectForm').then((m) => ({ default: m.RejectForm })));
const FieldsForm = lazy(() => import('./FieldsForm').then((m) => ({ default: m.FieldsForm })));
const FinishedRequest = lazy(() => import('./FinishedRequest').then((m) => ({ default: m.FinishedRequest })));

/**
 * `/signature-request/:token`: read, verify, sign or reject one request; on a phone one step at a
 * time (SigningSteps), on a desktop on one page.
 */

type Outcome = { outcome: 'signed' | 'rejected'; completed: boolean };

const FILLABLE = new Set(['text', 'checkbox', 'date', 'initials']);

export function SignRequestPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState<Outcome | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const phone = usePhoneLayout();
  const state = useSigningLoad('verify_token_sign_request', token, (view) => {
    tellParent(view, 'loaded');
    if (view.your_turn)
      void signingCall('send_notification_attempt_open_document', { token }).catch(() => undefined);
  });

  if (state.status !== 'ready') {
    const screen = (
      <SigningLoadScreen state={state} title="Firma de documentos" loadingLabel="Cargando la solicitud" />
    );
    // A link that no longer signs (410) may be of a completed request: it downloads what was signed.
    if (state.status === 'error' && state.code === 410)
      return (
        <Suspense
          fallback={
            <SigningLoadScreen
              state={{ status: 'loading' }}
              title="Firma de documentos"
              loadingLabel="Cargando la solicitud"
            />
          }
        >
          <FinishedRequest token={token} fallback={screen} />
        </Suspense>
      );
    return screen;
  }
  if (done) {
    return (
      <SigningShell title={done.outcome === 'signed' ? 'Firma registrada' : 'Solicitud rechazada'}>
        <SigningNotice severity={done.outcome === 'signed' ? 'success' : 'info'} role="status">
          {done.outcome === 'signed'
            ? done.completed
              ? 'Gracias. Todos firmaron: recibirá el documento sellado por correo y podrá descargarlo desde este mismo enlace.'
              : 'Gracias. Su firma quedó registrada; avisaremos a los demás firmantes.'
            : 'Registramos su rechazo y avisamos al remitente.'}
        </SigningNotice>
      </SigningShell>
    );
  }

  const view = state.data;
  const fillable = view.documents
    .flatMap((document) => document.boxes)
    .filter((box) => FILLABLE.has(box.kind));
  const missing = fillable.some((box) => box.kind !== 'checkbox' && !values[box.field]?.trim());
  const sign = async (signature: SignatureChoice, consentVersion: string) => {
    const result = await signingCall('do_sign_request', {
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
    tellParent(view, 'signed');
    setDone({ outcome: 'signed', completed: result.request_status === 'completed' });
  };

  // Until the viewer loads, the first page (or every page on a desktop) shows without controls.
  const firstScreen = <DocumentPages documents={view.documents} sheet={phone ? 0 : undefined} />;
  const documents = (
    <Suspense fallback={firstScreen}>
      <DocumentViewer documents={view.documents} paged={phone} />
    </Suspense>
  );

  return (
    <SigningShell title={view.title}>
      <Typography>
        {view.company} le pide firmar{' '}
        {view.documents.length === 1 ? 'este documento' : `estos ${view.documents.length} documentos`}.
      </Typography>
      <Typography color="text.secondary">Puede firmar hasta el {deadlineText(view.expires_at)}</Typography>
      {view.message && <Typography color="text.secondary">{view.message}</Typography>}
      {!view.your_turn ? (
        <>
          {documents}
          <SigningNotice severity="info" role="status">
            Aún no es su turno de firmar; le avisaremos por correo cuando lo sea.
          </SigningNotice>
        </>
      ) : (
        <Suspense
          fallback={
            <>
              {firstScreen}
              <CircularProgress aria-label="Cargando el formulario de firma" />
            </>
          }
        >
          <SigningSteps
            token={token}
            signer={view.signer}
            consent={view.consent}
            signLabel="Firmar"
            stepped={phone}
            subject={documents}
            fields={
              fillable.length > 0 && <FieldsForm boxes={fillable} values={values} onChange={setValues} />
            }
            fieldsComplete={!missing}
            summary={
              <>
                <Typography variant="body2">
                  {view.documents.length === 1
                    ? 'Va a firmar este documento:'
                    : 'Va a firmar estos documentos:'}
                </Typography>
                <Typography component="ul" variant="body2" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
                  {view.documents.map((document) => (
                    <li key={document.id}>{document.name}</li>
                  ))}
                </Typography>
              </>
            }
            onSign={sign}
            onVerified={() => tellParent(view, 'code-validated')}
            onFailed={(message) => tellParent(view, 'error', message)}
          />
          <RejectForm
            token={token}
            reasons={view.rejection_reasons}
            onRejected={() => {
              tellParent(view, 'rejected');
              setDone({ outcome: 'rejected', completed: false });
            }}
            onFailed={(message) => tellParent(view, 'error', message)}
          />
        </Suspense>
      )}
    </SigningShell>
  );
}
