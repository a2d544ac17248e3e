import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointDefinition, endpoints, fillPath, pathParamNames } from '../../contract/index.js';
import { assignPlan, createCompany, createPlan } from '../../server/db/factories.js';
import { auditLog, companyFeatures, signatureRequests } from '../../server/db/schema/index.js';
import { API_KEY_LIMITS } from '../../server/http/guard.js';
import { insertApiKey } from '../../server/modules/apiKeys/apiKeys.service.js';
import { verifySignature } from '../../server/webhooks/signature.js';
import { registerWebhookEndpoint } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp, mailsTo } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';
import { startWebhookReceiver } from './support/webhookReceiver.js';

const PASSWORD = 'Integracion-2026';
/** Limits scaled down so that the per-key limit is reached in a few calls. */
const SCALE = 0.1;

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;
const keys = { andina: '', caribe: '', withoutAccess: '', limited: '', limitedSibling: '' };

async function issueKey(companyId: number, apiAccess: boolean): Promise<string> {
  const db = t.deps.database.db;
  const { key } = await insertApiKey(db, { companyId, name: 'Principal', createdBy: null, now: new Date() });
  await db.insert(companyFeatures).values({ companyId, feature: 'api_access', enabled: apiAccess });
  return key;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: String(SCALE) } });
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  const db = t.deps.database.db;
  const plan = await createPlan(db, { name: 'Integraciones', signatures: 100 });
  await assignPlan(db, { companyId: ids.andina, planId: plan, startsAt: new Date(Date.now() - 86_400_000) });
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
  keys.andina = await issueKey(ids.andina, true);
  keys.caribe = await issueKey(ids.caribe, true);
  keys.withoutAccess = await issueKey(
    await createCompany(db, { fiscalName: 'Sin API', taxId: '901222333-4' }),
    false,
  );
  const limitedCompany = await createCompany(db, { fiscalName: 'Con límite', taxId: '901444555-6' });
  keys.limited = await issueKey(limitedCompany, true);
  // A second key of the same company: the limit is per key, not per company.
  keys.limitedSibling = (
    await insertApiKey(db, { companyId: limitedCompany, name: 'Otra', createdBy: null, now: new Date() })
  ).key;
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
  headers: Record<string, string>;
  ip?: string;
};
const api = async ({ method, url, payload, headers, ip }: Call) => {
  const response = await t.app.inject({
    method,
    url: `/api/${url}`,
    payload,
    headers,
    remoteAddress: ip ?? freshIp(),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const withKey = (key: string) => ({ 'x-api-key': key });

describe(`the company API key on ${testDatabaseKind}`, () => {
  it('creates a request as the integration, reads its status and delivers the signed webhook', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await registerWebhookEndpoint(t.deps, {
        companyId: ids.andina,
        url: receiver.url('/integracion'),
        events: ['request.sent'],
      });
      const groups = await api({
        method: 'GET',
        url: `signature_request_packages/${ids.andina}`,
        headers: withKey(keys.andina),
      });
      expect(groups.status).toBe(200);
      expect(groups.body.data.map((each: { id: number }) => each.id)).toContain(group.packageId);

      const sent = await api({
        method: 'POST',
        url: 'process_signature_request',
        payload: sendingBody(group.packageId, {
          expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        }),
        headers: withKey(keys.andina),
      });
      expect(sent.status).toBe(200);
      const requestId = sent.body.data.request_id as number;
      const [request] = await t.deps.database.db
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.id, requestId));
      expect(request).toMatchObject({
        companyId: ids.andina,
        source: 'api',
        apiClient: true,
        createdBy: null,
      });
      expect(await mailsTo(t, 'ana.cliente@correo.test')).toHaveLength(1);

      const status = await api({
        method: 'GET',
        url: `signature_request_status/${requestId}`,
        headers: { authorization: `ApiKey ${keys.andina}` },
      });
      expect(status.status).toBe(200);
      expect(status.body.data).toMatchObject({ id: requestId, status: 'in_progress' });

      await t.deps.queue.drain();
      expect(receiver.received).toHaveLength(1);
      expect(
        verifySignature(receiver.received[0]!.signature, receiver.received[0]!.body, endpoint.secret),
      ).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body).data).toMatchObject({ requestId, source: 'api' });

      // Every call of the key is audited, reads included, with no user.
      const audited = await t.deps.database.db
        .select({ action: auditLog.action, actor: auditLog.actorUserId })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, ids.andina), eq(auditLog.entity, 'api_key')));
      expect(audited.map((row) => row.action)).toEqual([
        'listSendablePackages',
        'processSignatureRequest',
        'getSignatureRequestStatus',
      ]);
      expect(audited.every((row) => row.actor === null)).toBe(true);

      // Company B's key never reaches company A's request or group.
      const foreignStatus = await api({
        method: 'GET',
        url: `signature_request_status/${requestId}`,
        headers: withKey(keys.caribe),
      });
      expect(foreignStatus.status).toBe(404);
      const foreignSend = await api({
        method: 'POST',
        url: 'process_signature_request',
        payload: sendingBody(group.packageId),
        headers: withKey(keys.caribe),
      });
      expect(foreignSend.status).toBe(404);
      const foreignList = await api({
        method: 'GET',
        url: `signature_request_packages/${ids.andina}`,
        headers: withKey(keys.caribe),
      });
      expect(foreignList.status).toBe(404);
    } finally {
      await receiver.close();
    }
  });

  it('answers 401 to a wrong key and limits wrong keys per address', async () => {
    const ip = freshIp();
    const wrong = await api({
      method: 'GET',
      url: `signature_request_packages/${ids.andina}`,
      headers: withKey(`${keys.andina.slice(0, -2)}xx`),
      ip,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('La clave de API no es válida');
    const malformed = await api({
      method: 'GET',
      url: `signature_request_packages/${ids.andina}`,
      headers: { authorization: 'ApiKey no-es-una-clave' },
      ip,
    });
    expect(malformed.status).toBe(401);
    const limit = Math.ceil(API_KEY_LIMITS.failuresPerMinute * SCALE);
    expect(limit).toBe(2);
    const blocked = await api({
      method: 'GET',
      url: `signature_request_packages/${ids.andina}`,
      headers: withKey(keys.andina),
      ip,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('opens only the endpoints the contract marks, only for companies with API access', async () => {
    const closed = await api({
      method: 'POST',
      url: 'get_user_signers',
      payload: { company_id: ids.andina },
      headers: withKey(keys.andina),
    });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe('Esta operación no está disponible con la clave de API');
    const company = await api({
      method: 'GET',
      url: `get_company/${ids.andina}`,
      headers: withKey(keys.andina),
    });
    expect(company.status).toBe(403);
    const disabled = await api({
      method: 'GET',
      url: `signature_request_packages/${ids.andina}`,
      headers: withKey(keys.withoutAccess),
    });
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe('La empresa no tiene habilitado el acceso por API');
  });

  it('is refused by every endpoint the contract does not open to keys', async () => {
    const closed = Object.entries(endpoints as Record<string, EndpointDefinition>).filter(
      ([, entry]) => entry.scope !== 'public' && !entry.apiKey,
    );
    expect(closed.length).toBeGreaterThan(50);
    const open = Object.entries(endpoints as Record<string, EndpointDefinition>)
      .filter(([, entry]) => entry.apiKey)
      .map(([name]) => name);
    expect(open).toEqual(
      expect.arrayContaining([
        'getRequestForm',
        'getSignatureRequestStatus',
        'listSendablePackages',
        'processSignatureRequest',
        'cancelSignatureRequest',
        'listCompanyWebhooks',
      ]),
    );
    expect(open).not.toContain('createCompanyApiKey');
    for (const [name, entry] of closed) {
      const params = Object.fromEntries(pathParamNames(entry.path).map((param) => [param, '1']));
      const response = await t.app.inject({
        method: entry.method,
        url: `/api/${fillPath(entry.path, params)}`,
        headers: withKey(keys.andina),
        remoteAddress: freshIp(),
        ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(`${name} ${response.statusCode}`).toBe(`${name} 403`);
    }
    // The form of another company's group is not found either.
    const form = await api({
      method: 'GET',
      url: `signature_request_form/${group.packageId}`,
      headers: withKey(keys.caribe),
    });
    expect(form.status).toBe(404);
  });

  it('is documented in /api/docs with the header, the integration role and an example', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const send = document.paths['/api/process_signature_request'].post;
    expect(send.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(send.requestBody.content['application/json'].example).toMatchObject({ document_package_id: 1 });
    expect(document.paths['/api/get_user_signers'].post.security).toEqual([{ bearer: [] }]);
    expect(document.info.description).toContain('X-Api-Key');
    expect(document.info.description).toContain('curl -X POST');
  });

  it('rate-limits each key on its own', async () => {
    const limit = Math.ceil(API_KEY_LIMITS.callsPerMinute * SCALE);
    const statuses: number[] = [];
    for (let call = 0; call <= limit; call++) {
      const response = await api({
        method: 'GET',
        url: 'signature_request_status/999999',
        headers: withKey(keys.limited),
      });
      statuses.push(response.status);
    }
    // Unknown request: 404 within the limit, then 429 for the call past it.
    expect(statuses.slice(0, limit).every((status) => status === 404)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const sibling = await api({
      method: 'GET',
      url: 'signature_request_status/999999',
      headers: withKey(keys.limitedSibling),
    });
    expect(sibling.status).toBe(404);
  });
});
