import { describe, expect, it } from 'vitest';
import { recordingHttpClient } from '../test/fakes';
import { buildEndpointRequest, createCallEndpoint } from './callEndpoint';

describe('buildEndpointRequest', () => {
  it('fills the path template of a GET endpoint under /api', () => {
    expect(buildEndpointRequest('getUser', { id: 7 })).toEqual({ method: 'GET', url: '/api/get_users/7' });
    expect(buildEndpointRequest('listRoles', { page: 2, itemsPerPage: 15 })).toEqual({
      method: 'GET',
      url: '/api/roles/2/15',
    });
  });

  it('puts the other keys of a GET in the query string, never in a body', () => {
    expect(
      buildEndpointRequest('getUser', { id: 7, q: 'ana maría', tags: ['a', 'b'], skip: undefined }),
    ).toEqual({
      method: 'GET',
      url: '/api/get_users/7?q=ana+mar%C3%ADa&tags=a&tags=b',
    });
    expect(buildEndpointRequest('getUser', { id: 7, body: { ignored: true } })).toEqual({
      method: 'GET',
      url: '/api/get_users/7',
    });
  });

  it('sends the body of other methods as JSON and omits it when there is none', () => {
    expect(buildEndpointRequest('signin', { body: { email: 'a@b.co', password: 'x' } })).toEqual({
      method: 'POST',
      url: '/api/users/signin',
      body: { email: 'a@b.co', password: 'x' },
    });
    expect(buildEndpointRequest('logout')).toEqual({ method: 'POST', url: '/api/logout' });
  });

  it('encodes path parameters and refuses a missing one', () => {
    expect(buildEndpointRequest('getUser', { id: 'a/b' }).url).toBe('/api/get_users/a%2Fb');
    expect(() => buildEndpointRequest('getUser', {})).toThrow('Falta el parámetro de ruta id');
  });
});

describe('callEndpoint', () => {
  it('sends the contract request and resolves to the reply data', async () => {
    const httpClient = recordingHttpClient({ data: { token: 't', id: 3 }, message: 'ok' });
    const callEndpoint = createCallEndpoint(httpClient);
    await expect(callEndpoint('signin', { body: { email: 'a@b.co', password: 'x' } })).resolves.toEqual({
      token: 't',
      id: 3,
    });
    expect(httpClient.requests).toEqual([
      { method: 'POST', url: '/api/users/signin', body: { email: 'a@b.co', password: 'x' } },
    ]);
  });

  it('needs no input for an endpoint without parameters and forwards the abort signal', async () => {
    const httpClient = recordingHttpClient({ data: {} });
    const signal = new AbortController().signal;
    await createCallEndpoint(httpClient)('logout', {}, { signal });
    expect(httpClient.requests).toEqual([{ method: 'POST', url: '/api/logout', signal }]);
  });

  it('rejects (does not throw) when a path parameter is missing', async () => {
    const callEndpoint = createCallEndpoint(recordingHttpClient());
    // @ts-expect-error the contract requires the id
    await expect(callEndpoint('getUser', {})).rejects.toThrow('Falta el parámetro de ruta id');
  });
});
