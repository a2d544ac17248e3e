import { createHash, createHmac } from 'node:crypto';

/**
 * Signer links: `/signature-request/<token>`. A token is derived from the server secret, the
 * signer and the link's round (HMAC-SHA256, base64url): the invitation job can be retried after a
 * crash and mails the same link, and a resend (round + 1) makes the previous link stop working.
 * The database keeps only the token's SHA-256, so a leaked table opens no link.
 */

export function signerToken(sessionSecret: string, signerId: number, round: number): string {
  return createHmac('sha256', sessionSecret).update(`signer-link:${signerId}:${round}`).digest('base64url');
}

export function hashSignerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The stored hash of a signer's link in a given round. */
export const signerTokenHash = (sessionSecret: string, signerId: number, round: number) =>
  hashSignerToken(signerToken(sessionSecret, signerId, round));

/** A token's shape, checked before any lookup: anything else is answered 404 at once. */
export const SIGNER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The auto-sign approver's link (`/approval_packages?token=<requestId>.<digest>`), derived the same
 * way and never stored: one per request and approver.
 */
export const approvalTokenDigest = (sessionSecret: string, requestId: number, approverId: number) =>
  createHmac('sha256', sessionSecret)
    .update(`auto-sign-approval:${requestId}:${approverId}`)
    .digest('base64url');

export function approvalToken(sessionSecret: string, requestId: number, approverId: number): string {
  return `${requestId}.${approvalTokenDigest(sessionSecret, requestId, approverId)}`;
}
