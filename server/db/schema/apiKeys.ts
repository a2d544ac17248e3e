import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/**
 * A company's API keys: several, each named, revocable, with the time it was last used. Only the
 * key's sha256 is stored (256 random bits need no slow hash) and its first characters for display.
 */
export const companyApiKeys = pgTable(
  'company_api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    /** Null for a key made by the platform (a new company's first key, the migrated ones). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, not on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_api_keys_hash_unique').on(table.hash),
    index('company_api_keys_company_idx').on(table.companyId, table.id),
    index('company_api_keys_live_idx').on(table.companyId).where(sql`${table.revokedAt} IS NULL`),
  ],
);
