import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan, createPlan } from '../../server/db/factories.js';
import { planAssignments, signatureRequests } from '../../server/db/schema/index.js';
import { testDatabaseKind } from './support/database.js';
import { endpointCaller } from './support/endpointCall.js';
import { mailsTo } from './support/mailbox.js';
import { createSendingGroup, type SendingGroup, sendingBody } from './support/sendingGroup.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * A single send carries an idempotency key (the form makes one per submission): a repeat of the
 * same submission — a double click, a retry after a lost reply, two sends racing — makes one
 * request, one invitation and one plan unit per signer; the key is stored with the request.
 */

let t: TestApp;
let ids: TenantIds;
let tokens: TenantTokens;
let group: SendingGroup;
let assignmentId: number;
let call: ReturnType<typeof endpointCaller>;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids, tokens } = await createTenants(t, { password: 'Idempotencia-Clave-2026' }));
  call = endpointCaller(t.app);
  const plan = await createPlan(t.deps.database.db, { name: 'Veinte', signatures: 20 });
  assignmentId = await assignPlan(t.deps.database.db, {
    companyId: ids.andina,
    planId: plan,
    startsAt: new Date(Date.now() - 86_400_000),
    unitsTotal: 20,
  });
  group = await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
});
afterAll(() => t.close());

const unitsUsed = async () =>
  (
    await t.deps.database.db
      .select({ used: planAssignments.unitsUsed })
      .from(planAssignments)
      .where(eq(planAssignments.id, assignmentId))
  )[0]!.used;

const requestsWithKey = async (key: string) =>
  t.deps.database.db
    .select({ id: signatureRequests.id, key: signatureRequests.idempotencyKey })
    .from(signatureRequests)
    .where(eq(signatureRequests.idempotencyKey, key));

/** The group's body for a signer of its own, so each test counts its own invitations. */
const bodyFor = (email: string, key: string, overrides: Record<string, unknown> = {}) =>
  sendingBody(group.packageId, {
    signers: [
      { number: 1, name: 'Ana Única', email },
      { number: 2, name: 'Germán Gerente', email: 'german.gerente@correo.test' },
    ],
    idempotency_key: key,
    ...overrides,
  });

describe(`idempotent single sends on ${testDatabaseKind}`, () => {
  it('the same key twice makes one request: the repeat returns it, sends and consumes nothing', async () => {
    const key = 'formulario-0001-aaaaaaaaaaaa';
    const before = await unitsUsed();
    const first = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('una@correo.test', key),
    });
    expect(first.status).toBe(200);
    expect(first.data.repeated).toBe(false);
    const again = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('una@correo.test', key),
    });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ request_id: first.data.request_id, repeated: true });
    expect(again.message).toBe('Esta solicitud ya se había enviado; no se creó otra');

    expect(await requestsWithKey(key)).toEqual([{ id: first.data.request_id, key }]);
    expect((await unitsUsed()) - before).toBe(2);
    expect(await mailsTo(t, 'una@correo.test')).toHaveLength(1);
  });

  it('two sends with one key at once make one request', async () => {
    const key = 'formulario-0002-bbbbbbbbbbbb';
    const body = bodyFor('carrera@correo.test', key);
    const replies = await Promise.all([
      call(tokens.oscar, 'processSignatureRequest', { body }),
      call(tokens.oscar, 'processSignatureRequest', { body }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(new Set(replies.map((reply) => reply.data.request_id)).size).toBe(1);
    expect(replies.map((reply) => reply.data.repeated).sort()).toEqual([false, true]);
    expect(await requestsWithKey(key)).toHaveLength(1);
    expect(await mailsTo(t, 'carrera@correo.test')).toHaveLength(1);
  });

  it('refuses the key with other data, and after its 24 hours, naming the first request', async () => {
    const key = 'formulario-0003-cccccccccccc';
    const first = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('otra@correo.test', key),
    });
    expect(first.status).toBe(200);
    const changed = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('otra@correo.test', key, { message: 'Otro mensaje' }),
    });
    expect(changed.status).toBe(409);
    expect(changed.message).toBe(
      `Esta clave de idempotencia ya envió la solicitud n.º ${first.data.request_id} con otros datos; use una clave nueva para otra solicitud`,
    );
    expect(changed.errors).toHaveProperty('idempotency_key');

    await t.deps.database.db
      .update(signatureRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(signatureRequests.id, first.data.request_id));
    const late = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('otra@correo.test', key),
    });
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/hace más de 24 horas/);
    expect(await requestsWithKey(key)).toHaveLength(1);
  });

  it('keys are per company, sends without a key are each a request, and a malformed key is refused', async () => {
    const key = 'formulario-0004-dddddddddddd';
    const branchGroup = await createSendingGroup(t, { companyId: ids.branch, adminToken: tokens.branch });
    const branchPlan = await createPlan(t.deps.database.db, { name: 'Sucursal', signatures: 5 });
    await assignPlan(t.deps.database.db, {
      companyId: ids.branch,
      planId: branchPlan,
      startsAt: new Date(Date.now() - 86_400_000),
      unitsTotal: 5,
    });
    const ours = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('propia@correo.test', key),
    });
    const theirs = await call(tokens.branch, 'processSignatureRequest', {
      body: sendingBody(branchGroup.packageId, { idempotency_key: key }),
    });
    expect([ours.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.data.repeated).toBe(false);
    expect(theirs.data.request_id).not.toBe(ours.data.request_id);

    const plain = sendingBody(group.packageId);
    const one = await call(tokens.oscar, 'processSignatureRequest', { body: plain });
    const two = await call(tokens.oscar, 'processSignatureRequest', { body: plain });
    expect(two.data.request_id).not.toBe(one.data.request_id);

    const malformed = await call(tokens.oscar, 'processSignatureRequest', {
      body: bodyFor('mal@correo.test', 'corta'),
    });
    expect(malformed.status).toBe(422);
    expect(malformed.errors?.idempotency_key).toBe(
      'La clave de idempotencia admite letras, números, «-» y «_» (de 16 a 100)',
    );
  });
});
