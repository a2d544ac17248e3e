import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { signing } from '../../contract/endpoints/signing';
import { browserSession, type SignerPath, type SignerReply, SigningError, signingCall } from './api';

describe('signing api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('keeps one browser session per tab, in the shape the server accepts', () => {
    const first = browserSession();
    expect(first).toMatch(/^[A-Za-z0-9_-]{32,128}$/);
    expect(browserSession()).toBe(first);
    sessionStorage.clear();
    expect(browserSession()).not.toBe(first);
  });

  it('posts JSON with the session header and turns refusals into Spanish errors with their status', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(
        JSON.stringify({ message: 'La solicitud de firma venció; el enlace ya no sirve' }),
        {
          status: 410,
        },
      );
    });
    const error = await signingCall('verify_token_sign_request', { token: 'abc' }).catch(
      (problem) => problem,
    );
    expect(error).toBeInstanceOf(SigningError);
    expect(error).toMatchObject({
      status: 410,
      message: 'La solicitud de firma venció; el enlace ya no sirve',
    });
    expect(calls[0]!.url).toBe('/api/verify_token_sign_request');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['x-signing-session']).toBe(browserSession());
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ token: 'abc' });
  });

  it('takes its paths, bodies and replies from the contract, not from hand-written types', () => {
    expectTypeOf<SignerReply<'do_sign_request'>>().toEqualTypeOf<
      z.output<typeof signing.doSignRequest.reply>
    >();
    expectTypeOf<SignerPath>().toEqualTypeOf<
      (typeof signing)[keyof typeof signing]['path'] | 'signed_request_documents'
    >();
    // Every path the pages may call is a public POST of the contract.
    for (const definition of Object.values(signing))
      expect(definition).toMatchObject({ method: 'POST', scope: 'public' });
    const refused = () => {
      // @ts-expect-error: not a signer's endpoint
      void signingCall('login', { email: 'a@b.co' });
      // @ts-expect-error: the code's body needs the link's token
      void signingCall('validate_code', { code: '123456' });
    };
    expect(refused).toBeTypeOf('function');
  });
});
