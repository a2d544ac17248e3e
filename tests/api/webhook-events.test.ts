import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../contract/endpoints/webhooks.js';
import { signatureRequests, webhookDeliveries } from '../../server/db/schema/index.js';
import { createTestRequest, type TestRequest } from '../../server/requests/core/factories.js';
import { announceRequestSent } from '../../server/requests/core/sent.js';
import { announceRequestEvent } from '../../server/requests/core/webhookEvents.js';
import { expireOverdueRequests } from '../../server/requests/history/schedule.js';
import { SEAL_QUEUE, sealRequest } from '../../server/requests/sealing/seal.js';
import { verifySignature } from '../../server/webhooks/signature.js';
import { registerWebhookEndpoint, webhookEventUuid } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';
import { startWebhookReceiver } from './support/webhookReceiver.js';

const PUBLIC_URL = 'https://firmas.example.co';

type Body = {
  id: string;
  type: string;
  createdAt: string;
  companyId: number;
  // biome-ignore lint/suspicious/noExplicitAny: the assertions check the payloads, not the types
  data: any;
};

/**
 * Every request event reaches a loopback receiver once, signed, with the request, company and signer
 * in `data`: sent, viewed, signed, rejected (with its reason), completed, sealed (after completed,
 * with links that fetch the sealed PDF), expired and cancelled. Old alias subscriptions still receive
 * the signer events, a retried seal announces nothing new, and a replay re-sends the same event.
 */
