import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, companyApiKeys } from '../db/schema/index.js';

/** Visible start of every key, so that one found in a log or a repository is recognisable. */
export const API_KEY_PREFIX = 'rk_';

/** The name of the key a company gets when created (and that «regenerate» replaces). */
export const PRINCIPAL_KEY_NAME = 'Principal';

/** How often a key's last-used time is written at most: a busy key does not write on every call. */
export const LAST_USED_PRECISION_SECONDS = 60;

/**
 * A new API key: 256 random bits from the CSPRNG. Only its sha256 is stored (a key this long
 * needs no slow hash) plus its first characters for display; the key itself is shown once.
 */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 8) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The key a call carries, as the guard needs it: which key, whose, and whether it was revoked. */
export type ApiKeyHolder = { keyId: number; name: string; companyId: number; revoked: boolean };

/** The key row of a live company matching `key`, revoked or not; null for an unknown key. */
export async function findApiKey(db: Db, key: string): Promise<ApiKeyHolder | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .select({
      keyId: companyApiKeys.id,
      name: companyApiKeys.name,
      companyId: companyApiKeys.companyId,
      revokedAt: companyApiKeys.revokedAt,
    })
    .from(companyApiKeys)
    .innerJoin(companies, eq(companies.id, companyApiKeys.companyId))
    .where(and(eq(companyApiKeys.hash, hashApiKey(key)), isNull(companies.deletedAt)));
  if (!row) return null;
  return { keyId: row.keyId, name: row.name, companyId: row.companyId, revoked: row.revokedAt !== null };
}

/** Notes that a key was used, unless it already was within the last minute (one write a minute at most). */
export async function touchApiKey(db: Db, keyId: number): Promise<void> {
  await db
    .update(companyApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(companyApiKeys.id, keyId),
        or(
          isNull(companyApiKeys.lastUsedAt),
          lt(companyApiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_PRECISION_SECONDS})`),
        ),
      ),
    );
}
