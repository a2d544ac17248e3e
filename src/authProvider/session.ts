import { type AuthenticatedUser, authenticatedUser } from '../../contract';

/** SPEC §3: the session token lives in browser storage under this key. */
export const ACCESS_TOKEN_KEY = 'access_token';
/** The user fetched at login: identity and permissions, read without a network call. */
export const CURRENT_USER_KEY = 'current_user';

/** The browser-side session: the token and the user cached with it. */
export type SessionStore = {
  getToken: () => string | null;
  setToken: (token: string) => void;
  getUser: () => AuthenticatedUser | null;
  setUser: (user: AuthenticatedUser) => void;
  /** Forgets the token and the cached user. */
  clear: () => void;
};

export function createSessionStore(storage: Storage = globalThis.localStorage): SessionStore {
  // canAccess reads the user on every check: parse the stored text once per change, not per call.
  let parsed: { raw: string; user: AuthenticatedUser | null } | null = null;

  function getUser(): AuthenticatedUser | null {
    const raw = storage.getItem(CURRENT_USER_KEY);
    if (raw === null) return null;
    if (parsed?.raw !== raw) {
      let user: AuthenticatedUser | null = null;
      try {
        // Storage can be edited by hand or left by an older version: trust only a valid user.
        const result = authenticatedUser.safeParse(JSON.parse(raw));
        user = result.success ? result.data : null;
      } catch {
        user = null;
      }
      parsed = { raw, user };
    }
    return parsed.user;
  }

  return {
    getToken: () => storage.getItem(ACCESS_TOKEN_KEY) || null,
    setToken: (token) => storage.setItem(ACCESS_TOKEN_KEY, token),
    getUser,
    setUser: (user) => storage.setItem(CURRENT_USER_KEY, JSON.stringify(user)),
    clear: () => {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(CURRENT_USER_KEY);
    },
  };
}
