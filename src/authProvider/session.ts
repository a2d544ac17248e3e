import { type AuthenticatedUser, authenticatedUser } from '../../contract';

import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY, ORIGINAL_TOKEN_KEY, TWO_FACTOR_PROMPT_KEY } from './sessionKeys';

export { ACCESS_TOKEN_KEY, CURRENT_USER_KEY, ORIGINAL_TOKEN_KEY, TWO_FACTOR_PROMPT_KEY };

/** The browser-side session: the token, the administrator's own token and the user cached with it. */
export type SessionStore = {
  getToken: () => string | null;
  setToken: (token: string) => void;
  /** Forgets the access token only (the cached user and `original_token` stay). */
  removeToken: () => void;
  getOriginalToken: () => string | null;
  setOriginalToken: (token: string) => void;
  removeOriginalToken: () => void;
  getUser: () => AuthenticatedUser | null;
  setUser: (user: AuthenticatedUser) => void;
  removeUser: () => void;
  /** The id of the user to offer two-factor to, if the last sign-in asked for it. */
  getTwoFactorPrompt: () => number | null;
  setTwoFactorPrompt: (userId: number) => void;
  removeTwoFactorPrompt: () => void;
  /** Forgets everything of the session: both tokens, the cached user and the pending prompt. */
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

  const read = (key: string) => storage.getItem(key) || null;

  return {
    getToken: () => read(ACCESS_TOKEN_KEY),
    setToken: (token) => storage.setItem(ACCESS_TOKEN_KEY, token),
    removeToken: () => storage.removeItem(ACCESS_TOKEN_KEY),
    getOriginalToken: () => read(ORIGINAL_TOKEN_KEY),
    setOriginalToken: (token) => storage.setItem(ORIGINAL_TOKEN_KEY, token),
    removeOriginalToken: () => storage.removeItem(ORIGINAL_TOKEN_KEY),
    getUser,
    setUser: (user) => storage.setItem(CURRENT_USER_KEY, JSON.stringify(user)),
    removeUser: () => storage.removeItem(CURRENT_USER_KEY),
    getTwoFactorPrompt: () => {
      const id = Number(read(TWO_FACTOR_PROMPT_KEY));
      return Number.isInteger(id) && id > 0 ? id : null;
    },
    setTwoFactorPrompt: (userId) => storage.setItem(TWO_FACTOR_PROMPT_KEY, String(userId)),
    removeTwoFactorPrompt: () => storage.removeItem(TWO_FACTOR_PROMPT_KEY),
    clear: () => {
      for (const key of [ACCESS_TOKEN_KEY, ORIGINAL_TOKEN_KEY, CURRENT_USER_KEY, TWO_FACTOR_PROMPT_KEY]) {
        storage.removeItem(key);
      }
    },
  };
}
