import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../../contract';
import { mayCallEndpoint } from '../access/endpointAccess';
import { decideAccess } from '../access/guard';
import { ROUTES } from '../access/routes';
import { screenEndpointOf } from '../framework/contributions';
import { fakeUser } from '../test/fakes';

describe('who may open the dashboard', () => {
  const route = ROUTES.find((candidate) => candidate.name === 'user.dashboard')!;
  const visit = (user: AuthenticatedUser) =>
    decideAccess(route.access, {
      loggedIn: true,
      permissions: user.permissions,
      mayCallScreen: mayCallEndpoint(user, screenEndpointOf('user.dashboard')!),
    });

  it('is built on get_dashboard_info, so whoever lacks dashboard.list is sent home', () => {
    expect(screenEndpointOf('user.dashboard')).toBe('getDashboardInfo');
    expect(visit(fakeUser({ permissions: ['dashboard.list'] }))).toEqual({ allow: true });
    expect(visit(fakeUser({ permissions: ['signer.list'] }))).toEqual({ allow: false, redirectTo: '/home' });
  });

  it('keeps the route open (SPEC §2.1 lists no permission): a visitor is not turned away by the guard', () => {
    expect(decideAccess(route.access, { loggedIn: false, permissions: [], mayCallScreen: false })).toEqual({
      allow: true,
    });
  });
});
