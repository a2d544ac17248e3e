import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique across the platform because it is the login. */
    email: text('email').notNull(),
    phone: text('phone'),
    idType: text('id_type'),
    idNumber: text('id_number'),
    status: text('status', { enum: ['active', 'inactive', 'locked'] })
      .notNull()
      .default('active'),
    /** argon2id; null until the user sets a password from the invitation. */
    passwordHash: text('password_hash'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** When the user answered the "activate two-factor?" prompt; null shows it after the next sign-in. */
    twoFactorPromptAnsweredAt: timestamp('two_factor_prompt_answered_at', { withTimezone: true }),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the invitation e-mail to set a password was last sent. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    /** Soft delete: the user can no longer sign in, history keeps its name. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_company_idx').on(table.companyId),
    // The list pages live users by id or by full name (lower-cased, as the service orders); the
    // company is in the index so that a deep page walks the index alone (index-only scan).
    index('users_live_id_idx').on(table.id, table.companyId).where(sql`${table.deletedAt} IS NULL`),
    index('users_live_full_name_idx')
      .on(sql`lower(${table.name} || ' ' || ${table.lastName})`, table.id, table.companyId)
      .where(sql`${table.deletedAt} IS NULL`),
    // The list searches these with ILIKE '%…%': trigram indexes (pg_trgm).
    index('users_full_name_trgm_idx').using(
      'gin',
      sql`(${table.name} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_id_number_trgm_idx').using('gin', table.idNumber.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
  ],
);
