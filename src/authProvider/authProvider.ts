import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AuthenticatedUser } from '../../contract';
import { PATHS } from '../access/paths';
import type { CallEndpoint } from '../dataProvider/callEndpoint';
import { statusOf } from '../dataProvider/httpClient';
import { callerOf, canAccess, type ResourceAccessRules } from './canAccess';
import type { SessionStore } from './session';
import { decodeTokenPayload, isTokenExpired } from './token';

/** First step (credentials) or second step (the e-mailed code of a pending sign-in). */
export type LoginParams =
  | { email: string; password: string; unlock_token?: string }
  | { challenge: string; code: string };

/** The identity react-admin shows (app bar, menus), plus what the shell reads (SPEC §2.4, §2.6). */
export type AppIdentity = UserIdentity & {
  id: number;
  fullName: string;
  roleId: number;
  roleName: string;
  companyId: number;
  companyName: string;
  isImpersonating: boolean;
};

export type ImpersonationTarget = { companyId: number; userId: number };

export type AppAuthProvider = AuthProvider & {
  /** Re-reads the user behind the stored token; called once at start-up. Never rejects. */
  refreshUser: () => Promise<void>;
  /** SPEC §4: acts as another user; the administrator's own token is kept under `original_token`. */
  startImpersonation: (target: ImpersonationTarget) => Promise<void>;
  /** SPEC §4 "Volver a mi usuario": restores `original_token` and removes it from storage. */
  stopImpersonation: () => Promise<void>;
};

export type AuthProviderOptions = {
  callEndpoint: CallEndpoint;
  session: SessionStore;
  accessRules: ResourceAccessRules;
  logger?: Pick<Console, 'warn'>;
  now?: () => number;
};

/** An auth failure that sends react-admin to our own login page instead of its `/login`. */
export class AuthRedirect extends Error {
  readonly redirectTo: string;
  constructor(redirectTo: string, message: string) {
    super(message);
    this.name = 'AuthRedirect';
    this.redirectTo = redirectTo;
  }
}

/** A refusal that keeps the user logged in (403: missing permission, not a dead session). */
export class AccessRefused extends Error {
  readonly logoutUser = false;
  constructor(message: string) {
    super(message);
    this.name = 'AccessRefused';
  }
}

/**
 * Not a failure: the credentials were right and the server e-mailed a 6-digit code. The login page
 * catches it and shows the code step; `login({ challenge, code })` finishes the sign-in.
 */
export class SecondFactorRequired extends Error {
  readonly challenge: string;
  readonly sentTo: string;
  readonly expiresInSeconds: number;
  constructor({
    challenge,
    sentTo,
    expiresInSeconds,
  }: { challenge: string; sentTo: string; expiresInSeconds: number }) {
    super('Se requiere el código de verificación');
    this.name = 'SecondFactorRequired';
    this.challenge = challenge;
    this.sentTo = sentTo;
    this.expiresInSeconds = expiresInSeconds;
  }
}

/** True when react-admin's auth provider is ours (components reach it through `useAuthProvider`). */
export function isAppAuthProvider(provider: AuthProvider | undefined): provider is AppAuthProvider {
  return !!provider && 'startImpersonation' in provider && 'stopImpersonation' in provider;
}

function identityOf(user: AuthenticatedUser): AppIdentity {
  return {
    id: user.id,
    fullName: user.full_name,
    avatar: user.company_avatar ?? undefined,
    roleId: user.role_id,
    roleName: user.role_name,
    companyId: user.company_id,
    companyName: user.company_name,
    isImpersonating: user.isImpersonating,
  };
}

/**
 * Session handling for react-admin. Login stores the token (`access_token`) and caches the user
 * fetched right after; identity, permissions and `canAccess` read that cache, so no check costs a
 * request. Impersonation swaps the token and keeps the administrator's own under `original_token`.
 */
