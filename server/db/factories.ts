import { eq } from 'drizzle-orm';
import { ROLE } from '../../contract/permissions.js';
import { hashPassword } from '../modules/session/session.service.js';
import type { Db } from './client.js';
import { companies, rolePermissions, roles, users } from './schema/index.js';

/** Record makers shared by the demo seed, the API tests and the end-to-end setup. */

export type NewCompany = {
  fiscalName: string;
  taxId: string;
  parentId?: number;
  storageCapacityBytes?: number;
};

export async function createCompany(db: Db, input: NewCompany): Promise<number> {
  const [row] = await db.insert(companies).values(input).returning({ id: companies.id });
  return row!.id;
}

export type NewUser = {
  companyId: number;
  roleId?: number;
  name: string;
  lastName: string;
  email: string;
  password?: string;
  status?: 'active' | 'inactive' | 'locked';
};

export async function createUser(db: Db, input: NewUser): Promise<number> {
  const { password, ...rest } = input;
  const [row] = await db
    .insert(users)
    .values({
      ...rest,
      email: input.email.toLowerCase(),
      roleId: input.roleId ?? ROLE.operator,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A role with exactly these permissions (tests use it for "lacks the permission" and "holds all"). */
export async function createRole(
  db: Db,
  input: { id: number; name: string; permissions: readonly string[] },
) {
  await db.insert(roles).values({ id: input.id, name: input.name }).onConflictDoNothing();
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, input.id));
  if (input.permissions.length) {
    await db
      .insert(rolePermissions)
      .values(input.permissions.map((permission) => ({ roleId: input.id, permission })));
  }
  return input.id;
}
