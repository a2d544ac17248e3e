import { createHash, randomBytes } from 'node:crypto';

/**
 * Signer links: `/signature-request/<token>`. The token is 32 random bytes (base64url), sent only
 * in the invitation; the database keeps its SHA-256, so a leaked table opens no link.
 */

export function newSignerToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSignerToken(token) };
}

export function hashSignerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token's shape before any lookup: anything else is answered 404 without touching the database. */
export const SIGNER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
