import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallEndpoint } from '../dataProvider/callEndpoint';
import type { HttpClient, HttpRequest } from '../dataProvider/httpClient';
import { fakeToken, fakeUser } from '../test/fakes';
import { createAuthProvider } from './authProvider';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY, createSessionStore, ORIGINAL_TOKEN_KEY } from './session';

const adminToken = fakeToken({ id: 1 });
const otherToken = fakeToken({ id: 42, isImpersonating: true });
const admin = fakeUser({ id: 1, full_name: 'Admin Rúbrica', role_id: 20, company_id: 1 });
const other = fakeUser({ id: 42, full_name: 'Inés Suplantada', isImpersonating: true });

type SentRequest = HttpRequest & { token: string | null };

/** Records each request with the token it carried (read from storage, like the real client). */
function setup(...replies: unknown[]) {
  const session = createSessionStore(localStorage);
  const requests: SentRequest[] = [];
  const httpClient: HttpClient = async (request) => {
    requests.push({ ...request, token: session.getToken() });
    // A reply may be a promise the test settles: a request still in flight.
    const json = await (replies.length ? replies.shift() : { data: {} });
    if (json instanceof Error) throw json;
    return { status: 200, headers: new Headers(), json };
  };
  const logger = { warn: vi.fn() };
  const authProvider = createAuthProvider({
    callEndpoint: createCallEndpoint(httpClient),
    session,
    accessRules: {},
    logger,
  });
  return { authProvider, requests, logger };
}

const cachedUser = () => JSON.parse(localStorage.getItem(CURRENT_USER_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, adminToken);
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(admin));
});

describe('startImpersonation', () => {
  it('keeps the administrator token under original_token, stores the new one and loads that user', async () => {
    const { authProvider, requests } = setup({ data: { token: otherToken, id: 42 } }, { data: other });
    await authProvider.startImpersonation({ companyId: 3, userId: 42 });

    expect(requests).toEqual([
      { method: 'POST', url: '/api/users/start_impersonation/3', body: { user_id: 42 }, token: adminToken },
      { method: 'GET', url: '/api/get_users/42', token: otherToken },
    ]);
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBe(adminToken);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(otherToken);
    expect(cachedUser()).toEqual(other);
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      fullName: 'Inés Suplantada',
      isImpersonating: true,
    });
  });

  it('changes nothing when the server refuses', async () => {
    const { authProvider } = setup(new HttpError('Permiso insuficiente', 403, {}));
    await expect(authProvider.startImpersonation({ companyId: 3, userId: 42 })).rejects.toThrow(
      'Permiso insuficiente',
    );
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBeNull();
    expect(cachedUser()).toEqual(admin);
  });

  it('goes back to the administrator when the other user cannot be loaded', async () => {
    const { authProvider } = setup(
      { data: { token: otherToken, id: 42 } },
      new HttpError('Error del servidor', 500, {}),
      { data: {} },
      { data: admin },
    );
    await expect(authProvider.startImpersonation({ companyId: 3, userId: 42 })).rejects.toThrow();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBeNull();
    expect(cachedUser()).toEqual(admin);
    // The page stays: a 401 is a dead session again.
    await expect(authProvider.checkError(new HttpError('Sesión vencida', 401, {}))).rejects.toThrow();
  });
});

describe('stopImpersonation ("Volver a mi usuario")', () => {
  beforeEach(() => {
    localStorage.setItem(ORIGINAL_TOKEN_KEY, adminToken);
    localStorage.setItem(ACCESS_TOKEN_KEY, otherToken);
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(other));
  });

  it('ends the impersonation session, restores the original token, removes the key and reloads the admin', async () => {
    const { authProvider, requests } = setup({ data: {} }, { data: admin });
    await authProvider.stopImpersonation();

    expect(requests).toEqual([
      { method: 'POST', url: '/api/logout', token: otherToken },
      { method: 'GET', url: '/api/get_users/1', token: adminToken },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBeNull();
    expect(cachedUser()).toEqual(admin);
  });

  it('still restores the administrator when the impersonation session is already gone', async () => {
    const { authProvider, logger } = setup(new HttpError('Sesión vencida', 401, {}), { data: admin });
    await authProvider.stopImpersonation();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(cachedUser()).toEqual(admin);
  });

  it('ends everything when the administrator session has expired too', async () => {
    const { authProvider } = setup({ data: {} }, new HttpError('Sesión vencida', 401, {}));
    await expect(authProvider.stopImpersonation()).rejects.toThrow('Sesión vencida');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('does not log out when the old page’s requests fail with 401 while the administrator is restored', async () => {
    let answerGetUser: (reply: unknown) => void = () => {};
    const getUser = new Promise((resolve) => {
      answerGetUser = resolve;
    });
    const { authProvider, requests } = setup({ data: {} }, getUser);
    const stopping = authProvider.stopImpersonation();
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    // A query the impersonated user's page sent before «Volver a mi usuario»: its session is over.
    await expect(authProvider.checkError(new HttpError('Sesión cerrada', 401, {}))).resolves.toBeUndefined();
    answerGetUser({ data: admin });
    await stopping;
    // And after it, until the page is reloaded.
    await expect(authProvider.checkError(new HttpError('Sesión cerrada', 401, {}))).resolves.toBeUndefined();
    expect(requests.map((request) => request.url)).toEqual(['/api/logout', '/api/get_users/1']);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(adminToken);
    expect(cachedUser()).toEqual(admin);
  });

  it('does nothing when not impersonating', async () => {
    localStorage.removeItem(ORIGINAL_TOKEN_KEY);
    const { authProvider, requests } = setup();
    await authProvider.stopImpersonation();
    expect(requests).toEqual([]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(otherToken);
  });
});
