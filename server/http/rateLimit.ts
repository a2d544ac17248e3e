import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { HttpProblem, MESSAGES } from '../errors.js';

/**
 * Counts a hit in a fixed window kept in the database (shared by every server process);
 * past `max` hits → 429 with Retry-After.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
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
  if (row && row.hits > max) {
    const seconds = Number(row.retry_after);
    throw new HttpProblem(429, MESSAGES.rateLimited(seconds), undefined, { 'retry-after': String(seconds) });
  }
}
