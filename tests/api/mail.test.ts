import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../server/db/schema/index.js';
import { mailDelivery } from '../../server/mail/mailer.js';
import { TRANSPARENT_GIF } from '../../server/mail/tracking.js';
import { loopbackSmtpServer } from '../support/mail/smtpServer.js';
import { freePort } from './support/processes.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const message = {
  to: 'firmante@cliente.test',
  subject: 'Documento para firmar',
  text: 'Hola, tiene un documento.',
};

describe('outbox mailer (embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('delivers through the job queue into the outbox, once per idempotency key', async () => {
    const first = await t.deps.mailer.send(message, { idempotencyKey: 'invitacion-7' });
    const second = await t.deps.mailer.send(message, { idempotencyKey: 'invitacion-7' });
    expect(second).toEqual(first);
    expect(await mailDelivery(t.deps.database.db, first.mailId)).toMatchObject({
      status: 'queued',
      sentAt: null,
    });
    await t.deps.queue.drain();
    const rows = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, message.to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ...message,
      transport: 'outbox',
      status: 'sent',
      publicId: first.mailId,
    });
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a job queued before tracking existed working: its row is made when it runs', async () => {
    const { id } = await t.deps.queue.enqueue('mail.send', { ...message, to: 'antiguo@cliente.test' });
    await t.deps.queue.drain();
    const [row] = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.jobId, id));
    expect(row).toMatchObject({ to: 'antiguo@cliente.test', status: 'sent' });
    expect(row?.publicId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('open-tracking pixel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pixel = (file: string) => t.app.inject({ method: 'GET', url: `/correo/abierto/${file}` });
  const statusOf = async (mailId: string) => (await mailDelivery(t.deps.database.db, mailId))!;

  it('answers a 1×1 GIF and records the first open of a sent mail only', async () => {
    const { mailId } = await t.deps.mailer.send({ ...message, html: '<p>Hola</p>' });
    // Not sent yet: an early (or forged) open changes nothing.
    expect((await pixel(`${mailId}.gif`)).statusCode).toBe(200);
    expect((await statusOf(mailId)).status).toBe('queued');

    await t.deps.queue.drain();
    const response = await pixel(`${mailId}.gif`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.rawPayload.equals(TRANSPARENT_GIF)).toBe(true);
    const opened = await statusOf(mailId);
    expect(opened.status).toBe('opened');
    expect(opened.openedAt).toBeInstanceOf(Date);
    expect(opened.sentAt).toBeInstanceOf(Date);

    // A later open keeps the first time.
    await pixel(`${mailId.toUpperCase()}.gif`);
    expect((await statusOf(mailId)).openedAt).toEqual(opened.openedAt);
  });

  it('answers the same bytes and headers whether or not the id exists', async () => {
    const { mailId } = await t.deps.mailer.send(message);
    await t.deps.queue.drain();
    const known = await pixel(`${mailId}.gif`);
    const unknown = await pixel('00000000-0000-4000-8000-000000000000.gif');
    const garbage = await pixel("1' OR '1'='1.gif");
    for (const response of [unknown, garbage]) {
      expect(response.statusCode).toBe(known.statusCode);
      expect(response.rawPayload.equals(known.rawPayload)).toBe(true);
      for (const header of ['content-type', 'content-length', 'cache-control'])
        expect(response.headers[header]).toBe(known.headers[header]);
    }
  });

  it('cannot turn a bounced or failed mail into anything else', async () => {
    const bounced = await t.deps.mailer.send({ ...message, to: 'rebote@cliente.test' });
    const failed = await t.deps.mailer.send({ ...message, to: 'fallo@cliente.test' });
    await t.deps.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'bounced' WHERE public_id = ${bounced.mailId}`,
    );
    await t.deps.database.db.execute(
      sql`UPDATE mail_outbox SET status = 'failed' WHERE public_id = ${failed.mailId}`,
    );
    await pixel(`${bounced.mailId}.gif`);
    await pixel(`${failed.mailId}.gif`);
    expect(await statusOf(bounced.mailId)).toMatchObject({ status: 'bounced', openedAt: null });
    expect(await statusOf(failed.mailId)).toMatchObject({ status: 'failed', openedAt: null });
    // The worker does not send them either: only queued mails are delivered.
    await t.deps.queue.drain();
    expect(await statusOf(bounced.mailId)).toMatchObject({ status: 'bounced', sentAt: null });
  });
});

describe('SMTP mailer over loopback', () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = loopbackSmtpServer({
      onRcptTo(address, _session, callback) {
        const refuse = (code: number, text: string) =>
          callback(Object.assign(new Error(text), { responseCode: code }));
        if (address.address.startsWith('inexistente@')) return refuse(550, '5.1.1 Buzón inexistente');
        if (address.address.startsWith('ocupado@')) return refuse(451, '4.3.0 Intente más tarde');
        callback();
      },
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => {
          data += String(chunk);
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    port = await freePort();
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the message to the SMTP server named by SMTP_URL, with the open pixel in its HTML', async () => {
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://firma.example.co' },
    });
    try {
      const { mailId } = await t.deps.mailer.send({
        ...message,
        html: '<html><body><p>Hola</p></body></html>',
      });
      await t.deps.queue.drain();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Documento para firmar');
      expect(received[0]).toContain('To: firmante@cliente.test');
      // Quoted-printable: undo soft line breaks and the escaped "=".
      const decoded = received[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(decoded).toContain(`<img src="https://firma.example.co/correo/abierto/${mailId}.gif"`);
      const [row] = await t.deps.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ transport: 'smtp', status: 'sent', publicId: mailId });
      expect(row?.messageId).toBeTruthy();
      // The stored copy is the message as written, without the pixel.
      expect(row?.html).toBe('<html><body><p>Hola</p></body></html>');
    } finally {
      await t.close();
    }
  });

  it('records a recipient refused with 5xx as bounced, without retrying', async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { jobId, mailId } = await t.deps.mailer.send({ ...message, to: 'inexistente@cliente.test' });
      await t.deps.queue.drain();
      const delivery = await mailDelivery(t.deps.database.db, mailId);
      expect(delivery).toMatchObject({ status: 'bounced', sentAt: null });
      expect(delivery?.bouncedAt).toBeInstanceOf(Date);
      expect(delivery?.lastError).toMatch(/550.*Buzón inexistente/);
      const [job] = await t.deps.database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await t.close();
    }
  });

  it('retries a temporary refusal (4xx) and marks the mail failed after the last attempt', async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { jobId, mailId } = await t.deps.mailer.send({ ...message, to: 'ocupado@cliente.test' });
      await t.deps.database.db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.id, jobId));
      await t.deps.queue.drain();
      const afterFirst = await mailDelivery(t.deps.database.db, mailId);
      expect(afterFirst).toMatchObject({ status: 'queued', failedAt: null });
      expect(afterFirst?.lastError).toMatch(/451.*Intente más tarde/);
      expect((await t.deps.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]?.status).toBe(
        'pending',
      );

      await t.deps.database.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, jobId));
      await t.deps.queue.drain();
      const afterLast = await mailDelivery(t.deps.database.db, mailId);
      expect(afterLast).toMatchObject({ status: 'failed' });
      expect(afterLast?.failedAt).toBeInstanceOf(Date);
      expect((await t.deps.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]?.status).toBe(
        'failed',
      );
    } finally {
      await t.close();
    }
  });

  it('keeps the message queued and retries later when the SMTP server is unreachable', async () => {
    const closedPort = await freePort();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const { jobId, mailId } = await t.deps.mailer.send(message);
      await t.deps.queue.drain();
      const [job] = await t.deps.database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toMatch(/ECONNREFUSED/);
      const delivery = await mailDelivery(t.deps.database.db, mailId);
      expect(delivery).toMatchObject({ status: 'queued', sentAt: null });
      expect(delivery?.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await t.close();
    }
  });
});
