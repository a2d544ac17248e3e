import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, parseSecretsKey, SecretBoxError, sealSecret } from './secretBox.js';

const key = randomBytes(32);

describe('secretBox', () => {
  it('opens what it sealed, and never writes the plaintext', () => {
    const sealed = sealSecret(key, 'session_secret', 'un-secreto-de-sesión');
    expect(sealed).not.toContain('secreto');
    expect(openSecret(key, 'session_secret', sealed)).toBe('un-secreto-de-sesión');
    // A fresh nonce each time: the same value never looks the same twice.
    expect(sealSecret(key, 'session_secret', 'un-secreto-de-sesión')).not.toBe(sealed);
  });

  it('refuses another key, naming SECRETS_KEY', () => {
    const sealed = sealSecret(key, 'pki.root_key', 'clave');
    expect(() => openSecret(randomBytes(32), 'pki.root_key', sealed)).toThrow(SecretBoxError);
    expect(() => openSecret(randomBytes(32), 'pki.root_key', sealed)).toThrow(
      /SECRETS_KEY no es la clave con la que se cifró «pki.root_key»/,
    );
  });

  it('refuses an altered value, or one moved to another row', () => {
    const sealed = sealSecret(key, 'pki.seal_key', 'clave del sello');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => openSecret(key, 'pki.seal_key', parts.join('.'))).toThrow(/fue alterado/);
    expect(() => openSecret(key, 'pki.tsa_key', sealed)).toThrow(/fue alterado/);
    expect(() => openSecret(key, 'pki.seal_key', 'texto plano')).toThrow(/formato cifrado/);
  });

  it('reads SECRETS_KEY as 32 bytes in hex or base64', () => {
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretsKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSecretsKey('corta')).toBeNull();
  });
});
