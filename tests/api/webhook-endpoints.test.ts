import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS } from '../../contract/endpoints/webhooks.js';
import { queryRows } from '../../server/db/client.js';
import { createCompany } from '../../server/db/factories.js';
import { secretBox } from '../../server/webhooks/secretBox.js';
import { verifySignature } from '../../server/webhooks/signature.js';
import { emitWebhookEvent } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { isSpanishMessage } from './support/sweep.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';
import { startWebhookReceiver } from './support/webhookReceiver.js';

const PASSWORD = 'Webhooks-Prueba-2026';

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; token: string; payload?: object };
const call = async (app: TestApp, { method, url, token, payload }: Call) => {
  const response = await app.app.inject({ method, url: `/api/${url}`, payload, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
};

describe(`company webhooks through the API on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const api = (request: Call) => call(t, request);

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.execute(sql`DELETE FROM webhook_endpoints`);
    receiver.received.length = 0;
  });

  const add = (companyId: number, payload: object, token = tokens.elena) =>
    api({ method: 'POST', url: `company_webhooks/${companyId}`, token, payload });

  it('adds an endpoint (201, secret once), lists it without the secret, logs its delivery and deletes it', async () => {
    const added = await add(ids.andina, {
      url: receiver.url('/andina'),
      events: ['request.sent', 'request.completed', 'request.sent'],
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toMatch(/no se vuelve a mostrar/);
    const { secret, ...endpoint } = added.body.data;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint).toMatchObject({
      url: receiver.url('/andina'),
      events: ['request.sent', 'request.completed'],
      active: true,
    });

    const listed = await api({ method: 'GET', url: `company_webhooks/${ids.andina}`, token: tokens.elena });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(6));

    await emitWebhookEvent(t.deps, { companyId: ids.andina, event: 'request.sent', data: { requestId: 7 } });
    await emitWebhookEvent(t.deps, {
      companyId: ids.andina,
      event: 'signer.viewed',
      data: { requestId: 7 },
    });
    await t.deps.queue.drain();
    expect(receiver.received).toHaveLength(1);
    expect(verifySignature(receiver.received[0]!.signature, receiver.received[0]!.body, secret)).toBe(true);

    await emitWebhookEvent(t.deps, {
      companyId: ids.andina,
      event: 'request.completed',
      data: { requestId: 7 },
    });
    const log = await api({
      method: 'GET',
      url: `company_webhook_deliveries/${ids.andina}`,
      token: tokens.elena,
    });
    expect(log.status).toBe(200);
    // Newest first: the completed event is still pending, the sent one was delivered at once.
    expect(log.body.data.map((each: { event: string; status: string }) => [each.event, each.status])).toEqual(
      [
        ['request.completed', 'pending'],
        ['request.sent', 'delivered'],
      ],
    );
    expect(log.body.data[1]).toMatchObject({
      endpoint_id: endpoint.id,
      endpoint_url: receiver.url('/andina'),
      attempts: [{ attempt: 1, status_code: 200, error: null, next_attempt_at: null }],
    });
    expect(log.body.data[1].attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
    await t.deps.queue.drain();

    const deleted = await api({
      method: 'DELETE',
      url: `company_webhooks/delete/${endpoint.id}`,
      token: tokens.elena,
    });
    expect(deleted).toMatchObject({ status: 200, body: { data: { id: endpoint.id } } });
    expect(
      (await api({ method: 'GET', url: `company_webhooks/${ids.andina}`, token: tokens.elena })).body.data,
    ).toEqual([]);
    const again = await api({
      method: 'DELETE',
      url: `company_webhooks/delete/${endpoint.id}`,
      token: tokens.elena,
    });
    expect(again.status).toBe(404);
    expect(isSpanishMessage(again.body.message)).toBe(true);
  });

  it('are documented in /api/docs, the addition with its 201 reply and an example', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const addition = document.paths['/api/company_webhooks/{companyId}'].post;
    expect(addition.operationId).toBe('addCompanyWebhook');
    expect(Object.keys(addition.responses)).toContain('201');
    expect(Object.keys(addition.responses)).not.toContain('200');
    expect(addition.requestBody.content['application/json'].example.events).toContain('request.sent');
    expect(document.paths['/api/company_webhooks/delete/{id}'].delete.operationId).toBe(
      'deleteCompanyWebhook',
    );
    expect(document.paths['/api/company_webhook_deliveries/{companyId}'].get.summary).toMatch(/más reciente/);
  });

  it('keeps each company to its own webhooks and asks for the company permission', async () => {
    const caribe = await add(
      ids.caribe,
      { url: receiver.url('/caribe'), events: ['signer.signed'] },
      tokens.admin,
    );
    expect(caribe.status).toBe(201);
    const probes: Call[] = [
      { method: 'GET', url: `company_webhooks/${ids.caribe}`, token: tokens.elena },
      { method: 'GET', url: `company_webhook_deliveries/${ids.caribe}`, token: tokens.elena },
      { method: 'DELETE', url: `company_webhooks/delete/${caribe.body.data.id}`, token: tokens.elena },
      {
        method: 'POST',
        url: `company_webhooks/${ids.caribe}`,
        token: tokens.elena,
        payload: { url: receiver.url('/x'), events: ['request.sent'] },
      },
    ];
    for (const probe of probes) expect((await api(probe)).status, probe.url).toBe(404);
    // The operator may send requests but not manage the company's integrations.
    const operator = await api({ method: 'GET', url: `company_webhooks/${ids.andina}`, token: tokens.oscar });
    expect(operator.status).toBe(403);
    // A company manages its branch's webhooks, as it manages the branch.
    expect((await add(ids.branch, { url: receiver.url('/cali'), events: ['request.sent'] })).status).toBe(
      201,
    );
    const [row] = await queryRows<{ total: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS total FROM webhook_endpoints WHERE company_id = ${ids.caribe}`,
    );
    expect(row!.total).toBe(1);
  });

  it('refuses bad addresses and events with 422 and more than the limit with 409, in Spanish', async () => {
    const refused = async (payload: object) => {
      const reply = await add(ids.andina, payload);
      expect(reply.status, JSON.stringify(payload)).toBe(422);
      expect(isSpanishMessage(reply.body.message)).toBe(true);
      return `${reply.body.message} ${JSON.stringify(reply.body.errors ?? {})}`;
    };
    expect(await refused({ url: 'ftp://cliente.example.co/', events: ['request.sent'] })).toMatch(
      /http:\/\/ o https:\/\//,
    );
    expect(await refused({ url: 'no es una url', events: ['request.sent'] })).toMatch(/no es una URL válida/);
    expect(await refused({ url: 'https://u:p@cliente.example.co/', events: ['request.sent'] })).toMatch(
      /usuario ni contraseña/,
    );
    expect(await refused({ url: receiver.url('/x'), events: [] })).toMatch(/Elija al menos un evento/);
    expect(await refused({ url: receiver.url('/x'), events: ['request.deleted'] })).toMatch(
      /Elija al menos un evento/,
    );

    for (let index = 0; index < MAX_WEBHOOK_ENDPOINTS; index++)
      expect(
        (await add(ids.andina, { url: receiver.url(`/n${index}`), events: ['request.sent'] })).status,
      ).toBe(201);
    const over = await add(ids.andina, { url: receiver.url('/once'), events: ['request.sent'] });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/como máximo 10 webhooks/);
  });
});

