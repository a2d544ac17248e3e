import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { signatureRequestEmails, signatureRequestSigners, signatureRequests } from './signatureRequests.js';

/**
 * Download links of a completion e-mail whose sealed PDFs were too large to attach
 * (server/requests/core/signedCopy.ts): they work without an account until `expires_at`. The token is
 * only in the e-mail; the row keeps its SHA-256, one link per e-mail.
 */
export const signedCopyLinks = pgTable(
  'signed_copy_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: integer('signer_id').references(() => signatureRequestSigners.id, { onDelete: 'set null' }),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => signatureRequestEmails.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('signed_copy_links_token_unique').on(table.tokenHash),
    uniqueIndex('signed_copy_links_email_unique').on(table.emailId),
    index('signed_copy_links_request_idx').on(table.requestId),
  ],
);
