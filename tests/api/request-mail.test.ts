import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestEmails, signatureRequestSigners } from '../../server/db/schema/index.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { hashSignerToken } from '../../server/requests/core/tokens.js';
import { testDatabaseKind } from './support/database.js';
import { mailsTo } from './support/mailbox.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

describe(`signature request e-mails on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(() => t.close());

  it('invites only the first signer of a sequential request, once, with a link that opens their record', async () => {
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      createdBy: ids.elena,
      signers: [
        { name: 'Ana Firmante', email: 'ana.firmante@correo.test' },
        { name: 'Beto Segundo', email: 'beto.segundo@correo.test' },
      ],
    });
    const [invitation, ...others] = await mailsTo(t, 'ana.firmante@correo.test');
    expect(others).toHaveLength(0);
    expect(invitation!.subject).toContain('Contrato de prestación de servicios');
    const token = invitation!.text.match(/\/signature-request\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBe(request.signers[0]!.token);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.tokenHash, hashSignerToken(token!)));
    expect(signer).toMatchObject({ id: request.signers[0]!.id, status: 'invited' });
    expect(await mailsTo(t, 'beto.segundo@correo.test')).toHaveLength(0);

    // The job runs again (a crash after sending): the mailer's key keeps it to one message.
    const [email] = await t.deps.database.db
      .select()
      .from(signatureRequestEmails)
      .where(eq(signatureRequestEmails.requestId, request.requestId));
    expect(email!.mailId).toBe(invitation!.id);
    await t.deps.queue.enqueue('request.mail', { emailId: email!.id });
    expect(await mailsTo(t, 'ana.firmante@correo.test')).toHaveLength(1);
    expect((await requestEvents(t.deps.database.db, request.requestId)).map((event) => event.action)).toEqual(
      ['sent', 'invited'],
    );
  });

  it('invites every signer of a parallel request at once', async () => {
    await createTestRequest(t.deps, {
      companyId: ids.andina,
      signingOrder: 'parallel',
      signers: [
        { name: 'Carla Paralela', email: 'carla.paralela@correo.test' },
        { name: 'Dario Paralelo', email: 'dario.paralelo@correo.test' },
      ],
    });
    expect(await mailsTo(t, 'carla.paralela@correo.test')).toHaveLength(1);
    expect(await mailsTo(t, 'dario.paralelo@correo.test')).toHaveLength(1);
  });
});
