/** What the client reads from the session token (SPEC §3): the user id and the impersonation flag. */
export type TokenPayload = { id: number; isImpersonating: boolean; exp?: number };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JWT's payload without verifying it (the server verifies every request; the client only
 * needs the id and flags). Null for anything that is not a token with a numeric id.
 */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const segment = token.split('.')[1];
  if (!segment) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(segment));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || !('id' in payload)) return null;
  const id = Number(payload.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const exp = 'exp' in payload && typeof payload.exp === 'number' ? payload.exp : undefined;
  const isImpersonating = 'isImpersonating' in payload && payload.isImpersonating === true;
  return exp === undefined ? { id, isImpersonating } : { id, isImpersonating, exp };
}

/** True once the token's `exp` (seconds) has passed; a token without `exp` never expires here. */
export function isTokenExpired(payload: TokenPayload, now: number = Date.now()): boolean {
  return payload.exp !== undefined && payload.exp * 1000 <= now;
}
