import { ACCESS_AUTH, ACCESS_GUEST } from '../../contract/permissions';
import { PATHS } from './paths';
import type { RouteAccess } from './routes';

/** What the guard knows about the visitor: whether a session is open, and its permissions. */
export type Visitor = { loggedIn: boolean; permissions: readonly string[] };

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const allow: GuardDecision = { allow: true };
const toHome: GuardDecision = { allow: false, redirectTo: PATHS.home };
const toLogin: GuardDecision = { allow: false, redirectTo: PATHS.login };

/**
 * The navigation guard of SPEC §2.2, as a pure function:
 * - no access list → open to everyone;
 * - guests only, while logged in → home;
 * - any restricted route while not logged in → the login screen;
 * - a logged-in user lacking any one of the required permissions → home.
 */
export function decideAccess(access: RouteAccess, { loggedIn, permissions }: Visitor): GuardDecision {
  if (access === null) return allow;
  if (access === ACCESS_GUEST) return loggedIn ? toHome : allow;
  if (!loggedIn) return toLogin;
  if (access === ACCESS_AUTH) return allow;
  return access.every((permission) => permissions.includes(permission)) ? allow : toHome;
}