export function createAuthProvider({
  callEndpoint,
  session,
  accessRules,
  logger = console,
  now = Date.now,
}: AuthProviderOptions): AppAuthProvider {
  /**
   * From the moment «Volver a mi usuario» ends the impersonation session until the app loads its
   * next page (useImpersonation reloads after every switch): requests the old page still has in
   * flight come back 401 then, and taking that for a dead session would log out the very
   * administrator being restored.
   */
  let leavingImpersonation = false;

  /** Stores a new session and the user behind it; without the user the session is undone. */
  async function openSession(token: string, id: number, promptTwoFactor: boolean) {
    // A fresh sign-in starts clean: a stale `original_token` would otherwise defeat the next logout.
    session.clear();
    session.setToken(token);
    try {
      session.setUser(await callEndpoint('getUser', { id }));
    } catch (error) {
      // Without the user there are no permissions: a half-open session would only confuse.
      session.clear();
      throw error;
    }
    if (promptTwoFactor) session.setTwoFactorPrompt(id);
    return { redirectTo: PATHS.home };
  }

  /** Swaps in `token` for user `id` and caches that user; nothing of the previous user is kept. */
  async function switchTo(token: string, id: number) {
    session.setToken(token);
    session.removeUser();
    session.removeTwoFactorPrompt();
    session.setUser(await callEndpoint('getUser', { id }));
  }

  /** SPEC §4 "Volver a mi usuario": restores `original_token` and removes the key. */
  async function stopImpersonation() {
    const originalToken = session.getOriginalToken();
    if (!originalToken) return;
    leavingImpersonation = true;
    if (session.getToken()) {
      try {
        // Ends the impersonation session on the server; the administrator's own session stays.
        await callEndpoint('logout');
      } catch (error) {
        logger.warn('No se pudo cerrar la sesión de suplantación en el servidor.', error);
      }
    }
    session.removeOriginalToken();
    const id = decodeTokenPayload(originalToken)?.id;
    try {
      if (id === undefined) throw new Error('El token original no identifica al usuario');
      await switchTo(originalToken, id);
    } catch (error) {
      // The administrator's own session is gone too (expired or revoked): start over at login.
      session.clear();
      throw error;
    }
  }

  return {
    async login(params: LoginParams) {
      if ('challenge' in params) {
        const { token, id } = await callEndpoint('secondFactorRequest', {
          body: { challenge: params.challenge, code: params.code.trim() },
        });
        return openSession(token, id, false);
      }
      const reply = await callEndpoint('signin', {
        body: {
          email: params.email.trim(),
          password: params.password,
          ...(params.unlock_token ? { unlock_token: params.unlock_token } : {}),
        },
      });
      if (reply.status === 'second_factor_required') throw new SecondFactorRequired(reply);
      return openSession(reply.token, reply.id, reply.promptTwoFactor);
    },

    async logout() {
      // SPEC §4: "If an original token is stored, logout clears the access token only when none is
      // stored." Taken literally: while impersonating (both tokens stored) logout keeps the session
      // and stays where it is (`false`: no redirect); "Volver a mi usuario" is the way back.
      if (session.getOriginalToken() && session.getToken()) return false;
      if (session.getToken()) {
        try {
          await callEndpoint('logout');
        } catch (error) {
          // The session may already be revoked or expired; logging out locally is what matters.
          logger.warn('No se pudo cerrar la sesión en el servidor.', error);
        }
      }
      session.clear();
      return PATHS.login;
    },

    async checkAuth() {
      const token = session.getToken();
      const payload = token ? decodeTokenPayload(token) : null;
      if (payload && !isTokenExpired(payload, now())) return;
      session.clear();
      throw new AuthRedirect(PATHS.login, 'ra.auth.auth_check_error');
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status === 401) {
        if (leavingImpersonation) return;
        // The stored token is dead. While impersonating, the logout rule above would keep it and
        // every screen would fail again: drop it so the logout that follows can end the session.
        if (session.getOriginalToken()) session.removeToken();
        throw new AuthRedirect(PATHS.login, 'ra.notification.logged_out');
      }
      if (status === 403) {
        const message =
          error instanceof Error && error.message ? error.message : 'ra.notification.not_authorized';
        throw new AccessRefused(message);
      }
    },

    async getIdentity() {
      const user = session.getUser();
      if (!user) throw new Error('ra.auth.auth_check_error');
      return identityOf(user);
    },

    async getPermissions() {
      return session.getUser()?.permissions ?? [];
    },

    async canAccess({ resource, action }) {
      return canAccess({
        caller: callerOf(session.getUser()),
        rules: accessRules,
        resource,
        action,
      });
    },

    async refreshUser() {
      const token = session.getToken();
      if (!token) return;
      const id = decodeTokenPayload(token)?.id ?? session.getUser()?.id;
      try {
        if (id === undefined) throw new Error('El token de sesión no identifica al usuario');
        session.setUser(await callEndpoint('getUser', { id }));
      } catch (error) {
        // SPEC §2.2 / §8: log a warning and start anyway; a rejected token ends the session.
        logger.warn('No se pudo actualizar el usuario al iniciar la aplicación.', error);
        if (statusOf(error) === 401) session.clear();
      }
    },

    async startImpersonation({ companyId, userId }) {
      const ownToken = session.getToken();
      if (!ownToken) throw new AuthRedirect(PATHS.login, 'ra.auth.auth_check_error');
      const { token, id } = await callEndpoint('startImpersonation', {
        companyId,
        body: { user_id: userId },
      });
      // Only the administrator's own token is kept: never overwrite it with another impersonation's.
      if (!session.getOriginalToken()) session.setOriginalToken(ownToken);
      try {
        await switchTo(token, id);
      } catch (error) {
        // The other user could not be loaded: go back to the administrator rather than half-switch.
        await stopImpersonation().catch((stopError: unknown) =>
          logger.warn('No se pudo volver al usuario propio.', stopError),
        );
        // The page stays (no switch happened): a 401 means a dead session again.
        leavingImpersonation = false;
        throw error;
      }
    },

    stopImpersonation,
  };
}
