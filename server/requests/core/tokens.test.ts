import { describe, expect, it } from 'vitest';
import { readSignerToken, SIGNER_TOKEN_PATTERN, signerToken } from './tokens.js';

const SECRET = 'secreto-de-prueba-de-al-menos-treinta-y-dos-caracteres';

describe('signer link tokens', () => {
  it('are 43 base64url characters, stable per signer and round, different across both', () => {
    const token = signerToken(SECRET, 41, 1);
    expect(token).toMatch(SIGNER_TOKEN_PATTERN);
    expect(signerToken(SECRET, 41, 1)).toBe(token);
    const others = [signerToken(SECRET, 41, 2), signerToken(SECRET, 42, 1), signerToken(`${SECRET}x`, 41, 1)];
    expect(new Set([token, ...others]).size).toBe(4);
  });

  it('tell the server which signer and round they were issued for, and show neither', () => {
    expect(readSignerToken(SECRET, signerToken(SECRET, 41, 3))).toEqual({ signerId: 41, round: 3 });
    expect(readSignerToken(SECRET, signerToken(SECRET, 9_007_199_254_740_991, 1))).toEqual({
      signerId: 9_007_199_254_740_991,
      round: 1,
    });
    // Consecutive signers' links share no visible prefix: the id is encrypted, not written out.
    expect(signerToken(SECRET, 41, 1).slice(0, 4)).not.toBe(signerToken(SECRET, 42, 1).slice(0, 4));
  });

  it('read nothing from links the server did not issue', () => {
    const token = signerToken(SECRET, 41, 1);
    const flipped = (index: number) =>
      `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
    for (const forged of [
      'A'.repeat(43),
      flipped(3),
      flipped(30),
      signerToken(`${SECRET}x`, 41, 1),
      `${token}A`,
      token.slice(1),
      `${token.slice(0, 42)}+`,
    ]) {
      expect(readSignerToken(SECRET, forged)).toBeNull();
    }
    // The last character carries 2 spare bits: a spelling that decodes to the same bytes is refused.
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const alias = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(readSignerToken(SECRET, `${token.slice(0, 42)}${alias}`)).toBeNull();
  });
});
