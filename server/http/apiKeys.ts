import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies } from '../db/schema/index.js';

/** Visible start of every key, so that one found in a log or a repository is recognisable. */
export const API_KEY_PREFIX = 'rk_';

/**
 * A new API key: 256 random bits from the CSPRNG. Only its sha256 is stored (a key this long
 * needs no slow hash) plus its first characters for display; the key itself is shown once.
 */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 8) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The live company an API key belongs to, or null (for the API-key authentication to come). */
export async function companyIdForApiKey(db: Db, key: string): Promise<number | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.apiKeyHash, hashApiKey(key)), isNull(companies.deletedAt)));
  return row?.id ?? null;
}
