import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AuthenticatedUser } from '../../contract';
import { PATHS } from '../access/paths';
import type { CallEndpoint } from '../dataProvider/callEndpoint';
import { statusOf } from '../dataProvider/httpClient';
import { canAccess, type ResourceAccessRules } from './canAccess';
import type { SessionStore } from './session';
import { decodeTokenPayload, isTokenExpired } from './token';

export type LoginParams = { email: string; password: string };

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

export type AppAuthProvider = AuthProvider & {
  /** Re-reads the user behind the stored token; called once at start-up. Never rejects. */
  refreshUser: () => Promise<void>;
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
 * request. `original_token` (impersonation) is handled by a later issue on top of `session`.
 */
export function createAuthProvider({
  callEndpoint,
  session,
  accessRules,
  logger = console,
  now = Date.now,
}: AuthProviderOptions): AppAuthProvider {
  return {
    async login({ email, password }: LoginParams) {
      const { token, id } = await callEndpoint('signin', { body: { email: email.trim(), password } });
      session.setToken(token);
      try {
        session.setUser(await callEndpoint('getUser', { id }));
      } catch (error) {
        // Without the user there are no permissions: a half-open session would only confuse.
        session.clear();
        throw error;
      }
      return { redirectTo: PATHS.home };
    },

    async logout() {
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
      if (status === 401) throw new AuthRedirect(PATHS.login, 'ra.notification.logged_out');
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
        permissions: session.getUser()?.permissions ?? [],
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
  };
}
