import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cities, departments } from './location.js';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** Set for branches: the company they belong to. */
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    fiscalName: text('fiscal_name').notNull(),
    /** NIT with its check digit, as `900123456-7`. */
    taxId: text('tax_id').notNull(),
    /**
     * First characters of the company's «Principal» API key, to recognise it in the interface (the
     * keys themselves live in company_api_keys).
     */
    apiKeyPrefix: text('api_key_prefix'),
    apiKeyCreatedAt: timestamp('api_key_created_at', { withTimezone: true }),
    /** Storage key of the logo (server/storage), null without one. */
    logo: text('logo'),
    storageCapacityBytes: bigint('storage_capacity_bytes', { mode: 'number' }).notNull().default(0),
    /**
     * Bytes of the files the company stores, kept by the database from each file's recorded size
     * (migrations 0019 and 0021): the total and its four kinds, read by the storage statistics.
     */
    storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
    storageDocumentsBytes: bigint('storage_documents_bytes', { mode: 'number' }).notNull().default(0),
    storageSealedBytes: bigint('storage_sealed_bytes', { mode: 'number' }).notNull().default(0),
    storageImagesBytes: bigint('storage_images_bytes', { mode: 'number' }).notNull().default(0),
    storageAttachmentsBytes: bigint('storage_attachments_bytes', { mode: 'number' }).notNull().default(0),
    supportPhone: text('support_phone'),
    supportWhatsapp: text('support_whatsapp'),
    supportEmail: text('support_email'),
    /** Location: ISO 3166-1 alpha-2 country, DANE department and municipality codes. */
    countryCode: text('country_code').notNull().default('CO'),
    departmentId: integer('department_id').references(() => departments.id),
    cityId: integer('city_id').references(() => cities.id),
    postalCode: text('postal_code'),
    address: text('address'),
    /**
     * Origins (`https://host[:port]`) allowed to frame this company's signing pages
     * (`frame-ancestors`), and whether requests its API keys create answer with the signers' links
     * instead of e-mailing them (server/modules/companies/embedding.service.ts).
     */
    frameOrigins: text('frame_origins').array().notNull().default(sql`'{}'::text[]`),
    signerLinksInReply: boolean('signer_links_in_reply').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** Soft delete: gone from lists, its users can no longer sign in, history keeps its name. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('companies_parent_idx').on(table.parentId),
    // The list (SPEC company_list) sorts by fiscal name / created_at among live companies.
    index('companies_live_fiscal_name_idx')
      .on(table.fiscalName, table.id)
      .where(sql`${table.deletedAt} IS NULL`),
    index('companies_live_created_idx').on(table.createdAt, table.id).where(sql`${table.deletedAt} IS NULL`),
    // Lists page live companies by id (a deep page walks this index alone), and read the few
    // deleted ones once per query to leave their users out.
    index('companies_live_id_idx').on(table.id).where(sql`${table.deletedAt} IS NULL`),
    index('companies_deleted_idx').on(table.id).where(sql`${table.deletedAt} IS NOT NULL`),
    // The list searches fiscal name and NIT with ILIKE '%…%': trigram indexes (pg_trgm).
    index('companies_fiscal_name_trgm_idx').using('gin', table.fiscalName.op('gin_trgm_ops')),
    index('companies_tax_id_trgm_idx').using('gin', table.taxId.op('gin_trgm_ops')),
    // A NIT names one live top-level company; branches (sucursales) share their parent's NIT.
    uniqueIndex('companies_tax_id_live_unique')
      .on(table.taxId)
      .where(sql`${table.deletedAt} IS NULL AND ${table.parentId} IS NULL`),
  ],
);
