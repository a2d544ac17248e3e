import type { EndpointDefinition } from './define.js';
import { PLATFORM_COMPANY_ID } from './permissions.js';

/** Who calls: the permissions of their role, their company, and whether the session impersonates. */
export type Caller = {
  permissions: ReadonlySet<string> | readonly string[];
  companyId: number;
  impersonating: boolean;
};

/** What an endpoint's declaration asks of its caller before any handler runs. */
export type CallRequirement = Pick<EndpointDefinition, 'scope' | 'permissions' | 'refuseWhileImpersonating'>;

/** Why a caller may not call an endpoint (each is a 403 with its own message on the server). */
export type Refusal = 'platform_only' | 'missing_permission' | 'impersonating';

const holds = (permissions: Caller['permissions'], permission: string) =>
  'has' in permissions ? permissions.has(permission) : permissions.includes(permission);

/**
 * Whether `caller` may call an endpoint, by its contract entry alone: a global endpoint is for the
 * platform company's users, every listed permission is required, and some calls are refused while
 * impersonating. The route layer refuses with it (server/http/guard.ts) and the web app shows an
 * action only when it says yes (src/access/endpointAccess.ts), so the two never disagree.
 * Ownership and `selfOr` depend on the record named, and are checked by the server only.
 */
export function refusalOf(requirement: CallRequirement, caller: Caller): Refusal | null {
  if (requirement.scope === 'public') return null;
  if (requirement.scope === 'global' && caller.companyId !== PLATFORM_COMPANY_ID) return 'platform_only';
  if (!requirement.permissions.every((permission) => holds(caller.permissions, permission)))
    return 'missing_permission';
  if (requirement.refuseWhileImpersonating && caller.impersonating) return 'impersonating';
  return null;
}

export const mayCall = (requirement: CallRequirement, caller: Caller | null): boolean =>
  requirement.scope === 'public' || (caller !== null && refusalOf(requirement, caller) === null);
