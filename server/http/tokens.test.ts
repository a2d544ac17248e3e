import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-000';
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('createTokenSigner', () => {
  it('verifies its own tokens, again and again with the same imported key', async () => {
    const imports = vi.spyOn(crypto.subtle, 'importKey');
    const signer = createTokenSigner(SECRET);
    const token = await signer.sign({ id: 7, sid: 'session-1', isImpersonating: true }, inAnHour());
    for (let round = 0; round < 3; round++)
      expect(await signer.verify(token)).toEqual({ id: 7, sid: 'session-1', isImpersonating: true });
    // Importing the key costs more than checking the signature: once per signer, not per call.
    expect(imports).toHaveBeenCalledTimes(1);
    imports.mockRestore();
  });

  it('refuses a token of another secret, a changed payload, an expired token and an unsigned one', async () => {
    const signer = createTokenSigner(SECRET);
    const foreign = await createTokenSigner(`${SECRET}-other`).sign({ id: 7, sid: 's' }, inAnHour());
    expect(await signer.verify(foreign)).toBeNull();

    const [header, , signature] = (await signer.sign({ id: 7, sid: 's' }, inAnHour())).split('.');
    const payload = Buffer.from(JSON.stringify({ id: 1, sid: 's', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${header}.${payload}.${signature}`)).toBeNull();

    expect(
      await signer.verify(await signer.sign({ id: 7, sid: 's' }, new Date(Date.now() - 60_000))),
    ).toBeNull();

    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(await signer.verify(unsigned)).toBeNull();
    const otherAlgorithm = await new SignJWT({ id: 7, sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await signer.verify(otherAlgorithm)).toBeNull();
  });
});
