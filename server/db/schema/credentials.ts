import {
  index,
  inet,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A sign-in waiting for its second factor. The e-mailed code is stored only as an HMAC; a
 * resend replaces it, and the challenge dies after too many wrong codes or once used.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Codes e-mailed for this challenge (the first one included). */
    sends: integer('sends').notNull().default(1),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the right code was used, or when a newer sign-in or a password change closed it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('login_challenges_user_idx').on(table.userId)],
);

/** Single-use password reset links; the token travels only in the e-mail, the table keeps its HMAC. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** reset: "forgot my password"; invitation: a new user's first password. */
    purpose: text('purpose', { enum: ['reset', 'invitation'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: inet('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_idx').on(table.userId),
  ],
);
