import type { ResourceDeclaration } from '../../framework/resourceDeclaration';

/**
 * Roles a user can be given (SPEC §7.2 `roles/{page}/{itemsPerPage}`). Read-only and without a
 * screen of its own: user forms will pick a role from it.
 */
export const roles = {
  name: 'roles',
  recordRepresentation: 'name',
  data: { getList: { endpoint: 'listRoles' } },
} satisfies ResourceDeclaration;
