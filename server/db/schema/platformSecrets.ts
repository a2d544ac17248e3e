import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * On PostgreSQL, what every server process must share: the session secret and the platform's CA,
 * seal and timestamp keys. Created once under an advisory lock; secrets and private keys are
 * encrypted (AES-256-GCM) with SECRETS_KEY, certificates are plain PEM.
 */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
