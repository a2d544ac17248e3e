import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StandIn,
  startTwilioStandIn,
  startWhatsAppStandIn,
} from '../../tests/support/notify/standins.js';
import { loadConfig } from '../config.js';
import { messageSendersFrom } from './index.js';

let twilio: StandIn;
let whatsapp: StandIn;
const twilioAccount = { sid: 'AC11111111111111111111111111111111', token: 'tok-twilio-config' };
const whatsAppAccount = {
  token: 'tok-whatsapp-config',
  phoneNumberId: '42',
  template: 'codigo',
  allowed: ['573001234567'],
};

beforeAll(async () => {
  twilio = await startTwilioStandIn(twilioAccount);
  whatsapp = await startWhatsAppStandIn(whatsAppAccount);
});
afterAll(async () => {
  await twilio.close();
  await whatsapp.close();
});

describe('messageSendersFrom', () => {
  it('enables no channel when nothing is configured', () => {
    expect(messageSendersFrom(loadConfig({}))).toEqual({});
  });

  it('builds working SMS and WhatsApp senders from the environment', async () => {
    const senders = messageSendersFrom(
      loadConfig({
        SMS_TWILIO_ACCOUNT_SID: twilioAccount.sid,
        SMS_TWILIO_AUTH_TOKEN: twilioAccount.token,
        SMS_FROM: '+15005550006',
        SMS_API_URL: twilio.url,
        WHATSAPP_ACCESS_TOKEN: whatsAppAccount.token,
        WHATSAPP_PHONE_NUMBER_ID: whatsAppAccount.phoneNumberId,
        WHATSAPP_TEMPLATE_NAME: whatsAppAccount.template,
        WHATSAPP_TEMPLATE_COPY_BUTTON: 'false',
        WHATSAPP_API_URL: whatsapp.url,
      }),
    );
    await expect(senders.sms!({ to: '3001234567', code: '1', body: 'hola' })).resolves.toMatchObject({
      provider: 'twilio',
    });
    await expect(senders.whatsapp!({ to: '3001234567', code: '1', body: '' })).resolves.toMatchObject({
      provider: 'whatsapp',
    });
    expect(JSON.parse(whatsapp.received.at(-1)!.body).template.components).toHaveLength(1);
  });

  it('stops the start when a channel is half configured or a value is malformed', () => {
    expect(() => messageSendersFrom(loadConfig({ SMS_TWILIO_ACCOUNT_SID: 'AC1' }))).toThrow('SMS requiere');
    expect(() => messageSendersFrom(loadConfig({ WHATSAPP_ACCESS_TOKEN: 'x' }))).toThrow('WhatsApp requiere');
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '21' })).toThrow('WHATSAPP_API_VERSION');
    expect(() => loadConfig({ SMS_DEFAULT_COUNTRY_CODE: '+57' })).toThrow('SMS_DEFAULT_COUNTRY_CODE');
  });
});
