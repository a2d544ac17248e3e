import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type BuildOptions, buildApp } from '../../../server/app.js';
import { bootstrap } from '../../../server/bootstrap.js';
import { loadConfig } from '../../../server/config.js';
import type { Clock, Deps } from '../../../server/deps.js';
import { createLogger } from '../../../server/logger.js';
import type { MailTransport } from '../../../server/mail/mailer.js';
import { createTestDatabase, TEST_SECRETS_KEY } from './database.js';

export const ADMIN = { email: 'admin@rubrica.test', password: 'Admin-Prueba-2026' } as const;

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  signin(email: string, password: string): Promise<string>;
  close(): Promise<void>;
};

export type TestAppOptions = BuildOptions & {
  env?: Record<string, string>;
  transport?: MailTransport;
  /** A clock the test controls (services read "now" from it). */
  clock?: Clock;
  /** A logger of the test's own (to read what the app logs); silent by default. */
  logger?: Logger;
  /** Runs after the app is built and before it is ready (to add routes, hooks). */
  extend?: (app: FastifyInstance, deps: Deps) => void;
};

/** A real app (real database, migrations, seed, outbox mailer) driven with `app.inject()`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rubrica-test-'));
  const { database, dispose } = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    // Tests sign in many times from one address; the limit itself has its own test.
    SIGNIN_RATE_LIMIT_PER_MINUTE: '10000',
    // Webhook receivers of the tests listen on loopback; the refusal itself has its own tests.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // On PostgreSQL the session secret and the platform's keys are kept in the database, encrypted.
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...options.env,
  });
  const { deps } = await bootstrap({
    config,
    logger: options.logger ?? createLogger('silent'),
    database,
    transport: options.transport,
    clock: options.clock,
  });
  const app = await buildApp(deps, options);
  options.extend?.(app, deps);
  await app.ready();
  return {
    app,
    deps,
    async signin(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`signin ${email}: ${response.statusCode} ${response.body}`);
      return response.json().data.token as string;
    },
    async close() {
      await deps.queue.stop();
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
