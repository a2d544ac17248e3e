// Apart from session.ts (which parses the stored user with the contract's schema), so that the
// guest pages can tell whether a session is stored without downloading the contract.

import { decodeTokenPayload, isTokenExpired } from './token';

/** SPEC §3: the session token lives in browser storage under this key. */
export const ACCESS_TOKEN_KEY = 'access_token';
/** SPEC §3 / §9: the administrator's own token while impersonating. */
export const ORIGINAL_TOKEN_KEY = 'original_token';
/** The user fetched at login: identity and permissions, read without a network call. */
export const CURRENT_USER_KEY = 'current_user';
/** Set (to the user id) when the last sign-in asked to offer two-factor; the prompt clears it. */
export const TWO_FACTOR_PROMPT_KEY = 'two_factor_prompt';

/** True when storage holds a readable session token that has not expired (the server still decides). */
export function hasLiveToken(storage: Storage, now: number = Date.now()): boolean {
  const token = storage.getItem(ACCESS_TOKEN_KEY);
  const payload = token ? decodeTokenPayload(token) : null;
  return payload !== null && !isTokenExpired(payload, now);
}
