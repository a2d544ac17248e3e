import { type Caller, type CallRequirement, mayCall } from '../../contract/access';
import type { AuthenticatedUser } from '../../contract/schemas';

/** The actions react-admin checks, and the permissions each one needs per resource. */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';
/** Per resource, per action (a ResourceAction or a custom one), the endpoint declaration it calls. */
export type ResourceAccessRules = Readonly<
  Record<string, Readonly<Partial<Record<string, CallRequirement>>>>
>;

/** The caller the contract's access rule judges: the signed-in user as cached at login. */
export const callerOf = (user: AuthenticatedUser | null): Caller | null =>
  user
    ? { permissions: user.permissions, companyId: user.company_id, impersonating: user.isImpersonating }
    : null;

export type AccessRequest = {
  /** The current user as the contract's access rule sees them (from the user cached at login). */
  caller: Caller | null;
  rules: ResourceAccessRules;
  resource: string;
  action: string;
};

/**
 * Whether the user may perform `action` on `resource` (STYLE 5: a pure function over the cached
 * permissions, no network call): whether they may call the endpoint behind it, by the rule the
 * server applies (contract/access.ts). A resource or action without a rule is refused, so
 * forgetting a rule hides a screen rather than exposing it.
 */
export function canAccess({ caller, rules, resource, action }: AccessRequest): boolean {
  const actions = Object.hasOwn(rules, resource) ? rules[resource] : undefined;
  const required = actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!required) return false;
  return mayCall(required, caller);
}
