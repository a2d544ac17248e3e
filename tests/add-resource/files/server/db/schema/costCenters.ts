import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/** A company's cost centers (a budget, a manager); name and code are unique among its live ones. */
export const costCenters = pgTable(
  'cost_centers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    active: boolean('active').notNull().default(true),
    budget: numeric('budget', { precision: 14, scale: 2, mode: 'number' }),
    managerUserId: integer('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cost_centers_name_unique')
      .on(table.companyId, sql`lower(${table.name})`)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex('cost_centers_code_unique').on(table.companyId, table.code).where(sql`deleted_at IS NULL`),
  ],
);
