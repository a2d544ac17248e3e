/** Fakes shared by unit tests: an HTTP client that records requests, session tokens and users. */
import { type AuthenticatedUser, SEEDED_ROLES } from '../../contract';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../authProvider/session';
import type { HttpClient, HttpRequest } from '../dataProvider/httpClient';

/** A fake `HttpClient` for tests: records each request and answers from a queue (or `{ data: {} }`). */
export function recordingHttpClient(...replies: unknown[]): HttpClient & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const client = async (request: HttpRequest) => {
    requests.push(request);
    const json = replies.length ? replies.shift() : { data: {} };
    if (json instanceof Error) throw json;
    return { status: 200, headers: new Headers(), json };
  };
  return Object.assign(client, { requests });
}

const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT with the given payload; the client never verifies signatures. */
export function fakeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.firma`;
}

export function fakeUser(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  return {
    id: 7,
    full_name: 'Ana María Pérez',
    role_name: 'Administrador de empresa',
    role_id: 21,
    company_id: 3,
    company_name: 'Notaría Central',
    company_avatar: 'https://example.com/logo.png',
    permissions: ['user.list', 'company.list'],
    isImpersonating: false,
    two_factor_enabled: false,
    features: [],
    support: { phone: '+57 601 555 0100', whatsapp: '+57 300 555 0100', email: 'soporte@rubrica.test' },
    ...overrides,
  };
}

/** Signs a fake user in through localStorage, as the session store reads it. */
export function signInAs(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  const user = fakeUser(overrides);
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: user.id, isImpersonating: false }));
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  return user;
}

/** A user of a customer company with one of the seeded roles (contract/permissions.ts) and its permissions. */
export function seededRoleUser(roleName: (typeof SEEDED_ROLES)[number]['name']): Partial<AuthenticatedUser> {
  const role = SEEDED_ROLES.find((seeded) => seeded.name === roleName)!;
  return { role_id: role.id, role_name: role.name, permissions: [...role.permissions] };
}
