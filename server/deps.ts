import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { TokenSigner } from './http/tokens.js';
import type { JobQueue } from './jobs/queue.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { Mailer } from './mail/mailer.js';
import type { Metrics } from './metrics.js';
import type { Secrets } from './secrets.js';
import type { FileStorage } from './storage/storage.js';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Everything services need, built once by main.ts (or a test) and handed to buildApp. */
export type Deps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  /** Recurring jobs (reminders, expiry sweeps) declared in code, run once per slot. */
  scheduler: Scheduler;
  mailer: Mailer;
  secrets: Secrets;
  /** Uploaded and generated files (logos, banners, prepared downloads), by key. */
  storage: FileStorage;
  tokens: TokenSigner;
  clock: Clock;
  logger: Logger;
  /** Prometheus instruments (served at GET /metrics when METRICS_TOKEN is set). */
  metrics: Metrics;
};

/** The signed-in caller, as the route layer established it from the session. */
export type Actor = {
  userId: number;
  sessionId: string;
  companyId: number;
  roleId: number;
  permissions: ReadonlySet<string>;
  /** The administrator acting as this user, while impersonating. */
  impersonatorUserId: number | null;
  /** Companies whose records this actor may see: 'all' for the platform company. */
  visibleCompanyIds: 'all' | readonly number[];
  /** A server-to-server client with the company's API key: no user, no session (userId 0). */
  apiClient?: boolean;
  /** The API key of an `apiClient` call: audited as the actor's detail (never the key itself). */
  apiKey?: { id: number; name: string };
};

/** The user a record names as its author: none for an API-key client (no user acts). */
export const actingUserId = (actor: Actor): number | null => (actor.apiClient ? null : actor.userId);

export function canSeeCompany(actor: Actor, companyId: number): boolean {
  return actor.visibleCompanyIds === 'all' || actor.visibleCompanyIds.includes(companyId);
}
