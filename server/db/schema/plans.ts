import { bigserial, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/** Prepaid signature plans the platform sells (their screens come with the administration issue). */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Signatures included; null means unlimited. */
  signatures: integer('signatures'),
  priceUsd: numeric('price_usd', { precision: 12, scale: 2 }).notNull().default('0'),
  validityDays: integer('validity_days').notNull(),
  status: text('status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plan sold to a company for a period: the package whose expiry the pop-ups announce. */
export const planAssignments = pgTable(
  'plan_assignments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    /** Units bought; null means unlimited. */
    unitsTotal: integer('units_total'),
    unitsUsed: integer('units_used').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('plan_assignments_company_idx').on(table.companyId, table.expiredAt),
    index('plan_assignments_plan_idx').on(table.planId),
  ],
);

/** Every movement of a package's units: signatures consumed, credits, manual adjustments. */
export const packageTransactions = pgTable(
  'package_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => planAssignments.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    kind: text('kind', { enum: ['consumption', 'credit', 'adjustment'] }).notNull(),
    /** What caused it, e.g. the signature request id. */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('package_transactions_assignment_idx').on(table.assignmentId)],
);
