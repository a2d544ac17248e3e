import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { documentPackages, SIGNER_KINDS, SIGNING_ORDERS } from './documentGroups.js';
import { mailOutbox } from './mail.js';
import { documentTemplateVersions } from './templates.js';
import { users } from './users.js';

/**
 * Signature requests: what a company sends, to whom, and everything that happened to it.
 * Every row repeats `company_id` so that an id alone is checked against the caller's tenant.
 */

export const REQUEST_STATUSES = [
  'in_progress', // sent; signers are signing
  'completed', // every signer signed; the sealed PDFs exist (or are pending seal)
  'rejected', // a signer rejected
  'cancelled', // the sender cancelled, with a reason
  'expired', // the expiry date passed before completion
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_SOURCES = ['single', 'bulk', 'pdf', 'bulk_pdf', 'api'] as const;
export const SEAL_STATUSES = ['not_ready', 'pending', 'sealed'] as const;

/** A batch of requests sent together (bulk sheet, bulk PDF); single sends have none. */
export const signatureRequestBatches = pgTable(
  'signature_request_batches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => documentPackages.id),
    source: text('source', { enum: REQUEST_SOURCES }).notNull(),
    /** draft: rows being validated and fixed; sending: rows queued; done: every row sent or failed. */
    status: text('status', { enum: ['draft', 'sending', 'done'] })
      .notNull()
      .default('draft'),
    fileName: text('file_name'),
    /** What every request of the batch shares (signing order, expiry, reminders, message). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by an API key of a company that delivers its signers' links: its requests e-mail none. */
    linksByCompany: boolean('links_by_company').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('signature_request_batches_company_idx').on(table.companyId)],
);

