import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cities, departments } from './location.js';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** Set for branches: the company they belong to. */
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    fiscalName: text('fiscal_name').notNull(),
    taxId: text('tax_id').notNull(),
    apiKeyHash: text('api_key_hash'),
    logo: text('logo'),
    storageCapacityBytes: bigint('storage_capacity_bytes', { mode: 'number' }).notNull().default(0),
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    supportPhone: text('support_phone'),
    supportWhatsapp: text('support_whatsapp'),
    supportEmail: text('support_email'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('companies_parent_idx').on(table.parentId)],
);