describe(`webhooks to private networks on ${testDatabaseKind} (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false)`, () => {
  let t: TestApp;
  let token: string;
  let companyId: number;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' } });
    ({
      ids: { andina: companyId },
      tokens: { elena: token },
    } = await createTenants(t, { password: PASSWORD }));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('refuses loopback, private, link-local, CGNAT, multicast and unspecified hosts at registration', async () => {
    const port = new URL(receiver.url('/')).port;
    for (const host of [
      `127.0.0.1:${port}`,
      'localhost',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '10.0.0.5',
      '172.20.1.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.1.1',
      '224.0.0.251',
      '0.0.0.0',
      '[fd00::5]',
      '[fe80::1]',
      '[ff02::1]',
      '[::]',
    ]) {
      const reply = await call(t, {
        method: 'POST',
        url: `company_webhooks/${companyId}`,
        token,
        payload: { url: `http://${host}/hook`, events: ['request.sent'] },
      });
      expect(reply.status, host).toBe(422);
      expect(reply.body.message).toMatch(/apunta a una red privada, local o reservada/);
    }
    const [row] = await queryRows<{ total: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS total FROM webhook_endpoints`,
    );
    expect(row!.total).toBe(0);
  });

  it('checks again at delivery: an endpoint whose host now points inside gets nothing sent', async () => {
    const other = await createCompany(t.deps.database.db, { fiscalName: 'Rebote', taxId: '901777888-1' });
    // As if the name resolved to a public address when registered and to loopback now (rebinding).
    const port = new URL(receiver.url('/')).port;
    const box = secretBox(t.deps.secrets.sessionSecret);
    for (const url of [`http://localhost:${port}/rebote`, `http://127.0.0.1:${port}/directo`])
      await t.deps.database.db.execute(sql`
        INSERT INTO webhook_endpoints (company_id, url, secret_ciphertext, events)
        VALUES (${other}, ${url}, ${box.seal('whsec_prueba_rebote')}, '{request.signed}')`);
    await emitWebhookEvent(t.deps, { companyId: other, event: 'signer.signed', data: { requestId: 1 } });
    await t.deps.queue.drain();
    expect(receiver.received).toEqual([]);
    const rows = await queryRows<{ error: string | null; status_code: number | null }>(
      t.deps.database.db,
      sql`SELECT a.error, a.status_code FROM webhook_attempts a
          JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.company_id = ${other}`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status_code).toBeNull();
      expect(row.error).toMatch(/apunta a una red privada, local o reservada/);
    }
  });
});
