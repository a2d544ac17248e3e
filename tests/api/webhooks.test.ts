import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { createCompany } from '../../server/db/factories.js';
import { jobs, webhookDeliveries, webhookEndpoints } from '../../server/db/schema/index.js';
import { HttpProblem } from '../../server/errors.js';
import { secretBox } from '../../server/webhooks/secretBox.js';
import {
  emitWebhookEvent,
  listWebhookDeliveries,
  registerWebhookEndpoint,
  WEBHOOK_QUEUE,
} from '../../server/webhooks/webhooks.js';
import { freePort } from './support/processes.js';
import { createTestApp, type TestApp } from './support/testApp.js';

type Received = { path: string; body: string; signature: string; event: string; valid: boolean };

/**
 * A loopback receiver that checks each request's signature with its own HMAC code, answers the
 * status its script says for each request to a path, then 200.
 */
async function startReceiver(secrets: Map<string, string>, script: Map<string, number[]>) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      const path = request.url ?? '';
      const signature = String(request.headers['rubrica-signature'] ?? '');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
      const secret = secrets.get(path) ?? '';
      const expected = match
        ? createHmac('sha256', secret).update(`${match[1]}.${body}`).digest()
        : Buffer.alloc(32);
      const fresh = match ? Math.abs(Date.now() / 1000 - Number(match[1])) < 300 : false;
      const valid = !!match && fresh && timingSafeEqual(Buffer.from(match[2]!, 'hex'), expected);
      received.push({ path, body, signature, event: String(request.headers['rubrica-event']), valid });
      const status = script.get(path)?.shift() ?? 200;
      response.writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/otro' } : {});
      response.end(valid ? 'ok' : 'firma inválida');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { received, url: (path: string) => `http://127.0.0.1:${port}${path}`, close: () => server.close() };
}

