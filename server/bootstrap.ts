import type { Logger } from 'pino';
import { loadClusterSecrets } from './clusterSecrets.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { type SeedResult, seedBaseOnce } from './db/seed.js';
import { type Clock, type Deps, systemClock } from './deps.js';
import { declareIdempotencySweep } from './http/idempotency.js';
import { createTokenSigner } from './http/tokens.js';
import { JobQueue } from './jobs/queue.js';
import { Scheduler } from './jobs/scheduler.js';
import { createMailer, type MailTransport, outboxTransport, smtpTransport } from './mail/mailer.js';
import { createMetrics } from './metrics.js';
import { registerDownloadRequestJob } from './modules/companies/downloads.service.js';
import { registerNotificationEmailJob } from './modules/publishing/notificationEmails.js';
import { registerPasswordResetJob } from './modules/session/password.service.js';
import { setSharedRenderTimeout } from './modules/templates/templateRender.service.js';
import { REQUEST_CORE } from './requests/bulk/requestCore.js';
import { registerBulkRowJob } from './requests/bulk/rowJob.js';
import { registerRequestMailJob } from './requests/core/mail.js';
import { registerPagesJob } from './requests/core/pages.js';
import { declareRequestSchedule } from './requests/history/schedule.js';
import { registerBulkPdfJob } from './requests/pdf/pdfSend.service.js';
import { registerSealJob } from './requests/sealing/seal.js';
import { loadSecrets } from './secrets.js';
import { storageFromConfig } from './storage/fromConfig.js';
import type { FileStorage } from './storage/storage.js';
import { registerWebhookDeliveryJob } from './webhooks/webhooks.js';

export type BootstrapOptions = {
  config: Config;
  logger: Logger;
  /** A database opened elsewhere (tests); otherwise from DATABASE_URL or PGlite in DATA_DIR. */
  database?: Database;
  clock?: Clock;
  transport?: MailTransport;
  /** Another file store (tests); otherwise the configured one (STORAGE_DRIVER), on disk by default. */
  storage?: FileStorage;
};

/** Opens the database, applies migrations, seeds, and wires the services' dependencies. */
export async function bootstrap(options: BootstrapOptions): Promise<{ deps: Deps; seed: SeedResult }> {
  const { config, logger } = options;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await applyMigrations(database);
  // PostgreSQL may serve several processes: they share secrets and keys through the database.
  // Before the seed, so that a start refused for SECRETS_KEY creates no administrator whose
  // generated password nobody saw.
  const secrets =
    database.kind === 'postgresql'
      ? await loadClusterSecrets(config, database)
      : loadSecrets(config.DATA_DIR, { sessionSecret: config.SESSION_SECRET });
  const seed = await seedBaseOnce(database, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  const metrics = createMetrics({ db: database.db, queues: () => queue.kinds() });
  const queue = new JobQueue(database.db, {
    logger,
    leaseSeconds: config.JOB_LEASE_SECONDS,
    pollMs: config.JOB_POLL_MS,
    metrics,
  });
  const clock = options.clock ?? systemClock;
  setSharedRenderTimeout(config.RENDER_TIMEOUT_SECONDS * 1000);
  const scheduler = new Scheduler(queue, { logger, clock, tickMs: config.JOB_POLL_MS });
  const transport = options.transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport);
  const storage = options.storage ?? (await storageFromConfig(config));
  const mailer = createMailer({
    db: database.db,
    queue,
    transport,
    from: config.MAIL_FROM,
    trackingBaseUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
    storage,
    metrics,
  });
  const deps: Deps = {
    config,
    database,
    queue,
    scheduler,
    mailer,
    secrets,
    storage,
    tokens: createTokenSigner(secrets.sessionSecret),
    clock,
    logger,
    metrics,
  };
  // Work that modules hand to the durable queue (the mailer registered its own above).
  registerPasswordResetJob(deps);
  registerNotificationEmailJob(deps);
  registerDownloadRequestJob(deps);
  registerWebhookDeliveryJob(deps);
  registerRequestMailJob(deps);
  registerBulkPdfJob(deps);
  registerSealJob(deps);
  registerPagesJob(deps);
  declareRequestSchedule(deps);
  declareIdempotencySweep(deps);
  registerBulkRowJob(deps, REQUEST_CORE);
  return { deps, seed };
}
