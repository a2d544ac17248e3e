import { useCallback } from 'react';
import { type AuthenticatedUser, type EndpointName, endpoints, mayCall } from '../../contract';
import { callerOf } from '../authProvider/canAccess';
import { useSessionUser } from '../layout/useSessionUser';

/**
 * Whether `user` may call endpoint `name`, by the endpoint's declaration in the contract (scope,
 * permissions, impersonation) and the rule the server refuses with (contract/access.ts). Every
 * action the app offers asks this, or react-admin's `canAccess` (which asks it for the endpoint
 * behind a resource's action), instead of checking roles or permissions itself.
 */
export const mayCallEndpoint = (user: AuthenticatedUser | null, name: EndpointName): boolean =>
  mayCall(endpoints[name], callerOf(user));

/** `mayCallEndpoint` for the session's user: "may this session call endpoint X?". */
export function useMayCall(): (name: EndpointName) => boolean {
  const { user } = useSessionUser();
  return useCallback((name: EndpointName) => mayCallEndpoint(user, name), [user]);
}
