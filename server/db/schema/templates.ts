import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { documentTypes } from './groupsAndTypes.js';
import { users } from './users.js';

/**
 * A company's document template. Its content lives in versions: the template row holds what
 * lists show and the number of the version in force. Deleting is soft, so requests made from a
 * template keep pointing at a version that still exists.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // No cascade: a document type in use cannot be deleted (its module answers 409).
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_templates_company_name_unique')
      .on(table.companyId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
    index('document_templates_type_idx').on(table.documentTypeId),
  ],
);

/** Page setup of a version as stored (millimetres); the renderer's PageSetup. */
export type StoredPageSetup = {
  paper: 'letter' | 'a4';
  margins: { top: number; right: number; bottom: number; left: number };
  pageNumbers: boolean;
};

/**
 * One saved state of a template. Every save adds a row; rows are never updated, so a signature
 * request can always be traced to the exact content it was rendered from. `company_id` repeats
 * the template's so that a version id alone can be checked against the caller's tenant.
 */
export const documentTemplateVersions = pgTable(
  'document_template_versions',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => documentTemplates.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    html: text('html').notNull(),
    headerHtml: text('header_html').notNull().default(''),
    footerHtml: text('footer_html').notNull().default(''),
    page: jsonb('page').$type<StoredPageSetup>().notNull(),
    /** The merge fields, as contract/endpoints/templateFields.ts defines them. */
    fields: jsonb('fields').$type<unknown[]>().notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_template_versions_number_unique').on(table.templateId, table.number),
    index('document_template_versions_company_idx').on(table.companyId),
  ],
);