describe('outgoing webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secrets = new Map<string, string>();
  const script = new Map<string, number[]>();
  let companyA: number;
  let companyB: number;

  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startReceiver(secrets, script);
    companyA = await createCompany(t.deps.database.db, { fiscalName: 'Andina Firmas', taxId: '900111222-1' });
    companyB = await createCompany(t.deps.database.db, {
      fiscalName: 'Caribe Contratos',
      taxId: '800333444-2',
    });
  });
  afterAll(async () => {
    receiver.close();
    await t.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const register = async (companyId: number, path: string, events: string[]) => {
    const endpoint = await registerWebhookEndpoint(t.deps, { companyId, url: receiver.url(path), events });
    secrets.set(path, endpoint.secret);
    return endpoint;
  };
  const makeDue = () =>
    t.deps.database.db.execute(
      sql`UPDATE jobs SET run_at = now() WHERE queue = ${WEBHOOK_QUEUE} AND status = 'pending'`,
    );
  const secondsUntil = (date: Date | null) => (date ? (date.getTime() - Date.now()) / 1000 : null);

  it('signs, retries with growing back-off after two failures, then delivers and logs every attempt', async () => {
    const endpoint = await register(companyA, '/a/firmas', ['signer.signed', 'request.completed']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    script.set('/a/firmas', [503, 500]);

    const { eventId, deliveryIds } = await emitWebhookEvent(t.deps, {
      companyId: companyA,
      event: 'signer.signed',
      data: { requestId: 41, signer: 'firmante@cliente.test' },
    });
    expect(deliveryIds).toHaveLength(1);

    await t.deps.queue.drain();
    let [log] = await listWebhookDeliveries(t.deps, { companyId: companyA });
    expect(log).toMatchObject({ status: 'pending', eventId, event: 'signer.signed' });
    expect(log!.attempts.map((attempt) => attempt.statusCode)).toEqual([503]);
    // First retry after 5 s (the queue's back-off), the next after 10 s.
    expect(secondsUntil(log!.nextAttemptAt)).toBeGreaterThan(3);
    expect(secondsUntil(log!.nextAttemptAt)).toBeLessThanOrEqual(5);
    expect(await t.deps.queue.drain()).toBe(0);

    await makeDue();
    await t.deps.queue.drain();
    [log] = await listWebhookDeliveries(t.deps, { companyId: companyA });
    expect(log!.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 500]);
    expect(secondsUntil(log!.attempts[1]!.nextAttemptAt)).toBeGreaterThan(8);
    expect(log!.attempts[1]!.error).toBe('El receptor respondió 500');

    await makeDue();
    await t.deps.queue.drain();
    [log] = await listWebhookDeliveries(t.deps, { companyId: companyA });
    expect(log).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(log!.deliveredAt).toBeInstanceOf(Date);
    expect(log!.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 503],
      [2, 500],
      [3, 200],
    ]);
    for (const attempt of log!.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(log!.attempts[2]!.nextAttemptAt).toBeNull();

    // Three requests, each correctly signed, all with the same body (and event id).
    expect(receiver.received.map((request) => request.valid)).toEqual([true, true, true]);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      id: eventId,
      type: 'signer.signed',
      companyId: companyA,
      data: { requestId: 41, signer: 'firmante@cliente.test' },
    });
    expect(receiver.received[0]!.event).toBe('signer.signed');
  });

  it('delivers an event emitted twice with the same id once, and only to endpoints listening to it', async () => {
    const listening = await register(companyA, '/a/rechazos', ['signer.rejected']);
    await register(companyA, '/a/otros', ['request.sent']);
    const paused = await register(companyA, '/a/pausado', ['signer.rejected']);
    await t.deps.database.db
      .update(webhookEndpoints)
      .set({ active: false })
      .where(eq(webhookEndpoints.id, paused.id));
    const event = { companyId: companyA, event: 'signer.rejected' as const, data: { requestId: 7 } };
    const first = await emitWebhookEvent(t.deps, {
      ...event,
      eventId: '6f1c1e0c-1d5e-4c43-9a7c-3b0b1f7d2a11',
    });
    const again = await emitWebhookEvent(t.deps, {
      ...event,
      eventId: '6f1c1e0c-1d5e-4c43-9a7c-3b0b1f7d2a11',
    });
    expect(again.deliveryIds).toEqual(first.deliveryIds);
    await t.deps.queue.drain();
    expect(receiver.received.map((request) => request.path)).toEqual(['/a/rechazos']);
    const deliveries = await listWebhookDeliveries(t.deps, { companyId: companyA, endpointId: listening.id });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'delivered' });
  });

  it("keeps companies apart: B's event never reaches A's endpoint, nor A's log", async () => {
    await register(companyB, '/b/firmas', ['signer.signed']);
    await emitWebhookEvent(t.deps, { companyId: companyB, event: 'signer.signed', data: { requestId: 9 } });
    await t.deps.queue.drain();
    expect(receiver.received.map((request) => request.path)).toEqual(['/b/firmas']);
    const ofB = await listWebhookDeliveries(t.deps, { companyId: companyB });
    expect(ofB).toHaveLength(1);
    const ofA = await listWebhookDeliveries(t.deps, { companyId: companyA });
    expect(ofA.some((delivery) => delivery.id === ofB[0]!.id)).toBe(false);
  });

  it('gives up after the last attempt, and does not follow redirects', async () => {
    await register(companyA, '/a/vencidas', ['request.expired']);
    script.set('/a/vencidas', [302, 500, 500]);
    const { deliveryIds } = await emitWebhookEvent(t.deps, {
      companyId: companyA,
      event: 'request.expired',
      data: { requestId: 12 },
    });
    await t.deps.database.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.queue, WEBHOOK_QUEUE));
    await t.deps.queue.drain();
    await makeDue();
    await t.deps.queue.drain();
    const [delivery] = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryIds[0]!));
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastStatusCode: 500,
      nextAttemptAt: null,
    });
    // The 302 was reported, not followed to its target.
    expect(receiver.received.map((request) => request.path)).toEqual(['/a/vencidas', '/a/vencidas']);
    const [log] = await listWebhookDeliveries(t.deps, { companyId: companyA });
    expect(log!.attempts.map((attempt) => attempt.statusCode)).toEqual([302, 500]);
  });

  it('records an unreachable receiver as a failed attempt to retry', async () => {
    const endpoint = await registerWebhookEndpoint(t.deps, {
      companyId: companyB,
      url: `http://127.0.0.1:${await freePort()}/nadie`,
      events: ['signer.viewed'],
    });
    await emitWebhookEvent(t.deps, { companyId: companyB, event: 'signer.viewed', data: {} });
    await t.deps.queue.drain();
    const [log] = await listWebhookDeliveries(t.deps, { companyId: companyB, endpointId: endpoint.id });
    expect(log).toMatchObject({ status: 'pending' });
    expect(log!.attempts[0]).toMatchObject({ attempt: 1, statusCode: null });
    expect(log!.attempts[0]!.error).toMatch(/^No se pudo entregar: .*ECONNREFUSED/);
  });

  it('fails a delivery whose secret cannot be read (sealed under another server secret) without retrying', async () => {
    const { id } = await register(companyB, '/b/rotado', ['request.completed']);
    await t.deps.database.db
      .update(webhookEndpoints)
      .set({ secretCiphertext: secretBox('otra-clave-de-servidor-de-32-caracteres').seal('whsec_viejo') })
      .where(eq(webhookEndpoints.id, id));
    const { deliveryIds } = await emitWebhookEvent(t.deps, {
      companyId: companyB,
      event: 'request.completed',
      data: {},
    });
    await t.deps.queue.drain();
    const [delivery] = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryIds[0]!));
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery?.lastError).toMatch(/secreto de firma no se puede leer/);
    expect(receiver.received).toEqual([]);
  });

  it('stores the signing secret encrypted and refuses bad addresses and events in Spanish', async () => {
    const { id, secret } = await register(companyA, '/a/secreto', ['request.completed']);
    const [row] = await queryRows<{ secret_ciphertext: string }>(
      t.deps.database.db,
      sql`SELECT secret_ciphertext FROM webhook_endpoints WHERE id = ${id}`,
    );
    expect(row!.secret_ciphertext).not.toContain(secret.slice(6));
    const refused = async (url: string, events: string[]) => {
      const error = await registerWebhookEndpoint(t.deps, { companyId: companyA, url, events }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(HttpProblem);
      return `${error.statusCode} ${error.message}`;
    };
    expect(await refused('ftp://cliente.example.co/', ['request.sent'])).toMatch(
      /^422 .*http:\/\/ o https:\/\//,
    );
    expect(await refused('https://u:p@cliente.example.co/', ['request.sent'])).toMatch(
      /^422 .*usuario ni contraseña/,
    );
    expect(await refused('https://cliente.example.co/', [])).toMatch(/^422 Elija al menos un evento/);
    expect(await refused('https://cliente.example.co/', ['request.deleted'])).toMatch(
      /^422 Elija al menos un evento/,
    );
  });
});
