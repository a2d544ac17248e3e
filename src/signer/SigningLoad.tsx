import { CircularProgress, Stack } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type SignerBody, type SignerPath, type SignerReply, SigningError, signingCall } from './api';
import { SigningNotice } from './SigningNotice';
import { SigningShell } from './SigningShell';

/** What a signer's page has loaded of its token: the reply, or the Spanish reason it cannot. */
export type SigningLoad<T> =
  | { status: 'loading' }
  /** `code`: the HTTP status of the refusal (410: the request is over), 0 without an answer. */
  | { status: 'error'; message: string; code: number }
  | { status: 'ready'; data: T };

/**
 * Loads what a signer's page shows for its token (`verify_token_*`), once per token; `onReady`
 * runs once with the reply (e.g. to record the opening or to preselect the pending requests).
 */
export function useSigningLoad<P extends 'verify_token_sign_request' | 'verify_token_user'>(
  endpoint: P & SignerPath,
  token: string,
  onReady?: (data: SignerReply<P>) => void,
): SigningLoad<SignerReply<P>> {
  const [state, setState] = useState<SigningLoad<SignerReply<P>>>({ status: 'loading' });
  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => {
    let live = true;
    signingCall(endpoint, { token } as SignerBody<P>)
      .then((data) => {
        if (!live) return;
        setState({ status: 'ready', data });
        ready.current?.(data);
      })
      .catch((problem: unknown) => {
        if (live)
          setState({
            status: 'error',
            message: problem instanceof SigningError ? problem.message : String(problem),
            code: problem instanceof SigningError ? problem.status : 0,
          });
      });
    return () => {
      live = false;
    };
  }, [endpoint, token]);
  return state;
}

/** The page while its token loads, or why it cannot be used; `null` once it is ready. */
export function SigningLoadScreen<T>({
  state,
  title,
  loadingLabel,
}: {
  state: SigningLoad<T>;
  title: string;
  loadingLabel: string;
}): ReactNode {
  if (state.status === 'loading')
    return (
      <SigningShell title={title}>
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={loadingLabel} />
        </Stack>
      </SigningShell>
    );
  if (state.status === 'error')
    return (
      <SigningShell title={title}>
        <SigningNotice severity="warning" role="alert">
          {state.message}
        </SigningNotice>
      </SigningShell>
    );
  return null;
}
