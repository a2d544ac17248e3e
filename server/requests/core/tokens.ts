import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signer links: `/signature-request/<token>`, 32 bytes in base64url (43 characters). The token is
 * derived from the server secret, the signer and the link's round, so the invitation job can be
 * retried after a crash and mails the same link, and a resend (round + 1) makes the previous link
 * stop working. The database keeps only the token's SHA-256, so a leaked table opens no link.
 *
 * The first 16 bytes are the signer id and round, encrypted with AES-256 under a key derived from
 * the secret (one block, so the link shows neither); the last 16 are an HMAC-SHA256 tag of them.
 * A link that no longer matches its signer's stored hash can thus be told apart: a genuine link of
 * an earlier round (answered 410, "replaced") from one that never existed (404), with nothing
 * stored besides the current hash.
 */

const BLOCK_BYTES = 16;
const TAG_BYTES = 16;

const locatorKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('signer-link-locator').digest();

function tagOf(sessionSecret: string, block: Buffer): Buffer {
  return createHmac('sha256', sessionSecret)
    .update('signer-link-tag:')
    .update(block)
    .digest()
    .subarray(0, TAG_BYTES);
}

export function signerToken(sessionSecret: string, signerId: number, round: number): string {
  const plain = Buffer.alloc(BLOCK_BYTES);
  plain.writeBigUInt64BE(BigInt(signerId), 0);
  plain.writeUInt32BE(round, 8);
  const cipher = createCipheriv('aes-256-ecb', locatorKey(sessionSecret), null).setAutoPadding(false);
  const block = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([block, tagOf(sessionSecret, block)]).toString('base64url');
}

/**
 * The signer id and round a token was issued for, or null when the server did not issue it
 * (wrong shape, or a tag that does not match: a guessed or altered link).
 */
export function readSignerToken(
  sessionSecret: string,
  token: string,
): { signerId: number; round: number } | null {
  if (!SIGNER_TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // Decoding ignores the last character's spare bits: only the canonical spelling is the link.
  if (bytes.length !== BLOCK_BYTES + TAG_BYTES || bytes.toString('base64url') !== token) return null;
  const block = bytes.subarray(0, BLOCK_BYTES);
  if (!timingSafeEqual(bytes.subarray(BLOCK_BYTES), tagOf(sessionSecret, block))) return null;
  const decipher = createDecipheriv('aes-256-ecb', locatorKey(sessionSecret), null).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(block), decipher.final()]);
  const signerId = plain.readBigUInt64BE(0);
  if (signerId > BigInt(Number.MAX_SAFE_INTEGER) || plain.readUInt32BE(12) !== 0) return null;
  return { signerId: Number(signerId), round: plain.readUInt32BE(8) };
}

export function hashSignerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The stored hash of a signer's link in a given round. */
export const signerTokenHash = (sessionSecret: string, signerId: number, round: number) =>
  hashSignerToken(signerToken(sessionSecret, signerId, round));

/**
 * The stored hash of a link in the previous format (HMAC of signer and round, no locator), which
 * requests sent before the current format still hold until a resend replaces it.
 */
export const legacySignerTokenHash = (sessionSecret: string, signerId: number, round: number) =>
  hashSignerToken(
    createHmac('sha256', sessionSecret).update(`signer-link:${signerId}:${round}`).digest('base64url'),
  );

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
