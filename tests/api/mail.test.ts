import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../../server/db/schema/index.js';
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
    await t.deps.mailer.send(message, { idempotencyKey: 'invitacion-7' });
    await t.deps.mailer.send(message, { idempotencyKey: 'invitacion-7' });
    await t.deps.queue.drain();
    const rows = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, message.to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, transport: 'outbox' });
  });
});

describe('SMTP mailer over loopback', () => {
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
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

  it('sends the message to the SMTP server named by SMTP_URL', async () => {
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      await t.deps.mailer.send(message);
      await t.deps.queue.drain();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Documento para firmar');
      expect(received[0]).toContain('To: firmante@cliente.test');
      const [row] = await t.deps.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ transport: 'smtp' });
      expect(row?.messageId).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('keeps the message and retries later when the SMTP server is unreachable', async () => {
    const closedPort = await freePort();
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const { jobId } = await t.deps.mailer.send(message);
      await t.deps.queue.drain();
      const [job] = await t.deps.database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toMatch(/ECONNREFUSED/);
      expect(await t.deps.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
