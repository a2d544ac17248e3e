import { createAuthProvider, type LoginParams, SecondFactorRequired } from '../authProvider/authProvider';
import { createSessionStore } from '../authProvider/session';
import { createCallEndpoint } from '../dataProvider/callEndpoint';
import { createHttpClient } from '../dataProvider/httpClient';
import { type FieldErrors, serverFieldErrors, serverMessage } from '../session/serverErrors';

/** A sign-in whose credentials were right and whose 6-digit code was e-mailed. */
export type PendingSignIn = Pick<SecondFactorRequired, 'challenge' | 'sentTo' | 'expiresInSeconds'>;

export type SignInOutcome =
  | { kind: 'signedIn'; redirectTo: string }
  | { kind: 'secondFactor'; pending: PendingSignIn }
  | { kind: 'refused'; message: string | null; fieldErrors?: FieldErrors };

export type CodeDelivery = Pick<PendingSignIn, 'sentTo' | 'expiresInSeconds'>;

/** What the guest screens ask of the server: the same login as the admin's auth provider. */
export type SignIn = {
  login: (params: LoginParams) => Promise<SignInOutcome>;
  /** "Reenviar código": a new code for a pending sign-in. */
  sendCode: (challenge: string) => Promise<CodeDelivery | { message: string | null }>;
};

/** What a sign-in stands on: the auth provider's login and the code resend endpoint. */
export type SignInParts = {
  /** Resolves `{ redirectTo }`, or throws SecondFactorRequired or the server's error. */
  login: (params: LoginParams) => Promise<{ redirectTo: string }>;
  sendCode: (challenge: string) => Promise<CodeDelivery>;
};

/** The guest screens' sign-in over those parts: outcomes, never a thrown server error. */
export function signInOver({ login, sendCode }: SignInParts): SignIn {
  return {
    async login(params) {
      try {
        const { redirectTo } = await login(params);
        return { kind: 'signedIn', redirectTo };
      } catch (error) {
        if (error instanceof SecondFactorRequired) {
          const { challenge, sentTo, expiresInSeconds } = error;
          return { kind: 'secondFactor', pending: { challenge, sentTo, expiresInSeconds } };
        }
        return { kind: 'refused', message: serverMessage(error), fieldErrors: serverFieldErrors(error) };
      }
    },
    async sendCode(challenge) {
      try {
        const { sentTo, expiresInSeconds } = await sendCode(challenge);
        return { sentTo, expiresInSeconds };
      } catch (error) {
        return { message: serverMessage(error) };
      }
    },
  };
}

/**
 * The sign-in over the browser's storage, loaded when the guest first submits (the login page
 * itself carries no contract, zod or react-admin). It is react-admin's own auth provider, so the
 * session is opened in storage exactly as there, and the admin app that loads next reads it.
 */
export function createSignIn(storage: Storage = globalThis.localStorage): SignIn {
  const session = createSessionStore(storage);
  const callEndpoint = createCallEndpoint(createHttpClient({ getToken: session.getToken }));
  // No resource rules: a guest screen checks no access; the admin app builds its own provider.
  const authProvider = createAuthProvider({ callEndpoint, session, accessRules: {} });
  return signInOver({
    login: (params) => authProvider.login(params),
    sendCode: (challenge) => callEndpoint('sendCode', { body: { challenge } }),
  });
}

let loaded: Promise<SignIn> | undefined;
/** The sign-in of the browser's storage, loaded once (its own chunk; see createSignIn). */
export const browserSignIn = (): Promise<SignIn> => {
  loaded ??= Promise.resolve(createSignIn());
  return loaded;
};
