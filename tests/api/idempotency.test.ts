import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { queryRows } from '../../server/db/queryRows.js';
import { idempotencyKeys, signatureRequests } from '../../server/db/schema/index.js';
import { forgetExpiredIdempotencyKeys, IDEMPOTENCY_MESSAGES } from '../../server/http/idempotency.js';
import { testDatabaseKind } from './support/database.js';
import { freshIp, mailsTo, manualClock } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Idempotencia-2026';
const clock = manualClock(new Date());
let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;

const expiresAt = () => new Date(clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
const send = async (token: string, key: string | undefined, body: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/process_signature_request',
    payload: body,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    remoteAddress: freshIp(),
  });
  return {
    status: response.statusCode,
    body: response.json(),
    replayed: response.headers['idempotent-replayed'],
  };
};
const requestsOfAndina = async () =>
  (
    await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.companyId, ids.andina))
  ).length;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
});
afterAll(() => t.close());

describe(`Idempotency-Key on creating calls on ${testDatabaseKind}`, () => {
  it('frees a key whose call failed: the retry after the cause is fixed sends once', async () => {
    const body = sendingBody(group.packageId, { expires_at: expiresAt() });
    // No plan yet: the send is refused by the service (no units), and nothing is kept.
    const refused = await send(tokens.elena, 'reintento-tras-fallo-0001', body);
    expect(refused.status).toBe(409);
    const db = t.deps.database.db;
    const plan = await createPlan(db, { name: 'Idempotencia', signatures: 100 });
    await assignPlan(db, {
      companyId: ids.andina,
      planId: plan,
      startsAt: new Date(Date.now() - 86_400_000),
    });
    const sent = await send(tokens.elena, 'reintento-tras-fallo-0001', body);
    expect(sent.status).toBe(200);
    expect(sent.replayed).toBeUndefined();
  });

  it('answers a repeated key with the first reply, and sends the contract once', async () => {
    const before = await requestsOfAndina();
    const invitedBefore = (await mailsTo(t, 'ana.cliente@correo.test')).length;
    const body = sendingBody(group.packageId, { expires_at: expiresAt() });
    const first = await send(tokens.elena, 'envio-crm-000000000042', body);
    expect(first.status).toBe(200);
    const again = await send(tokens.elena, 'envio-crm-000000000042', body);
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await requestsOfAndina()).toBe(before + 1);
    expect(await mailsTo(t, 'ana.cliente@correo.test')).toHaveLength(invitedBefore + 1);
  });

  it('sends each of two calls that race with one key exactly once between them', async () => {
    const before = await requestsOfAndina();
    const body = sendingBody(group.packageId, { expires_at: expiresAt() });
    const replies = await Promise.all([
      send(tokens.elena, 'carrera-de-reintentos-01', body),
      send(tokens.elena, 'carrera-de-reintentos-01', body),
    ]);
    for (const reply of replies) expect([200, 409]).toContain(reply.status);
    const busy = replies.find((reply) => reply.status === 409);
    if (busy) expect(busy.body.message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await requestsOfAndina()).toBe(before + 1);
  });

  it('refuses the key with other data or a malformed key; another caller has keys of its own', async () => {
    const body = sendingBody(group.packageId, { expires_at: expiresAt() });
    expect((await send(tokens.elena, 'clave-de-otro-envio-77', body)).status).toBe(200);
    const changed = await send(tokens.elena, 'clave-de-otro-envio-77', {
      ...body,
      values: { ...body.values, plan: 'Básico' },
    });
    expect(changed).toMatchObject({ status: 422, body: { message: IDEMPOTENCY_MESSAGES.reused } });
    expect((await send(tokens.elena, 'corta', body)).status).toBe(400);
    const before = await requestsOfAndina();
    const oscar = await send(tokens.oscar, 'clave-de-otro-envio-77', body);
    expect(oscar.status).toBe(200);
    expect(oscar.replayed).toBeUndefined();
    expect(await requestsOfAndina()).toBe(before + 1);
    // Without the header nothing is kept.
    const [kept] = await queryRows<{ count: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS count FROM idempotency_keys WHERE company_id = ${ids.andina}`,
    );
    await send(tokens.elena, undefined, body);
    const [after] = await queryRows<{ count: number }>(
      t.deps.database.db,
      sql`SELECT count(*)::int AS count FROM idempotency_keys WHERE company_id = ${ids.andina}`,
    );
    expect(Number(after!.count)).toBe(Number(kept!.count));
  });

  it('forgets a key after 24 hours: the same key then sends again', async () => {
    const body = sendingBody(group.packageId, { expires_at: expiresAt() });
    const first = await send(tokens.elena, 'clave-que-caduca-0099', body);
    expect(first.status).toBe(200);
    clock.set(new Date(clock.now().getTime() + 25 * 3_600_000));
    const later = await send(tokens.elena, 'clave-que-caduca-0099', body);
    expect(later.status).toBe(200);
    expect(later.body.data.request_id).not.toBe(first.body.data.request_id);
    clock.set(new Date(clock.now().getTime() + 25 * 3_600_000));
    expect(await forgetExpiredIdempotencyKeys(t.deps)).toBeGreaterThan(0);
    expect(await t.deps.database.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
