import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { HttpProblem, MESSAGES } from '../errors.js';

export type RateLimit = { key: string; max: number; windowSeconds: number };

const tooMany = (seconds: number) =>
  new HttpProblem(429, MESSAGES.rateLimited(seconds), undefined, { 'retry-after': String(seconds) });

/** Counts one hit in the key's fixed window (kept in the database, shared by every server process). */
async function countHit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
    INSERT INTO rate_limits AS r (key, window_start, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE r.hits + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ${windowSeconds})
                          THEN now() ELSE r.window_start END
    RETURNING hits,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int
        AS retry_after`,
  );
  return { hits: Number(row?.hits ?? 0), retryAfter: Number(row?.retry_after ?? windowSeconds) };
}

/** Counts a hit; past `max` hits in the window → 429 with Retry-After. */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const { hits, retryAfter } = await countHit(db, key, windowSeconds);
  if (hits > max) throw tooMany(retryAfter);
}

/**
 * 429 when the key already holds `max` hits in its current window, without counting one. With
 * `recordRateLimitHit` it limits failures only: checked before the attempt, counted when it fails.
 */
export async function checkRateLimit(db: Db, limit: RateLimit): Promise<void> {
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
    SELECT hits,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${limit.windowSeconds}) - now()))))::int
        AS retry_after
    FROM rate_limits
    WHERE key = ${limit.key} AND window_start > now() - make_interval(secs => ${limit.windowSeconds})`,
  );
  if (row && Number(row.hits) >= limit.max) throw tooMany(Number(row.retry_after));
}

/** Counts one failure toward a limit checked by `checkRateLimit`. */
export async function recordRateLimitHit(db: Db, limit: RateLimit): Promise<void> {
  await countHit(db, limit.key, limit.windowSeconds);
}

/** Forgets a key's hits (e.g. the account proved who it is by resetting its password). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
