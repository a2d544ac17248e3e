import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { EndpointName } from '../../contract';
import { useSessionUser } from '../layout/useSessionUser';
import { useMayCall } from './endpointAccess';
import { decideAccess } from './guard';
import type { RouteAccess } from './routes';

export type RouteGuardProps = {
  access: RouteAccess;
  /** The call the screen is built on (a resource's list): a visitor the contract refuses is sent home. */
  endpoint?: EndpointName;
  children: ReactNode;
};

/**
 * Renders a route's screen only when the guard of SPEC §2.2 lets the visitor in; otherwise replaces
 * the URL with home or the login screen. Every route of the table goes through it (react-admin's
 * custom routes have no access control of their own).
 */
export function RouteGuard({ access, endpoint, children }: RouteGuardProps) {
  const { loggedIn, user } = useSessionUser();
  const mayCall = useMayCall();
  const location = useLocation();
  const decision = decideAccess(access, {
    loggedIn,
    permissions: user?.permissions ?? [],
    mayCallScreen: endpoint === undefined || mayCall(endpoint),
  });
  if (decision.allow) return <>{children}</>;
  // The login page may bring the visitor back to where they were going.
  const state = loggedIn ? undefined : { nextPathname: location.pathname, nextSearch: location.search };
  return <Navigate to={decision.redirectTo} replace state={state} />;
}
