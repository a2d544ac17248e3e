import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureRequestSigners } from '../../server/db/schema/index.js';
import { requestEvents } from '../../server/requests/core/events.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { type StandIn, startTwilioStandIn } from '../support/notify/standins.js';
import { testDatabaseKind } from './support/database.js';
import { newBrowserSession, signingCaller } from './support/signing.js';
import { createTenants, type TenantIds } from './support/tenants.js';
import { createTestApp, type TestApp } from './support/testApp.js';

const account = { sid: 'AC0123456789abcdef0123456789abcdef', token: 'token-secreto-de-twilio-8c1f' };

describe(`signer codes by SMS on ${testDatabaseKind}`, () => {
  let standIn: StandIn;
  let t: TestApp;
  let ids: TenantIds;
  beforeAll(async () => {
    standIn = await startTwilioStandIn(account);
    t = await createTestApp({
      env: {
        SMS_TWILIO_ACCOUNT_SID: account.sid,
        SMS_TWILIO_AUTH_TOKEN: account.token,
        SMS_FROM: '+15005550006',
        SMS_API_URL: standIn.url,
      },
    });
    ({ ids } = await createTenants(t, { password: 'Clave-Segura-2026' }));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('texts the code through the gateway and records the channel and the masked phone as evidence', async () => {
    const call = signingCaller(t, '10.40.0.1');
    const request = await createTestRequest(t.deps, {
      companyId: ids.andina,
      signers: [
        {
          name: 'Rosa Celular',
          email: 'rosa.celular@correo.test',
          phone: '300 123 4567',
          authentication: ['sms_otp', 'whatsapp_otp'],
        },
      ],
    });
    const token = request.signers[0]!.token;
    const session = newBrowserSession();
    const unavailable = await call('send_code', { token, channel: 'whatsapp' }, session);
    expect(unavailable.status).toBe(503);
    expect(unavailable.json.message).toMatch(/no está disponible/);

    const sent = await call('send_code', { token, channel: 'sms' }, session);
    expect(sent.status).toBe(200);
    expect(sent.json.data).toMatchObject({ channel: 'sms', sent_to: '+57••••••4567' });
    const form = new URLSearchParams(standIn.received.at(-1)!.body);
    expect(form.get('To')).toBe('+573001234567');
    const code = form.get('Body')!.match(/(\d{6})/)![1]!;
    expect((await call('validate_code', { token, code }, session)).status).toBe(200);
    const [signer] = await t.deps.database.db
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, request.signers[0]!.id));
    expect(signer).toMatchObject({ otpChannel: 'sms', otpDestination: '+57••••••4567' });
    const events = await requestEvents(t.deps.database.db, request.requestId);
    expect(events.at(-1)).toMatchObject({
      action: 'otp_validated',
      details: { channel: 'sms', destination: '+57••••••4567' },
    });
    expect(JSON.stringify(events)).not.toContain(code);
  });
});
