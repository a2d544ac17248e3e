import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES } from './signatureRequests.js';

/**
 * Running totals per company and Bogotá day or month, kept by the database's triggers on every write of
 * the rows they count (migration 0021): the dashboard, the reports' totals and the statistics read
 * a few hundred of these instead of aggregating 100,000 requests or 300,000 codes per view.
 * No foreign key on purpose: a company's last rows are subtracted while it is being deleted.
 */

const requestTotalsColumns = {
  companyId: integer('company_id').notNull(),
  status: text('status', { enum: REQUEST_STATUSES }).notNull(),
  requests: integer('requests').notNull().default(0),
  units: integer('units').notNull().default(0),
  signaturesWaiting: integer('signatures_waiting').notNull().default(0),
};

/** Requests by the day they were sent and their status now, with their units and owed signatures. */
export const requestDayTotals = pgTable(
  'request_day_totals',
  { ...requestTotalsColumns, day: date('day', { mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.status] })],
);

/** The same by month (`month` is its first day): what the dashboard's year of trend reads. */
export const requestMonthTotals = pgTable(
  'request_month_totals',
  { ...requestTotalsColumns, month: date('month', { mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.status] })],
);

const codeTotalsColumns = {
  companyId: integer('company_id').notNull(),
  channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
  sent: integer('sent').notNull().default(0),
  validated: integer('validated').notNull().default(0),
};

/** Signers' one-time codes by the day they were sent and their channel: sent and validated. */
export const codeDayTotals = pgTable(
  'code_day_totals',
  { ...codeTotalsColumns, day: date('day', { mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.channel] })],
);

/** The same by month (`month` is its first day). */
export const codeMonthTotals = pgTable(
  'code_month_totals',
  { ...codeTotalsColumns, month: date('month', { mode: 'string' }).notNull() },
  (table) => [primaryKey({ columns: [table.companyId, table.month, table.channel] })],
);