describe(`request webhook events on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let current: { id: number; secret: string };
  let call: ReturnType<typeof signingCaller>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } });
    ({ ids, tokens } = await createTenants(t, { password: 'Clave-Segura-2026' }));
    call = signingCaller(t);
    receiver = await startWebhookReceiver();
    current = await registerWebhookEndpoint(t.deps, {
      companyId: ids.andina,
      url: receiver.url('/nuevos'),
      events: [...WEBHOOK_EVENT_TYPES],
    });
    // Stored as the first release stored them (registration now renames them).
    await t.deps.database.db.execute(sql`
      UPDATE webhook_endpoints SET events = '{request.viewed,request.signed,request.rejected}'
      WHERE id = ${
        (
          await registerWebhookEndpoint(t.deps, {
            companyId: ids.andina,
            url: receiver.url('/antiguos'),
            events: ['request.signed'],
          })
        ).id
      }`);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const bodies = (path: string) =>
    receiver.received.filter((each) => each.path === path).map((each) => JSON.parse(each.body) as Body);
  const eventsOf = (path: string, requestId: number) =>
    bodies(path)
      .filter((body) => body.data.requestId === requestId)
      .map((body) => (body.data.signer ? `${body.type}:${body.data.signer.name}` : body.type));
  const sign = async (signer: TestRequest['signers'][number], name: string) => {
    const signed = await call(
      'do_sign_request',
      {
        token: signer.token,
        consent_version: 'consentimiento-2026-01',
        signature: { kind: 'typed', text: name },
      },
      newBrowserSession(),
    );
    expect(signed.status, signed.json.message).toBe(200);
  };

  let completed: TestRequest;
  let rejected: TestRequest;
  let expired: TestRequest;
  let cancelled: TestRequest;

  it('delivers each event of a request once, signed, with the request, company and signer', async () => {
    completed = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato con eventos',
      signers: [
        { name: 'Ana Eventos', email: 'ana.eventos@correo.test' },
        { name: 'Beto Eventos', email: 'beto.eventos@correo.test' },
      ],
    });
    await announceRequestSent(t.deps, completed.requestId);
    const viewed = await call('send_notification_attempt_open_document', {
      token: completed.signers[0]!.token,
    });
    expect(viewed.status).toBe(200);
    await sign(completed.signers[0]!, 'Ana Eventos');
    await sign(completed.signers[1]!, 'Beto Eventos');

    rejected = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato rechazado',
      signers: [
        { name: 'Carla Eventos', email: 'carla.eventos@correo.test' },
        { name: 'Dario Eventos', email: 'dario.eventos@correo.test' },
      ],
    });
    await sign(rejected.signers[0]!, 'Carla Eventos');
    const refusal = await call('do_reject_sign_request', {
      token: rejected.signers[1]!.token,
      reason: 'El valor del contrato no es el acordado',
    });
    expect(refusal.status, refusal.json.message).toBe(200);

    expired = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Contrato vencido',
      expiresAt: new Date(Date.now() - 60_000),
      signers: [{ name: 'Elsa Eventos', email: 'elsa.eventos@correo.test' }],
    });
    expect(await expireOverdueRequests(t.deps)).toBe(1);

    cancelled = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      title: 'Contrato cancelado',
      signers: [{ name: 'Fito Eventos', email: 'fito.eventos@correo.test' }],
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/cancel_signature_request',
      headers: bearer(tokens.elena),
      payload: { request_id: cancelled.requestId, reason: 'Se firmó en papel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // The seal job (queued by the last signature) and every delivery.
    await t.deps.queue.drain();

    expect(eventsOf('/nuevos', completed.requestId).sort()).toEqual(
      [
        'request.completed',
        'request.sealed',
        'request.sent',
        'signer.signed:Ana Eventos',
        'signer.signed:Beto Eventos',
        'signer.viewed:Ana Eventos',
      ].sort(),
    );
    expect(eventsOf('/nuevos', rejected.requestId).sort()).toEqual([
      'signer.rejected:Dario Eventos',
      'signer.signed:Carla Eventos',
    ]);
    expect(eventsOf('/nuevos', expired.requestId)).toEqual(['request.expired']);
    expect(eventsOf('/nuevos', cancelled.requestId)).toEqual(['request.cancelled']);
    for (const delivery of receiver.received.filter((each) => each.path === '/nuevos')) {
      expect(verifySignature(delivery.signature, delivery.body, current.secret)).toBe(true);
      expect(delivery.event).toBe(JSON.parse(delivery.body).type);
    }

    const all = bodies('/nuevos');
    const find = (type: string, requestId: number) =>
      all.find((body) => body.type === type && body.data.requestId === requestId)!;
    expect(find('signer.signed', completed.requestId)).toMatchObject({
      id: webhookEventUuid(`request.signed:${completed.requestId}:${completed.signers[0]!.id}`),
      companyId: ids.andina,
      data: {
        title: 'Contrato con eventos',
        company: { id: ids.andina, name: 'Andina Firmas' },
        signer: {
          id: completed.signers[0]!.id,
          name: 'Ana Eventos',
          email: 'ana.eventos@correo.test',
          order: 1,
        },
      },
    });
    expect(find('signer.signed', completed.requestId).data.signer.signedAt).toEqual(expect.any(String));
    expect(find('signer.rejected', rejected.requestId).data).toMatchObject({
      status: 'rejected',
      reason: 'El valor del contrato no es el acordado',
      signer: { name: 'Dario Eventos', order: 2, status: 'rejected' },
    });
    expect(find('request.completed', completed.requestId).data).toMatchObject({ status: 'completed' });
    expect(find('request.expired', expired.requestId).data).toMatchObject({ status: 'expired' });
    expect(find('request.cancelled', cancelled.requestId).data).toMatchObject({
      status: 'cancelled',
      reason: 'Se firmó en papel',
    });
  });

  it('announces request.sealed after request.completed, with links that fetch the sealed PDF', async () => {
    const deliveries = await t.deps.database.db
      .select({ id: webhookDeliveries.id, event: webhookDeliveries.event })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, current.id),
          sql`${webhookDeliveries.event} IN ('request.completed', 'request.sealed')`,
          sql`(${webhookDeliveries.body})::jsonb -> 'data' ->> 'requestId' = ${String(completed.requestId)}`,
        ),
      )
      .orderBy(webhookDeliveries.id);
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['request.completed', 'request.sealed']);

    const sealed = bodies('/nuevos').find(
      (body) => body.type === 'request.sealed' && body.data.requestId === completed.requestId,
    )!;
    expect(sealed.id).toBe(webhookEventUuid(`request.sealed:${completed.requestId}`));
    expect(sealed.data.sealedAt).toEqual(expect.any(String));
    const [document] = sealed.data.documents;
    expect(document.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/view_pdf/${ids.andina}/\\d+/\\d+$`));
    expect(document.certificateUrl).toBe(`${PUBLIC_URL}/api/signature_request_certificate/${document.id}`);
    expect(sealed.data.certificateUrl).toBe(document.certificateUrl);
    // Both links answer a company session with a PDF: the certificate alone, and the sealed PDF.
    const fetchPdf = async (link: string) => {
      const reply = await t.app.inject({
        method: 'GET',
        url: new URL(link).pathname,
        headers: bearer(tokens.elena),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('application/pdf');
      return reply;
    };
    const certificate = await fetchPdf(document.certificateUrl);
    expect(certificate.rawPayload.length).toBeLessThan(document.bytes);
    const pdf = await fetchPdf(document.url);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(document.sha256);
  });

  it('announces the seal once even when the seal job runs again', async () => {
    const { db } = t.deps.database;
    const sealedOf = () =>
      bodies('/nuevos').filter(
        (body) => body.type === 'request.sealed' && body.data.requestId === completed.requestId,
      );
    // A retried job finds the seal done.
    await t.deps.queue.enqueue(
      SEAL_QUEUE,
      { requestId: completed.requestId },
      { idempotencyKey: `seal:${completed.requestId}:otra-vez` },
    );
    await t.deps.queue.drain();
    // And one that finishes the seal a second time emits the same event id: delivered once.
    await db
      .update(signatureRequests)
      .set({ sealStatus: 'pending' })
      .where(eq(signatureRequests.id, completed.requestId));
    expect(await sealRequest(t.deps, completed.requestId)).toBe('sealed');
    await t.deps.queue.drain();
    expect(sealedOf()).toHaveLength(1);
  });

  it('still delivers the signer events to an endpoint stored with the old names', async () => {
    const legacy = bodies('/antiguos').map((body) =>
      body.data.signer ? `${body.type}:${body.data.signer.name}` : body.type,
    );
    expect(legacy.sort()).toEqual(
      [
        'signer.rejected:Dario Eventos',
        'signer.signed:Ana Eventos',
        'signer.signed:Beto Eventos',
        'signer.signed:Carla Eventos',
        'signer.viewed:Ana Eventos',
      ].sort(),
    );
    // Its list shows the new names; registering with an old name stores the new one.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/company_webhooks/${ids.andina}`,
      headers: bearer(tokens.elena),
    });
    expect(listed.json().data[1].events).toEqual(['signer.viewed', 'signer.signed', 'signer.rejected']);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/company_webhooks/${ids.andina}`,
      headers: bearer(tokens.elena),
      payload: { url: receiver.url('/alias'), events: ['request.rejected', 'signer.rejected'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.events).toEqual(['signer.rejected']);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/company_webhooks/delete/${added.json().data.id}`,
      headers: bearer(tokens.elena),
    });
  });

  it('replays a delivery from the log: the same event id and body, a new signed attempt', async () => {
    const [delivery] = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, current.id),
          eq(webhookDeliveries.eventId, webhookEventUuid(`request.completed:${completed.requestId}`)),
        ),
      );
    expect(delivery!.status).toBe('delivered');
    const before = receiver.received.length;
    const replay = (companyId: number, id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/company_webhook_deliveries/${companyId}/replay/${id}`,
        headers: bearer(tokens.elena),
      });
    const replayed = await replay(ids.andina, delivery!.id);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json().message).toMatch(/Entrega reenviada/);
    expect(replayed.json().data).toMatchObject({ id: delivery!.id, status: 'pending' });
    // Once more while it is pending: refused.
    expect((await replay(ids.andina, delivery!.id)).statusCode).toBe(409);
    await t.deps.queue.drain();

    const again = receiver.received.slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.body).toBe(delivery!.body);
    expect(verifySignature(again[0]!.signature, again[0]!.body, current.secret)).toBe(true);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/company_webhook_deliveries/${ids.andina}`,
      headers: bearer(tokens.elena),
    });
    const entry = log.json().data.find((each: { id: number }) => each.id === delivery!.id);
    expect(entry).toMatchObject({ status: 'delivered', event_id: delivery!.eventId });
    expect(entry.attempts.map((attempt: { attempt: number }) => attempt.attempt)).toEqual([1, 2]);

    // Another company's delivery, or none: 404.
    expect([403, 404]).toContain((await replay(ids.caribe, delivery!.id)).statusCode);
    expect((await replay(ids.andina, 999_999)).statusCode).toBe(404);
  });

  it("reads an event's data only when one of the company's endpoints listens to it", async () => {
    const caribe = await createTestRequest(t.deps, {
      companyId: ids.caribe,
      title: 'Contrato sin suscriptores',
      signers: [{ name: 'Eva Sin Ganchos', email: 'eva.singanchos@correo.test' }],
    });
    let reads = 0;
    const extra = async () => {
      reads++;
      return { note: 'leída' };
    };
    const announce = (requestId: number) =>
      announceRequestEvent(t.deps, {
        event: 'request.sealed',
        requestId,
        eventId: `request.sealed:${requestId}:lectura`,
        extra,
      });
    // Caribe has no endpoint: nothing to deliver, and nothing read for it.
    expect(await announce(caribe.requestId)).toMatchObject({ deliveryIds: [] });
    expect(reads).toBe(0);
    const andina = await createTestRequest(t.deps, {
      companyId: ids.andina,
      title: 'Contrato con suscriptores',
      signers: [{ name: 'Fabio Con Ganchos', email: 'fabio.conganchos@correo.test' }],
    });
    const { deliveryIds } = await announce(andina.requestId);
    expect(deliveryIds).toHaveLength(1);
    expect(reads).toBe(1);
    const [delivery] = await t.deps.database.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryIds[0]!));
    const body = JSON.parse(delivery!.body) as Body;
    expect(body.data).toMatchObject({ requestId: andina.requestId, note: 'leída' });
  });
});
