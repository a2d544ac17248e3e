import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserSession, SigningError, signingCall } from './api';

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
});
