import { ACCESS_AUTH, ACCESS_GUEST } from '../../contract/permissions';
import { PATHS } from './paths';
import type { RouteAccess } from './routes';

/**
 * What the guard knows about the visitor: whether a session is open, its permissions, and whether
 * it may make the call the screen is built on (its list endpoint's scope: a customer company's user
 * holding a platform permission still may not list the platform's banners).
 */
export type Visitor = { loggedIn: boolean; permissions: readonly string[]; mayCallScreen?: boolean };

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const allow: GuardDecision = { allow: true };
const toHome: GuardDecision = { allow: false, redirectTo: PATHS.home };
const toLogin: GuardDecision = { allow: false, redirectTo: PATHS.login };

/**
 * The navigation guard of SPEC §2.2, as a pure function:
 * - no access list → open to everyone, but a logged-in user whom the contract refuses the screen's
 *   own call (a bespoke page built on a guarded call, like the dashboard) → home;
 * - guests only, while logged in → home;
 * - any restricted route while not logged in → the login screen;
 * - a logged-in user lacking any one of the required permissions → home, and so is one whom the
 *   contract refuses the screen's own call (the server would answer 403 to everything on it).
 */
export function decideAccess(
  access: RouteAccess,
  { loggedIn, permissions, mayCallScreen = true }: Visitor,
): GuardDecision {
  if (access === null) return loggedIn && !mayCallScreen ? toHome : allow;
  if (access === ACCESS_GUEST) return loggedIn ? toHome : allow;
  if (!loggedIn) return toLogin;
  if (access === ACCESS_AUTH) return mayCallScreen ? allow : toHome;
  return mayCallScreen && access.every((permission) => permissions.includes(permission)) ? allow : toHome;
}