/** One row of a bulk sheet (or one file of a bulk PDF): its values, its problems, its request. */
export const signatureRequestBatchRows = pgTable(
  'signature_request_batch_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => signatureRequestBatches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    /** Field name → value, and `signers`: the signers' attributes as read from the sheet. */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** `[{ column, message }]` in Spanish; empty when the row is valid. */
    errors: jsonb('errors').$type<{ column: string; message: string }[]>().notNull().default([]),
    status: text('status', { enum: ['invalid', 'valid', 'queued', 'sent', 'failed'] }).notNull(),
    failure: text('failure'),
    /** Set in the same transaction that creates the request: a row becomes a request once. */
    requestId: integer('request_id'),
  },
  (table) => [
    uniqueIndex('signature_request_batch_rows_number_unique').on(table.batchId, table.rowNumber),
    uniqueIndex('signature_request_batch_rows_request_unique').on(table.requestId),
    // "Is any row of this batch still queued?" after every job, without walking the sent ones.
    index('signature_request_batch_rows_queued_idx').on(table.batchId).where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * The words a signer is found by in the request history: its name's words, its e-mail whole and
 * the e-mail's pieces ("ana.perez@cliente.co" also gives ana, perez, cliente, co). One expression
 * for the index and the query, so that the query always uses the index.
 */
export const signerSearchDocument = (columns: { name: AnyPgColumn; email: AnyPgColumn }) =>
  sql`to_tsvector('simple', ${columns.name} || ' ' || ${columns.email} || ' ' || translate(${columns.email}, '@.-_+', '     '))`;

/**
 * The words of a recipient's address for the e-mail tracker's search, as signerSearchDocument's:
 * whole words are found through the index, where a trigram search for part of an address read the
 * posting lists of trigrams every address shares ("fir", "@cl", …) at a million e-mails.
 */
export const recipientSearchDocument = (to: AnyPgColumn) =>
  sql`to_tsvector('simple', ${to} || ' ' || translate(${to}, '@.-_+', '     '))`;

/** A signature request: a document group (or uploaded PDFs) sent to signers. */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => documentPackages.id),
    /** The group's version when sent: later edits of the group do not change sent requests. */
    packageVersion: integer('package_version'),
    batchId: integer('batch_id').references(() => signatureRequestBatches.id, { onDelete: 'set null' }),
    source: text('source', { enum: REQUEST_SOURCES }).notNull(),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('in_progress'),
    signingOrder: text('signing_order', { enum: SIGNING_ORDERS }).notNull().default('sequential'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reminderDays: integer('reminder_days'),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    /** The company signs last (auto-sign), once `auto_sign_approver_id` approves. */
    autoSign: boolean('auto_sign').notNull().default(false),
    autoSignApproverId: integer('auto_sign_approver_id').references(() => users.id, { onDelete: 'set null' }),
    autoSignStatus: text('auto_sign_status', { enum: ['pending', 'approved', 'rejected'] }),
    /** Printed on the certificate of completion and in its QR; unique across the platform. */
    validationCode: text('validation_code').notNull(),
    sealStatus: text('seal_status', { enum: SEAL_STATUSES }).notNull().default('not_ready'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when an API-key client created it. */
    apiClient: boolean('api_client').notNull().default(false),
    /**
     * The company hands its signers their links (they came in the API reply): no invitation or
     * reminder e-mail is sent to the signers of this request.
     */
    linksByCompany: boolean('links_by_company').notNull().default(false),
    /**
     * The sender's key for this submission (the form's, or an API client's) and a hash of what
     * was submitted with it: a repeat returns this request instead of sending another
     * (server/requests/sending/idempotency.ts).
     */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Kept by the database from the request's signers (migration 0021): plan units (signers and
     * approvers; copies are free) and the signatures still owed (those who neither signed nor rejected).
     */
    units: integer('units').notNull().default(0),
    signaturesWaiting: integer('signatures_waiting').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('signature_requests_validation_code_unique').on(table.validationCode),
    // One request per key and company, also when two sends with one key race.
    uniqueIndex('signature_requests_idempotency_unique')
      .on(table.companyId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    // The history pages a company's requests newest first, filtered by status or creator.
    index('signature_requests_company_created_idx').on(table.companyId, table.createdAt, table.id),
    index('signature_requests_company_status_idx').on(table.companyId, table.status, table.createdAt),
    // The administrator's history spans every company: newest first, optionally by status.
    index('signature_requests_created_idx').on(table.createdAt, table.id),
    index('signature_requests_status_created_idx').on(table.status, table.createdAt, table.id),
    index('signature_requests_batch_idx').on(table.batchId),
    index('signature_requests_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'in_progress'`),
    // The dashboard's «vencen pronto» of one company.
    index('signature_requests_company_expiry_idx')
      .on(table.companyId, table.expiresAt)
      .where(sql`${table.status} = 'in_progress'`),
  ],
);

/**
 * One document of a request, rendered once at sending: the signers see and the seal covers
 * exactly these bytes (`rendered_sha256`), with the boxes where signing stamps values.
 */
export const signatureRequestDocuments = pgTable(
  'signature_request_documents',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    templateVersionId: integer('template_version_id').references(() => documentTemplateVersions.id),
    /** The values the template was merged with (fields of the sender; signers' fields come later). */
    fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default({}),
    renderedKey: text('rendered_key').notNull(),
    renderedSha256: text('rendered_sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    /**
     * Where each signer's values go: `[{ name, kind, signer, page, x, y, width, height }]` in
     * PDF user space (points, bottom-left origin), from the renderer or the PDF field editor.
     */
    fieldBoxes: jsonb('field_boxes').$type<Record<string, unknown>[]>().notNull().default([]),
    sealedKey: text('sealed_key'),
    sealedSha256: text('sealed_sha256'),
    /** Sizes of the stored files (rendered, sealed), for the storage statistics. */
    renderedBytes: bigint('rendered_bytes', { mode: 'number' }).notNull().default(0),
    sealedBytes: bigint('sealed_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('signature_request_documents_position_unique').on(table.requestId, table.position),
    index('signature_request_documents_sealed_sha_idx').on(table.sealedSha256),
    // Storage statistics sum the sizes per company from this index alone.
    index('signature_request_documents_company_bytes_idx').on(
      table.companyId,
      table.renderedBytes,
      table.sealedBytes,
    ),
  ],
);

export const SIGNER_STATUSES = ['waiting', 'invited', 'viewed', 'signed', 'rejected'] as const;

/** A signer (or approver, or copy recipient) of a request, with the evidence of what they did. */
export const signatureRequestSigners = pgTable(
  'signature_request_signers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** "Firmante N" of the group: fills the template fields of signer N. */
    number: integer('number').notNull(),
    /** Turn in a sequential request (1 first); equal for everyone in a parallel one. */
    turn: integer('turn').notNull(),
    kind: text('kind', { enum: SIGNER_KINDS }).notNull().default('signer'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    idType: text('id_type'),
    idNumber: text('id_number'),
    /** OTP channels and selfie asked of this signer (document group's SIGNER_AUTHENTICATIONS). */
    authentication: jsonb('authentication').$type<string[]>().notNull().default([]),
    /** SHA-256 of the link's token (server/requests/core/tokens.ts); the token is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    /** The link's round: a resend increments it, so the previous link stops working. */
    tokenRound: integer('token_round').notNull().default(1),
    /**
     * Wrong one-time codes typed in round `otp_failures_round` (server/security/otp.ts): summed over
     * every code of that round, 5 lock the link. A count of an earlier round is no count at all,
     * so a new round (a resend) starts clean without anyone resetting it.
     */
    otpFailures: integer('otp_failures').notNull().default(0),
    otpFailuresRound: integer('otp_failures_round').notNull().default(0),
    status: text('status', { enum: SIGNER_STATUSES }).notNull().default('waiting'),
    /** The signer's own field values (text fields a signer fills on the signing page). */
    fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default({}),
    signatureKey: text('signature_key'),
    signatureKind: text('signature_kind', { enum: ['drawn', 'typed', 'uploaded', 'stored'] }),
    selfieKey: text('selfie_key'),
    selfieSha256: text('selfie_sha256'),
    /** Sizes of the stored images (signature, selfie), for the storage statistics. */
    signatureBytes: integer('signature_bytes').notNull().default(0),
    selfieBytes: integer('selfie_bytes').notNull().default(0),
    consentVersion: text('consent_version'),
    /** OTP channel and masked destination that authenticated the signature. */
    otpChannel: text('otp_channel'),
    otpDestination: text('otp_destination'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    rejectionReason: text('rejection_reason'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('signature_request_signers_token_unique').on(table.tokenHash),
    index('signature_request_signers_request_idx').on(table.requestId, table.turn),
    index('signature_request_signers_email_idx').on(sql`lower(${table.email})`),
    // The history's signer filter: the words the sender typed (see typedWordsQuery).
    index('signature_request_signers_search_idx').using('gin', signerSearchDocument(table)),
    // The dashboard's latest rejections: of some companies, or of all of them.
    index('signature_request_signers_company_rejected_idx')
      .on(table.companyId, table.rejectedAt)
      .where(sql`${table.status} = 'rejected'`),
    index('signature_request_signers_rejected_idx')
      .on(table.rejectedAt)
      .where(sql`${table.status} = 'rejected'`),
    // Storage statistics sum the image sizes per company from this index alone.
    index('signature_request_signers_company_bytes_idx').on(
      table.companyId,
      table.signatureBytes,
      table.selfieBytes,
    ),
  ],
);

/**
 * The audit trail of a request, hash-chained (server/pades/audit-chain.ts): each entry's hash
 * covers the previous one's, so an edited, inserted or deleted entry is detected.
 */
export const signatureRequestEvents = pgTable(
  'signature_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 1, 2, … per request: the chain's order; unique, so two writers cannot fork it. */
    sequence: integer('sequence').notNull(),
    signerId: integer('signer_id').references(() => signatureRequestSigners.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** sent, invited, reminded, opened, viewed, otp_sent, otp_failed, otp_validated, signed, rejected, … */
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [uniqueIndex('signature_request_events_sequence_unique').on(table.requestId, table.sequence)],
);

/** One-time codes of signers (server/security/otp.ts `OtpStore`): the code only as an HMAC. */
export const signerOtpCodes = pgTable(
  'signer_otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => signatureRequestSigners.id, { onDelete: 'cascade' }),
    /** The link's round the code was sent in; a code of an earlier round is no longer current. */
    round: integer('round').notNull().default(1),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    /** The signer's company, filled in by the database on insert (migration 0021) for the statistics. */
    companyId: integer('company_id'),
    codeHmac: text('code_hmac').notNull(),
    /** The browser session that asked for the code; another one cannot use it. */
    sessionHash: text('session_hash').notNull(),
    /**
     * `attempts` and `locked_at` counted tries per code; the count is now the signer's and the
     * round's (`signature_request_signers.otp_failures`). No longer read or written; kept so that a
     * process of the previous version still runs while a rolling upgrade replaces it.
     */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('signer_otp_codes_signer_idx').on(table.signerId, table.createdAt),
    // Codes still usable: the few the statistics must not count as failed yet.
    index('signer_otp_codes_unused_idx').on(table.expiresAt).where(sql`used_at IS NULL`),
    index('signer_otp_codes_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

/** Downloads and views of a request's files (save_download_log, document_download_logs.list). */
export const signatureDownloadLogs = pgTable(
  'signature_download_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => signatureRequestDocuments.id, {
      onDelete: 'set null',
    }),
    signerId: integer('signer_id').references(() => signatureRequestSigners.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['view', 'download', 'zip'] }).notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('signature_download_logs_company_idx').on(table.companyId, table.at),
    index('signature_download_logs_request_idx').on(table.requestId, table.at),
  ],
);

/** E-mails sent for a request (invitation, reminder, notice), linked to their outbox row. */
export const signatureRequestEmails = pgTable(
  'signature_request_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: integer('signer_id').references(() => signatureRequestSigners.id, { onDelete: 'set null' }),
    kind: text('kind', {
      enum: [
        'invitation',
        'reminder',
        'signed_notice',
        'rejected_notice',
        'completed',
        'cancelled',
        'expired',
        'approval',
      ],
    }).notNull(),
    /** The outbox row, once the mail job has queued it (the job's idempotency makes it once). */
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailOutbox.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('signature_request_emails_request_idx').on(table.requestId),
    // The e-mail tracker: a company's mail newest first, everyone's newest first (the platform),
    // a search for words of an address, and the outbox row back to its e-mail.
    index('signature_request_emails_company_idx').on(table.companyId, table.createdAt),
    index('signature_request_emails_created_idx').on(table.createdAt, table.id),
    index('signature_request_emails_to_search_idx').using('gin', recipientSearchDocument(table.to)),
    index('signature_request_emails_mail_idx').on(table.mailId),
  ],
);

/** A company's reasons a signer may pick when rejecting (get_signature_rejection_reasons). */
export const signatureRejectionReasons = pgTable(
  'signature_rejection_reasons',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('signature_rejection_reasons_unique').on(table.companyId, sql`lower(${table.reason})`),
  ],
);

/**
 * An uploaded PDF to sign (upload_pdf_template, get_pdf_templates) with the fields placed on its
 * pages in the editor (update_pdf_content): `[{ id, kind, signer, page, x, y, width, height }]`.
 */
export const pdfTemplates = pgTable(
  'pdf_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    /** Size of the stored file, for the storage statistics. */
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Each page's size in points: `[{ width, height }]`. */
    pages: jsonb('pages').$type<{ width: number; height: number }[]>().notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Signers the fields are assigned to: `[{ number, label }]`. */
    signers: jsonb('signers').$type<Record<string, unknown>[]>().notNull().default([]),
    batchId: integer('batch_id').references(() => signatureRequestBatches.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pdf_templates_company_idx').on(table.companyId, table.createdAt),
    check('pdf_templates_page_count_positive', sql`${table.pageCount} > 0`),
  ],
);
