import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../../contract/schemas.js';
import { enabledFeatureKeys } from '../../db/companyFeatures.js';
import { companies, rolePermissions, roles, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { logoUrl } from '../companies/companyRecord.js';
import { resolveSupportContacts } from '../companies/support.js';
import { canGrantRole } from './roleRules.js';
import { ADMINISTRATOR_ROLE_IDS, listCompanyUserItems, type UserListItem } from './userRecords.js';

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
    // A URL an <img> can load without the token (the logo endpoint is public).
    company_avatar: logoUrl(row.companyId, row.companyLogo),
    permissions: permissions.map((entry) => entry.permission),
    isImpersonating: actor.userId === row.id && actor.impersonatorUserId !== null,
    two_factor_enabled: row.twoFactorEnabled,
    // The features enabled for the user's company (own setting, else its parent's, else the default).
    features: await enabledFeatureKeys(db, row.companyId),
    support: await resolveSupportContacts(db, row.companyId),
  };
}

/** Live users of one company (not its branches), by name, as lists show them. */
export async function listCompanyUsers(deps: Deps, companyId: number): Promise<UserListItem[]> {
  return listCompanyUserItems(deps.database.db, companyId);
}

/** The company's users with an administrator role (the platform's or the company's). */
export async function listAdminUsers(deps: Deps, companyId: number): Promise<UserListItem[]> {
  return listCompanyUserItems(deps.database.db, companyId, ADMINISTRATOR_ROLE_IDS);
}

/** A page of roles, each flagged with whether the actor may give it. */
export async function listRoles(deps: Deps, actor: Actor, page: number, itemsPerPage: number) {
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
    items: rows.map((row) => {
      const permissions = grants.filter((grant) => grant.roleId === row.id).map((grant) => grant.permission);
      return { ...row, permissions, assignable: canGrantRole(actor, { id: row.id, permissions }) };
    }),
    total: Number(totalRow?.total ?? 0),
  };
}
