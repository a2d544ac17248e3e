import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { userGroups } from './groupsAndTypes.js';
import { documentTemplateVersions } from './templates.js';
import { users } from './users.js';

/**
 * A company's folders of document groups. Each company has one root folder (no parent), made
 * the first time its tree is read; every other folder hangs from it, so a group always sits in a
 * folder and permissions set on the root apply to the whole tree.
 */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // No cascade: a folder with subfolders cannot be deleted (its module answers 409).
    parentId: integer('parent_id').references((): AnyPgColumn => documentFolders.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_folders_root_unique').on(table.companyId).where(sql`${table.parentId} is null`),
    uniqueIndex('document_folders_sibling_name_unique').on(table.parentId, sql`lower(${table.name})`),
    index('document_folders_company_idx').on(table.companyId),
  ],
);

/**
 * What a user or a user group may do with a folder's groups. Rights granted on a folder hold
 * for its subfolders too; a folder with no row on it or on any ancestor is open to the company.
 */
export const documentFolderPermissions = pgTable(
  'document_folder_permissions',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id')
      .notNull()
      .references(() => documentFolders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userGroupId: integer('user_group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    canView: boolean('can_view').notNull().default(true),
    canSend: boolean('can_send').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
  },
  (table) => [
    check(
      'document_folder_permissions_one_grantee',
      sql`num_nonnulls(${table.userId}, ${table.userGroupId}) = 1`,
    ),
    uniqueIndex('document_folder_permissions_user_unique')
      .on(table.folderId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('document_folder_permissions_group_unique')
      .on(table.folderId, table.userGroupId)
      .where(sql`${table.userGroupId} is not null`),
  ],
);

export const SIGNING_ORDERS = ['sequential', 'parallel'] as const;

/** A document group (package): what is sent together, how and to whom. Deleting is soft. */
export const documentPackages = pgTable(
  'document_packages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => documentFolders.id),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    signingOrder: text('signing_order', { enum: SIGNING_ORDERS }).notNull().default('sequential'),
    expiryDays: integer('expiry_days').notNull().default(30),
    reminderDays: integer('reminder_days'),
    /** The company itself signs after the signers, once the approver accepts. */
    autoSignEnabled: boolean('auto_sign_enabled').notNull().default(false),
    autoSignApproverId: integer('auto_sign_approver_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_packages_folder_idx').on(table.folderId),
    index('document_packages_company_idx').on(table.companyId),
  ],
);

/**
 * One document of a group, in order: a template version or an uploaded PDF (stored by key).
 * `company_id` repeats the group's so that the id alone can be checked against the tenant.
 */
export const documentPackageDocuments = pgTable(
  'document_package_documents',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => documentPackages.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    templateVersionId: integer('template_version_id').references(() => documentTemplateVersions.id),
    pdfKey: text('pdf_key'),
    pdfName: text('pdf_name'),
    pdfPages: integer('pdf_pages'),
    pdfSha256: text('pdf_sha256'),
    /** Size of the stored PDF, for the storage statistics. */
    pdfBytes: bigint('pdf_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'document_package_documents_one_source',
      sql`num_nonnulls(${table.templateVersionId}, ${table.pdfKey}) = 1`,
    ),
    index('document_package_documents_package_idx').on(table.packageId),
    index('document_package_documents_company_bytes_idx').on(table.companyId, table.pdfBytes),
  ],
);

export const SIGNER_KINDS = ['signer', 'approver', 'copy'] as const;
export const SIGNER_AUTHENTICATIONS = ['email_otp', 'sms_otp', 'whatsapp_otp', 'selfie'] as const;

/**
 * Signer 1, 2, … of a group: order, kind and how each proves identity. The fields each fills are
 * their templates' «Lo llena» (`filled_by`), read from the template versions, not kept here.
 */
export const documentPackageSignerRoles = pgTable(
  'document_package_signer_roles',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => documentPackages.id, { onDelete: 'cascade' }),
    /** 1-based: "Firmante 1" fills the template fields of signer 1. */
    number: integer('number').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: SIGNER_KINDS }).notNull().default('signer'),
    /** Empty: no extra authentication beyond the link. */
    authentication: jsonb('authentication').$type<string[]>().notNull().default([]),
  },
  (table) => [uniqueIndex('document_package_signer_roles_number_unique').on(table.packageId, table.number)],
);

/** Every change of a group, with the version it produced (get_changes_packages). */
export const documentPackageChanges = pgTable(
  'document_package_changes',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => documentPackages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** Field → [before, after] for header changes; names of the documents added or removed. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('document_package_changes_package_idx').on(table.packageId)],
);
