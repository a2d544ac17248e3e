import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequests, webhookDeliveries } from '../../server/db/schema/index.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { EXPIRY_JOB, REMINDER_JOB, requestEventId } from '../../server/requests/history/schedule.js';
import { registerWebhookEndpoint } from '../../server/webhooks/webhooks.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo, manualClock } from './support/mailbox.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const DAY = 86_400_000;

describe(`reminders and expiry of requests on ${testDatabaseKind}`, () => {
  const clock = manualClock(new Date('2026-11-23T13:00:00Z'));
  let t: TestApp;
  let ids: TenantIds;
  /** One tick of the scheduler and every job it queued, as a server process would do it. */
  const runSchedule = async () => {
    await t.deps.scheduler.tick();
    await t.deps.queue.drain();
  };
  const actions = async (requestId: number) =>
    (await requestEvents(t.deps.database.db, requestId)).map((event) => event.action);

  // A loopback receiver of the company's webhooks.
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body);
      response.end('ok');
    });
  });
  let receiverUrl = '';

  beforeAll(async () => {
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/receptor`;
    t = await createTestApp({ clock });
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  it('declares both jobs on the scheduler', () => {
    expect(() =>
      t.deps.scheduler.declare({ name: REMINDER_JOB, spec: { everySeconds: 60 }, run: async () => {} }),
    ).toThrow();
    expect(() =>
      t.deps.scheduler.declare({ name: EXPIRY_JOB, spec: { everySeconds: 60 }, run: async () => {} }),
    ).toThrow();
  });

  it('reminds invited signers every reminder_days, once per due date, and never the waiting ones', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      expiresAt: new Date(clock.now().getTime() + 30 * DAY),
      signers: [
        { name: 'Rosa Recordada', email: 'rosa@recordatorio.test' },
        { name: 'Tomás Turno', email: 'tomas@recordatorio.test' },
      ],
    });
    await t.deps.database.db
      .update(signatureRequests)
      .set({ reminderDays: 2, createdAt: clock.now() })
      .where(eq(signatureRequests.id, request.requestId));
    await runSchedule();
    expect(await mailsTo(t, 'rosa@recordatorio.test')).toHaveLength(1);

    clock.advance(2 * DAY + 3600_000);
    await runSchedule();
    const mails = await mailsTo(t, 'rosa@recordatorio.test');
    expect(mails).toHaveLength(2);
    // The reminder carries the current link.
    expect(mails[0]!.text).toContain(`/signature-request/${request.signers[0]!.token}`);
    expect(await mailsTo(t, 'tomas@recordatorio.test')).toHaveLength(0);
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row!.lastReminderAt?.toISOString()).toBe(clock.now().toISOString());

    // An hour later the next slot runs, but the next reminder is two days away.
    clock.advance(3600_000);
    await runSchedule();
    expect(await mailsTo(t, 'rosa@recordatorio.test')).toHaveLength(2);
    expect((await actions(request.requestId)).filter((action) => action === 'reminded')).toHaveLength(1);
  });

  it('expires overdue requests: status, event, notices and the request.expired webhook once', async () => {
    await registerWebhookEndpoint(t.deps, {
      companyId: ids.andina,
      url: receiverUrl,
      events: ['request.expired'],
    });
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      expiresAt: new Date(clock.now().getTime() + DAY),
      signers: [{ name: 'Víctor Vencido', email: 'victor@vencimiento.test' }],
    });
    const alive = await createTestRequest(t.deps, {
      companyId: ids.andina,
      expiresAt: new Date(clock.now().getTime() + 10 * DAY),
      signers: [{ name: 'Vida Larga', email: 'vida@vencimiento.test' }],
    });
    await runSchedule();
    expect(await actions(request.requestId)).not.toContain('expired');

    clock.advance(DAY + 600_000);
    await runSchedule();
    const [row] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row!.status).toBe('expired');
    expect(await actions(request.requestId)).toEqual(['sent', 'invited', 'expired']);
    expect((await mailsTo(t, 'victor@vencimiento.test'))[0]!.subject).toContain('venció');
    expect((await mailsTo(t, 'elena@andina.test'))[0]!.subject).toContain('venció');
    const [aliveRow] = await t.deps.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, alive.requestId));
    expect(aliveRow!.status).toBe('in_progress');

    // The next slot finds nothing more to do: no second event, e-mail or webhook.
    clock.advance(600_000);
    await runSchedule();
    expect(await actions(request.requestId)).toEqual(['sent', 'invited', 'expired']);
    expect(await mailsTo(t, 'victor@vencimiento.test')).toHaveLength(2);
    const deliveries = await t.deps.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, requestEventId(`request.expired:${request.requestId}`)));
    expect(received.filter((body) => body.includes(`"requestId":${request.requestId}`))).toHaveLength(1);
    expect(deliveries).toHaveLength(1);
  });
});
