import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/fakes';
import { decodeTokenPayload, isTokenExpired } from './token';

describe('decodeTokenPayload', () => {
  it('reads the id and the impersonation flag', () => {
    expect(decodeTokenPayload(fakeToken({ id: 7 }))).toEqual({ id: 7, isImpersonating: false });
    expect(decodeTokenPayload(fakeToken({ id: '12', isImpersonating: true, exp: 1_900_000_000 }))).toEqual({
      id: 12,
      isImpersonating: true,
      exp: 1_900_000_000,
    });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    expect(decodeTokenPayload(fakeToken({ id: 5, name: 'Íñigo ~~~ ???' }))).toEqual({
      id: 5,
      isImpersonating: false,
    });
  });

  it('returns null for anything that is not a token with a positive integer id', () => {
    expect(decodeTokenPayload('')).toBeNull();
    expect(decodeTokenPayload('not-a-token')).toBeNull();
    expect(decodeTokenPayload('a.%%%.c')).toBeNull();
    expect(decodeTokenPayload(fakeToken({ sub: 7 }))).toBeNull();
    expect(decodeTokenPayload(fakeToken({ id: 'abc' }))).toBeNull();
    expect(decodeTokenPayload(fakeToken({ id: 0 }))).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('compares exp (seconds) with now (milliseconds)', () => {
    expect(isTokenExpired({ id: 1, isImpersonating: false, exp: 100 }, 99_999)).toBe(false);
    expect(isTokenExpired({ id: 1, isImpersonating: false, exp: 100 }, 100_000)).toBe(true);
    expect(isTokenExpired({ id: 1, isImpersonating: false })).toBe(false);
  });
});
