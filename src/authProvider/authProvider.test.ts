import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallEndpoint } from '../dataProvider/callEndpoint';
import { fakeToken, fakeUser, recordingHttpClient } from '../test/fakes';
import { AccessRefused, AuthRedirect, createAuthProvider, SecondFactorRequired } from './authProvider';
import {
  ACCESS_TOKEN_KEY,
  CURRENT_USER_KEY,
  createSessionStore,
  ORIGINAL_TOKEN_KEY,
  TWO_FACTOR_PROMPT_KEY,
} from './session';

const accessRules = {
  roles: { list: { scope: 'company', permissions: ['user.list'] } },
  companies: { list: { scope: 'company', permissions: ['admin.list', 'company.list'] } },
} as const;
const token = fakeToken({ id: 7 });
const user = fakeUser();

const signedIn = (promptTwoFactor = false) => ({
  data: { status: 'authenticated', token, id: 7, promptTwoFactor },
});

function setup(...replies: unknown[]) {
  const httpClient = recordingHttpClient(...replies);
  const logger = { warn: vi.fn() };
  const session = createSessionStore(localStorage);
  const authProvider = createAuthProvider({
    callEndpoint: createCallEndpoint(httpClient),
    session,
    accessRules,
    logger,
    now: () => 1_000_000_000_000,
  });
  return { authProvider, httpClient, logger, session };
}

function logIn() {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
}

beforeEach(() => localStorage.clear());

