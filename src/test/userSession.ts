import type { AuthenticatedUser } from '../../contract';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../authProvider/session';
import { fakeToken, fakeUser } from './fakes';

/** Signs a fake user in through localStorage, as the session store reads it (tests of these screens). */
export function signInAs(overrides: Partial<AuthenticatedUser> = {}): AuthenticatedUser {
  const user = fakeUser(overrides);
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: user.id, isImpersonating: false }));
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  return user;
}

export const COMPANIES_PAGE = {
  items: [
    { id: 3, fiscal_name: 'Notaría Central', is_branch: false },
    { id: 4, fiscal_name: 'Notaría Central Medellín', is_branch: true },
  ],
  total: 2,
};

export const IDENTIFICATION_TYPES = {
  items: [
    { id: 1, code: 'CC', name: 'Cédula de ciudadanía', applies_to: 'person' },
    { id: 3, code: 'NIT', name: 'NIT', applies_to: 'company' },
  ],
  total: 2,
};
