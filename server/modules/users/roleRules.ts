import { eq, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID, ROLE } from '../../../contract/permissions.js';
import { type Db, queryRows } from '../../db/client.js';
import { rolePermissions, roles } from '../../db/schema/index.js';
import type { Actor } from '../../deps.js';
import { conflict, forbidden, unprocessable } from '../../errors.js';

/**
 * Who may give which role and manage whom: nobody hands out more than they hold, so a company
 * administrator can never create (or edit) a user stronger than itself.
 */

export const ROLE_MESSAGES = {
  unknown: 'Seleccione un rol válido',
  notGrantable: 'No puede asignar un rol con permisos que usted no tiene',
  administratorOnlyPlatform:
    'El rol Administrador solo se asigna a usuarios de la empresa administradora de la plataforma',
  cannotManage: 'No puede gestionar a un usuario con permisos que usted no tiene',
  lastAdministrator: 'No se puede dejar la plataforma sin un administrador activo',
} as const;

export type RoleGrants = { id: number; permissions: readonly string[] };

/** The role with its permissions, or null when it does not exist. */
export async function loadRole(db: Db, roleId: number): Promise<RoleGrants | null> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) return null;
  const grants = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return { id: role.id, permissions: grants.map((grant) => grant.permission) };
}

/** Role 20 only by an administrator; any other role only if the actor holds all its permissions. */
export function canGrantRole(actor: Actor, role: RoleGrants): boolean {
  if (role.id === ROLE.administrator && actor.roleId !== ROLE.administrator) return false;
  return role.permissions.every((permission) => actor.permissions.has(permission));
}

/** The role a user is given, for a user of `companyId`: 422 on role_id when it may not be given. */
export async function assertGrantableRole(db: Db, actor: Actor, roleId: number, companyId: number) {
  const role = await loadRole(db, roleId);
  if (!role) throw unprocessable(ROLE_MESSAGES.unknown, { role_id: ROLE_MESSAGES.unknown });
  if (!canGrantRole(actor, role))
    throw unprocessable(ROLE_MESSAGES.notGrantable, { role_id: ROLE_MESSAGES.notGrantable });
  if (role.id === ROLE.administrator && companyId !== PLATFORM_COMPANY_ID) {
    throw unprocessable(ROLE_MESSAGES.administratorOnlyPlatform, {
      role_id: ROLE_MESSAGES.administratorOnlyPlatform,
    });
  }
  return role;
}

/** Editing, deleting, activating or unlocking someone whose role exceeds the actor's: 403. */
export async function assertCanManage(db: Db, actor: Actor, target: { id: number; roleId: number }) {
  if (target.id === actor.userId) return;
  const role = await loadRole(db, target.roleId);
  if (role && !canGrantRole(actor, role)) throw forbidden(ROLE_MESSAGES.cannotManage);
}

/**
 * 409 unless another active administrator remains once `userId` stops being one. The active
 * administrators are locked in id order first, so two administrators removing each other at the
 * same moment cannot both succeed (run it inside the transaction that makes the change).
 */
export async function assertAnotherActiveAdministrator(tx: Db, userId: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM users
        WHERE role_id = ${ROLE.administrator} AND status = 'active' AND deleted_at IS NULL
        ORDER BY id FOR UPDATE`,
  );
  if (!rows.some((row) => Number(row.id) !== userId)) throw conflict(ROLE_MESSAGES.lastAdministrator);
}