describe('authProvider.login', () => {
  it('signs in, stores the token, caches the user and goes home', async () => {
    const { authProvider, httpClient } = setup(signedIn(), { data: user });

    await expect(authProvider.login({ email: ' ana@example.com ', password: 'secreta' })).resolves.toEqual({
      redirectTo: '/home',
    });

    expect(httpClient.requests).toEqual([
      { method: 'POST', url: '/api/users/signin', body: { email: 'ana@example.com', password: 'secreta' } },
      { method: 'GET', url: '/api/get_users/7' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(CURRENT_USER_KEY) ?? 'null')).toEqual(user);
  });

  it('passes the token of an e-mailed unlock link to the sign-in', async () => {
    const { authProvider, httpClient } = setup(signedIn(), { data: user });
    await authProvider.login({
      email: 'ana@example.com',
      password: 'secreta',
      unlock_token: 'desbloqueo-0123456789abcdef',
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'POST',
      url: '/api/users/signin',
      body: { email: 'ana@example.com', password: 'secreta', unlock_token: 'desbloqueo-0123456789abcdef' },
    });
  });

  it('rejects with the server error on wrong credentials and stores nothing', async () => {
    const wrong = new HttpError('Correo o contraseña incorrectos', 401, {
      message: 'Correo o contraseña incorrectos',
    });
    const { authProvider } = setup(wrong);
    await expect(authProvider.login({ email: 'ana@example.com', password: 'mala' })).rejects.toBe(wrong);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('undoes the session when the user cannot be fetched after signing in', async () => {
    const { authProvider } = setup(signedIn(), new HttpError('Error del servidor', 500, {}));
    await expect(authProvider.login({ email: 'ana@example.com', password: 'x' })).rejects.toThrow(
      'Error del servidor',
    );
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });
});

describe('authProvider.login with two-factor', () => {
  const pending = {
    data: {
      status: 'second_factor_required',
      challenge: '1b4e28ba-2fa1-4d3b-9c1a-7d1e5c7f0a11',
      sentTo: 'a***@example.com',
      expiresInSeconds: 600,
    },
  };

  it('stops at the code step: rejects with SecondFactorRequired and stores nothing', async () => {
    const { authProvider, httpClient } = setup(pending);
    const error = await authProvider
      .login({ email: 'ana@example.com', password: 'secreta' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecondFactorRequired);
    expect(error).toMatchObject({
      challenge: pending.data.challenge,
      sentTo: 'a***@example.com',
      expiresInSeconds: 600,
    });
    expect(httpClient.requests).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('finishes with the e-mailed code: secondFactorRequest, then the user, then home', async () => {
    const { authProvider, httpClient } = setup({ data: { token, id: 7 } }, { data: user });
    await expect(
      authProvider.login({ challenge: pending.data.challenge, code: ' 123456 ' }),
    ).resolves.toEqual({
      redirectTo: '/home',
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/secondFactorRequest',
        body: { challenge: pending.data.challenge, code: '123456' },
      },
      { method: 'GET', url: '/api/get_users/7' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
  });

  it('remembers to offer two-factor when the server asks for the prompt, and only then', async () => {
    const asked = setup(signedIn(true), { data: user });
    await asked.authProvider.login({ email: 'ana@example.com', password: 'secreta' });
    expect(localStorage.getItem(TWO_FACTOR_PROMPT_KEY)).toBe('7');

    localStorage.clear();
    const notAsked = setup(signedIn(false), { data: user });
    await notAsked.authProvider.login({ email: 'ana@example.com', password: 'secreta' });
    expect(localStorage.getItem(TWO_FACTOR_PROMPT_KEY)).toBeNull();
  });

  it('drops an original_token left by an earlier session', async () => {
    localStorage.setItem(ORIGINAL_TOKEN_KEY, 'stale');
    const { authProvider } = setup(signedIn(), { data: user });
    await authProvider.login({ email: 'ana@example.com', password: 'secreta' });
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBeNull();
  });
});

describe('authProvider.logout', () => {
  it('revokes the session on the server, clears storage and goes to the login page', async () => {
    logIn();
    const { authProvider, httpClient } = setup({ data: {} });
    await expect(authProvider.logout({})).resolves.toBe('/session/login');
    expect(httpClient.requests).toEqual([{ method: 'POST', url: '/api/logout' }]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('still logs out locally when the server refuses, and calls nothing without a token', async () => {
    logIn();
    const { authProvider, logger } = setup(new HttpError('Sesión vencida', 401, {}));
    await expect(authProvider.logout({})).resolves.toBe('/session/login');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(logger.warn).toHaveBeenCalledOnce();

    const loggedOut = setup();
    await loggedOut.authProvider.logout({});
    expect(loggedOut.httpClient.requests).toEqual([]);
  });
});

describe('authProvider.logout and original_token (SPEC §4)', () => {
  // "If an original token is stored, logout clears the access token only when none is stored."
  it('keeps the access token while an original token is stored, without calling the server', async () => {
    logIn();
    localStorage.setItem(ORIGINAL_TOKEN_KEY, 'administrador');
    const { authProvider, httpClient } = setup();
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(token);
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBe('administrador');
    expect(httpClient.requests).toEqual([]);
  });

  it('clears (sets to null) the access token when an original token is stored but no access token', async () => {
    localStorage.setItem(ORIGINAL_TOKEN_KEY, 'administrador');
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
    const { authProvider } = setup();
    await expect(authProvider.logout({})).resolves.toBe('/session/login');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('a 401 while impersonating drops the dead token, so the logout that follows ends the session', async () => {
    logIn();
    localStorage.setItem(ORIGINAL_TOKEN_KEY, 'administrador');
    const { authProvider } = setup();
    await expect(authProvider.checkError(new HttpError('Sesión vencida', 401, {}))).rejects.toBeInstanceOf(
      AuthRedirect,
    );
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    await expect(authProvider.logout({})).resolves.toBe('/session/login');
    expect(localStorage.getItem(ORIGINAL_TOKEN_KEY)).toBeNull();
  });
});

describe('authProvider.checkAuth', () => {
  it('passes with a stored, unexpired token', async () => {
    logIn();
    await expect(setup().authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects towards /session/login without a token, with an expired one or a malformed one', async () => {
    const { authProvider } = setup();
    const redirect = { redirectTo: '/session/login' };
    await expect(authProvider.checkAuth({})).rejects.toMatchObject(redirect);

    localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: 7, exp: 1_000_000_000 }));
    await expect(authProvider.checkAuth({})).rejects.toBeInstanceOf(AuthRedirect);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();

    localStorage.setItem(ACCESS_TOKEN_KEY, 'garbage');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject(redirect);
  });
});

describe('authProvider.checkError', () => {
  const { authProvider } = setup();

  it('logs out on 401', async () => {
    await expect(authProvider.checkError(new HttpError('No autenticado', 401, {}))).rejects.toMatchObject({
      redirectTo: '/session/login',
    });
  });

  it('keeps the user logged in on 403 and shows the server message', async () => {
    const error = await authProvider
      .checkError(new HttpError('Permiso insuficiente', 403, {}))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessRefused);
    expect(error).toMatchObject({ logoutUser: false, message: 'Permiso insuficiente' });
  });

  it('ignores other errors', async () => {
    await expect(authProvider.checkError(new HttpError('Datos inválidos', 422, {}))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new Error('offline'))).resolves.toBeUndefined();
  });
});

describe('identity and permissions', () => {
  it('come from the user cached at login, without a request', async () => {
    logIn();
    const { authProvider, httpClient } = setup();
    await expect(authProvider.getIdentity?.()).resolves.toEqual({
      id: 7,
      fullName: 'Ana María Pérez',
      avatar: 'https://example.com/logo.png',
      roleId: 21,
      roleName: 'Administrador de empresa',
      companyId: 3,
      companyName: 'Notaría Central',
      isImpersonating: false,
    });
    await expect(authProvider.getPermissions?.({})).resolves.toEqual(['user.list', 'company.list']);
    expect(httpClient.requests).toEqual([]);
  });

  it('getIdentity rejects and getPermissions is empty when nobody is logged in or the cache is corrupt', async () => {
    const { authProvider } = setup();
    await expect(authProvider.getIdentity?.()).rejects.toThrow();
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
    localStorage.setItem(CURRENT_USER_KEY, '{"id":"not a user"');
    await expect(authProvider.getIdentity?.()).rejects.toThrow();
  });

  it('canAccess checks the cached permissions against the rules', async () => {
    logIn();
    const { authProvider, httpClient } = setup();
    await expect(authProvider.canAccess?.({ resource: 'roles', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess?.({ resource: 'companies', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess?.({ resource: 'roles', action: 'delete' })).resolves.toBe(false);
    expect(httpClient.requests).toEqual([]);
  });
});

describe('authProvider.refreshUser', () => {
  it('re-reads the user named by the stored token', async () => {
    logIn();
    const renamed = fakeUser({ full_name: 'Ana M. Pérez', permissions: ['user.list'] });
    const { authProvider, httpClient, session } = setup({ data: renamed });
    await authProvider.refreshUser();
    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/get_users/7' }]);
    expect(session.getUser()).toEqual(renamed);
  });

  it('does nothing when logged out', async () => {
    const { authProvider, httpClient } = setup();
    await authProvider.refreshUser();
    expect(httpClient.requests).toEqual([]);
  });

  it('logs a warning and keeps the session when the server fails', async () => {
    logIn();
    const { authProvider, logger, session } = setup(new HttpError('Error del servidor', 500, {}));
    await expect(authProvider.refreshUser()).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(session.getUser()).toEqual(user);
  });

  it('logs a warning and ends the session when the token is rejected', async () => {
    logIn();
    const { authProvider, logger } = setup(new HttpError('Sesión vencida', 401, {}));
    await authProvider.refreshUser();
    expect(logger.warn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
