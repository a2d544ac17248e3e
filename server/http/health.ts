import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { migrationStatus } from '../db/migrate.js';
import type { Deps } from '../deps.js';

/** Probes for a process manager or load balancer; outside the contract and the API docs. */
export const HEALTH_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

/** A database slower than this to answer `select 1` counts as unreachable. */
export const READINESS_TIMEOUT_MS = 2000;

export const HEALTH_MESSAGES = {
  database: 'La base de datos no responde',
  migrations: 'Las migraciones de la base de datos no han terminado',
} as const;

/** Rejects after `ms` unless `work` settled first. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('tiempo agotado')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Why this process should not get traffic now, or null when it is ready. */
export async function unreadyReason(db: Db, timeoutMs = READINESS_TIMEOUT_MS): Promise<string | null> {
  try {
    await within(db.execute(sql`select 1`), timeoutMs);
  } catch {
    return HEALTH_MESSAGES.database;
  }
  // Fewer than this build ships: its code may need what is missing. More (a newer build migrated
  // during a rolling deploy) is fine: migrations only add what older code can ignore.
  const status = await within(migrationStatus(db), timeoutMs).catch(() => null);
  if (!status) return HEALTH_MESSAGES.database;
  return status.applied < status.total ? HEALTH_MESSAGES.migrations : null;
}

/**
 * `GET /health/live`: 200 while the process serves requests. `GET /health/ready`: 200 only when
 * the database answers and every migration is applied, else 503 with the reason. The process
 * listens only once its migrations are done (server/main.ts), so a starting one refuses the
 * connection meanwhile, which probes read as not ready.
 */
export function installHealth(app: FastifyInstance, deps: Pick<Deps, 'database'>): void {
  app.get(HEALTH_PATHS.live, async () => ({ status: 'ok' }));
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const reason = await unreadyReason(deps.database.db);
    if (reason)
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', message: reason });
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
}
