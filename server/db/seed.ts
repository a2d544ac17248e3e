import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID, ROLE, SEEDED_ROLES } from '../../contract/permissions.js';
import { hashPassword } from '../security/passwords.js';
import type { Db } from './client.js';
import { companies, rolePermissions, roles, users } from './schema/index.js';
import { seedLocation } from './seedLocation.js';

export type SeedResult = { adminCreated: boolean; generatedPassword?: string };

/**
 * Idempotent base data: the platform company (id 1), the seeded roles with their permissions
 * (permissions added in later versions are granted on the next start) and, when no administrator
 * exists yet, the first administrator.
 */
export async function seedBase(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  await db
    .insert(companies)
    .values({
      id: PLATFORM_COMPANY_ID,
      fiscalName: 'Rúbrica',
      taxId: '900000000-5',
      supportPhone: '+57 601 000 0000',
      supportWhatsapp: '+57 300 000 0000',
      supportEmail: 'soporte@rubrica.local',
    })
    .onConflictDoNothing();
  // The explicit id above does not advance the sequence.
  await db.execute(sql`SELECT setval('companies_id_seq', GREATEST((SELECT max(id) FROM companies), 1))`);

  await seedLocation(db);

  for (const role of SEEDED_ROLES) {
    await db.insert(roles).values({ id: role.id, name: role.name }).onConflictDoNothing();
    await db
      .insert(rolePermissions)
      .values(role.permissions.map((permission) => ({ roleId: role.id, permission })))
      .onConflictDoNothing();
  }

  const [existingAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, ROLE.administrator))
    .limit(1);
  if (existingAdmin) return { adminCreated: false };

  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  await db.insert(users).values({
    companyId: PLATFORM_COMPANY_ID,
    roleId: ROLE.administrator,
    name: 'Administrador',
    lastName: 'Rúbrica',
    email: admin.email.toLowerCase(),
    passwordHash: await hashPassword(admin.password ?? generatedPassword!),
  });
  return { adminCreated: true, generatedPassword };
}
