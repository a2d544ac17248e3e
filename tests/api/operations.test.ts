import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/client.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { HEALTH_MESSAGES } from '../../server/http/health.js';
import { METRICS_MESSAGES } from '../../server/http/metrics.js';
import { OPEN_PIXEL_PREFIX } from '../../server/mail/tracking.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { sealRequest } from '../../server/requests/sealing/seal.js';
import { testDatabaseKind } from './support/database.js';
import { signAndComplete } from './support/signedRequest.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789abcdef';

/** A loopback port that accepts connections and never answers (a hung database server). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a stopped database server). */
async function closedPort(): Promise<number> {
  const probe = await silentServer();
  await probe.close();
  return probe.port;
}

/** The app of `t` over another database (the rest of its dependencies unchanged). */
async function appOver(t: TestApp, databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const app = await buildApp({ ...t.deps, database });
  await app.ready();
  return {
    ready: () => app.inject({ url: '/health/ready' }),
    close: async () => {
      await app.close();
      // The pool may still wait on a hung server: ending it must not hang the test.
      void database.close().catch(() => {});
    },
  };
}

describe(`health probes on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers live and ready while the process serves on a migrated database', async () => {
    const live = await t.app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('is not ready while the PostgreSQL server is unreachable', async () => {
    const stopped = await appOver(t, `postgresql://rubrica@127.0.0.1:${await closedPort()}/rubrica`);
    try {
      const ready = await stopped.ready();
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: HEALTH_MESSAGES.database });
    } finally {
      await stopped.close();
    }
  });

  it('is not ready when the database does not answer within the timeout', async () => {
    const hung = await silentServer();
    const app = await appOver(t, `postgresql://rubrica@127.0.0.1:${hung.port}/rubrica`);
    try {
      const ready = await app.ready();
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe(HEALTH_MESSAGES.database);
    } finally {
      await app.close();
      await hung.close();
    }
  });

  it('is not ready while a migration of this build is still missing', async () => {
    const db = t.deps.database.db;
    await db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', message: HEALTH_MESSAGES.migrations });
    // Still alive: a restart would not help, the migration has to run.
    expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is off (404, in Spanish) while METRICS_TOKEN is unset', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: METRICS_MESSAGES.off });
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = () => t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN } });
    });
    afterAll(() => t.close());

    it('answers only the bearer of the token', async () => {
      for (const headers of [
        {},
        bearer('otro-token-de-metricas-0123456789'),
        { authorization: METRICS_TOKEN },
      ]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: METRICS_MESSAGES.token });
        expect(response.body).not.toContain(METRICS_TOKEN);
      }
      const response = await scrape();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('times requests by route pattern, never by a URL that carries a token', async () => {
      const signerLink = 'enlace-secreto-del-firmante-9f8e7d';
      const mailId = '3f1d2c4b-aaaa-bbbb-cccc-0123456789ab';
      await t.app.inject({ url: '/api/health' });
      await t.app.inject({ url: `/signature-request/${signerLink}` });
      await t.app.inject({ url: `${OPEN_PIXEL_PREFIX}/${mailId}.gif` });
      await t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: 'x@y.test', password: signerLink },
      });
      const text = (await scrape()).body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="POST",route="\/api\/users\/signin",status_code="401"\} 1/,
      );
      expect(text).toContain(`route="${OPEN_PIXEL_PREFIX}/:file"`);
      for (const secret of [signerLink, mailId, METRICS_TOKEN]) expect(text).not.toContain(secret);
      // No label value is a raw path with a value in it: each route label is a registered pattern.
      const routes = new Set(t.app.registeredRoutes.map((route) => route.url));
      const labelled = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!);
      expect(labelled.length).toBeGreaterThan(0);
      expect(labelled.filter((route) => !routes.has(route) && route !== 'unmatched')).toEqual([]);
    });

    it('counts jobs waiting and failed by kind, e-mail outcomes and seal latency', async () => {
      const { queue } = t.deps;
      queue.register('prueba.falla', async () => {
        throw new Error('falla a propósito');
      });
      queue.register('prueba.espera', async () => {});
      await queue.enqueue('prueba.falla', {}, { maxAttempts: 1 });
      await t.deps.mailer.send({ to: 'destino@metricas.test', subject: 'Hola', text: 'Hola' });
      const db = t.deps.database.db;
      const companyId = await createCompany(db, { fiscalName: 'Métricas S.A.S.', taxId: '901000888-1' });
      const createdBy = await createUser(db, {
        companyId,
        name: 'Remitente',
        lastName: 'Métricas',
        email: 'remitente@metricas.test',
        password: 'Remitente-2026',
      });
      const request = await createTestRequest(t.deps, {
        companyId,
        createdBy,
        signers: [{ name: 'Firmante Métricas', email: 'firmante@metricas.test' }],
      });
      await signAndComplete(t.deps, request);
      await queue.drain();
      await sealRequest(t.deps, request.requestId);
      // Enqueued after the drain: two ready jobs wait for a worker.
      await queue.enqueue('prueba.espera', { n: 1 });
      await queue.enqueue('prueba.espera', { n: 2 });

      const text = (await scrape()).body;
      expect(text).toMatch(/job_failures_total\{kind="prueba.falla",final="true"\} 1/);
      expect(text).toMatch(/job_queue_depth\{kind="prueba.espera"\} 2/);
      expect(text).toMatch(/job_queue_depth\{kind="mail.send"\} \d+/);
      expect(text).toMatch(/job_queue_oldest_age_seconds\{kind="prueba.espera"\} \d/);
      expect(text).toMatch(/mail_outcomes_total\{outcome="sent"\} [1-9]/);
      expect(text).toMatch(/seal_latency_seconds_count 1/);
    });
  });
});
