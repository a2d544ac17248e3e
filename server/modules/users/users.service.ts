import { asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { userListItem } from '../../../contract/endpoints/adminUsers.js';
import type { AuthenticatedUser } from '../../../contract/schemas.js';
import { companies, rolePermissions, roles, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { resolveSupportContacts } from '../companies/support.js';

type UserListItem = z.output<typeof userListItem>;

/** A user as the web app reads it (SPEC §3). Ownership was checked by the route layer. */
export async function getAuthenticatedUser(
  deps: Deps,
  actor: Actor,
  userId: number,
): Promise<AuthenticatedUser> {
  const { db } = deps.database;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.name,
      companyId: users.companyId,
      companyName: companies.fiscalName,
      companyLogo: companies.logo,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const permissions = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, row.roleId))
    .orderBy(asc(rolePermissions.permission));
  return {
    id: row.id,
    full_name: `${row.name} ${row.lastName}`.trim(),
    role_name: row.roleName,
    role_id: row.roleId,
    company_id: row.companyId,
    company_name: row.companyName,
    company_avatar: row.companyLogo,
    permissions: permissions.map((entry) => entry.permission),
    isImpersonating: actor.userId === row.id && actor.impersonatorUserId !== null,
    two_factor_enabled: row.twoFactorEnabled,
    // Company features arrive with the company-features issue; none can be enabled yet.
    features: [],
    support: await resolveSupportContacts(db, row.companyId),
  };
}

/** Users of one company (not its branches), by name, as lists show them. */
export async function listCompanyUsers(deps: Deps, companyId: number): Promise<UserListItem[]> {
  const rows = await deps.database.db
    .select({
      id: users.id,
      name: users.name,
      lastName: users.lastName,
      email: users.email,
      roleId: users.roleId,
      roleName: roles.name,
      companyId: users.companyId,
      status: users.status,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    full_name: `${row.name} ${row.lastName}`.trim(),
    email: row.email,
    role_id: row.roleId,
    role_name: row.roleName,
    company_id: row.companyId,
    status: row.status,
  }));
}

export async function listRoles(deps: Deps, page: number, itemsPerPage: number) {
  const { db } = deps.database;
  const [totalRow] = await db.select({ total: count() }).from(roles);
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .orderBy(asc(roles.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const grants = rows.length
    ? await db
        .select()
        .from(rolePermissions)
        .where(
          inArray(
            rolePermissions.roleId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    items: rows.map((row) => ({
      ...row,
      permissions: grants.filter((grant) => grant.roleId === row.id).map((grant) => grant.permission),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}
