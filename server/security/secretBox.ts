import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Values kept in the database (platform_secrets) encrypted with SECRETS_KEY: AES-256-GCM with a
// fresh 96-bit nonce per value, the row's name as additional data (a value copied into another
// row does not open), and a short fingerprint of the key so that a wrong key is told apart from
// an altered value.

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

/** SECRETS_KEY as given: 32 bytes in hex (64 digits) or base64/base64url. Null when it is not that. */
export function parseSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/** Names the key without revealing it (stored beside each value). */
const keyFingerprint = (key: Buffer) =>
  createHmac('sha256', key).update('rubrica-secrets-key').digest().subarray(0, 8).toString('base64url');

/** `v1.<key fingerprint>.<nonce>.<ciphertext>.<tag>`, base64url parts. */
export function sealSecret(key: Buffer, name: string, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(name, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, keyFingerprint(key), nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of `sealSecret`'s output; throws a SecretBoxError naming the row, never the value. */
export function openSecret(key: Buffer, name: string, sealed: string): string {
  const [version, fingerprint, nonce, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || fingerprint === undefined || tag === undefined || rest.length > 0) {
    throw new SecretBoxError(`platform_secrets «${name}»: el valor no tiene el formato cifrado esperado`);
  }
  const expected = Buffer.from(keyFingerprint(key));
  const given = Buffer.from(fingerprint);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new SecretBoxError(
      `SECRETS_KEY no es la clave con la que se cifró «${name}» en platform_secrets: todos los procesos deben usar la misma SECRETS_KEY`,
    );
  }
  const nonceBytes = Buffer.from(nonce!, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  try {
    if (nonceBytes.length !== NONCE_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('longitud');
    const decipher = createDecipheriv('aes-256-gcm', key, nonceBytes)
      .setAAD(Buffer.from(name, 'utf8'))
      .setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext!, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(`platform_secrets «${name}»: el valor cifrado fue alterado y no se puede abrir`);
  }
}
