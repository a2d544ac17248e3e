import { eq } from 'drizzle-orm';
import { ROLE } from '../../contract/permissions.js';
import { hashPassword } from '../modules/session/session.service.js';
import type { Db } from './client.js';
import { companies, planAssignments, plans, rolePermissions, roles, users } from './schema/index.js';

/** Record makers shared by the demo seed, the API tests and the end-to-end setup. */

export type NewCompany = {
  fiscalName: string;
  taxId: string;
  parentId?: number;
  storageCapacityBytes?: number;
  storageUsedBytes?: number;
  supportPhone?: string;
  supportWhatsapp?: string;
  supportEmail?: string;
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
  twoFactorEnabled?: boolean;
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

export type NewPlan = {
  name: string;
  /** Null or absent: unlimited signatures. */
  signatures?: number | null;
  priceUsd?: string;
  validityDays?: number;
  status?: 'active' | 'inactive';
};

export async function createPlan(db: Db, input: NewPlan): Promise<number> {
  const [row] = await db
    .insert(plans)
    .values({ ...input, validityDays: input.validityDays ?? 365 })
    .returning({ id: plans.id });
  return row!.id;
}

export type NewAssignment = {
  companyId: number;
  planId: number;
  startsAt?: Date;
  /** Defaults to startsAt plus the plan's validity. */
  expiredAt?: Date;
  unitsTotal?: number | null;
  unitsUsed?: number;
  createdBy?: number;
};

/** Sells a plan to a company: a package from `startsAt` (default now) to `expiredAt`. */
export async function assignPlan(db: Db, input: NewAssignment): Promise<number> {
  const startsAt = input.startsAt ?? new Date();
  let expiredAt = input.expiredAt;
  if (!expiredAt) {
    const [plan] = await db
      .select({ days: plans.validityDays })
      .from(plans)
      .where(eq(plans.id, input.planId));
    expiredAt = new Date(startsAt.getTime() + (plan?.days ?? 365) * 86_400_000);
  }
  const [row] = await db
    .insert(planAssignments)
    .values({ ...input, startsAt, expiredAt })
    .returning({ id: planAssignments.id });
  return row!.id;
}
