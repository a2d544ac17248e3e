import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERROR_MESSAGE, createHttpClient, DEFAULT_ERROR_MESSAGE, statusOf } from './httpClient';

function fakeFetch(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof fetch>(async () => new Response(text, { status }));
}

describe('httpClient', () => {
  it('adds the bearer token and sends JSON', async () => {
    const fetch = fakeFetch(200, { data: { ok: true }, message: '' });
    const httpClient = createHttpClient({ getToken: () => 'abc.def.ghi', fetch });
    const response = await httpClient({ method: 'POST', url: '/api/logout', body: { a: 1 } });

    expect(response).toMatchObject({ status: 200, json: { data: { ok: true }, message: '' } });
    const [url, init] = fetch.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token and no body for a GET', async () => {
    const fetch = fakeFetch(200, { data: [] });
    await createHttpClient({ getToken: () => null, fetch })({ method: 'GET', url: '/api/health' });
    const init = fetch.mock.calls[0]![1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(init?.body).toBeUndefined();
  });

  it('turns an error reply into an HttpError with status, message and field errors', async () => {
    const body = { message: 'Datos inválidos', errors: { email: 'Ingrese un correo electrónico válido' } };
    const httpClient = createHttpClient({ getToken: () => null, fetch: fakeFetch(422, body) });
    const error = await httpClient({ method: 'POST', url: '/api/users', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, message: 'Datos inválidos', body });
    expect(statusOf(error)).toBe(422);
  });

  it('keeps the server message of a 401 and falls back to a Spanish default without one', async () => {
    const unauthorized = createHttpClient({
      getToken: () => null,
      fetch: fakeFetch(401, { message: 'Correo o contraseña incorrectos' }),
    });
    await expect(unauthorized({ method: 'POST', url: '/api/users/signin' })).rejects.toMatchObject({
      status: 401,
      message: 'Correo o contraseña incorrectos',
    });

    const gateway = createHttpClient({
      getToken: () => null,
      fetch: fakeFetch(502, '<html>Bad gateway</html>'),
    });
    await expect(gateway({ method: 'GET', url: '/api/health' })).rejects.toMatchObject({
      status: 502,
      message: DEFAULT_ERROR_MESSAGE,
    });
  });

  it('reports a network failure in Spanish but lets an abort through', async () => {
    const offline = createHttpClient({
      getToken: () => null,
      fetch: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(offline({ method: 'GET', url: '/api/health' })).rejects.toMatchObject({
      status: 0,
      message: CONNECTION_ERROR_MESSAGE,
    });

    const abort = new DOMException('aborted', 'AbortError');
    const aborted = createHttpClient({
      getToken: () => null,
      fetch: vi.fn<typeof fetch>(async () => {
        throw abort;
      }),
    });
    await expect(aborted({ method: 'GET', url: '/api/health' })).rejects.toBe(abort);
  });
});
