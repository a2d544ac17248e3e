import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID, ROLE, SEEDED_ROLES } from '../../contract/permissions.js';
import { hashPassword } from '../security/passwords.js';
import type { Database, Db } from './client.js';
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

  if (await administratorExists(db)) return { adminCreated: false };

  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  // No failed query on a conflict: another process may have created the administrator meanwhile.
  const inserted = await db
    .insert(users)
    .values({
      companyId: PLATFORM_COMPANY_ID,
      roleId: ROLE.administrator,
      name: 'Administrador',
      lastName: 'Rúbrica',
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(admin.password ?? generatedPassword!),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length > 0) return { adminCreated: true, generatedPassword };
  if (await administratorExists(db)) return { adminCreated: false };
  throw new Error(
    'No se pudo crear el primer administrador: ADMIN_EMAIL ya es el correo de otro usuario (elija otro)',
  );
}

async function administratorExists(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, ROLE.administrator))
    .limit(1);
  return existing !== undefined;
}

const SEED_LOCK_ID = 7_210_002;

/**
 * The base seed, one process at a time: processes starting together on an empty PostgreSQL
 * database would otherwise all see no administrator and all insert one.
 */
export function seedBaseOnce(
  database: Database,
  admin: { email: string; password?: string },
): Promise<SeedResult> {
  return database.withAdvisoryLock(SEED_LOCK_ID, (db) => seedBase(db, admin));
}
