import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerProblemOf, type StandIn, startTwilioStandIn } from '../../tests/support/notify/standins.js';
import { INVALID_PHONE } from './phone.js';
import { otpMessageBody } from './provider.js';
import { twilioSmsSender } from './twilio-sms.js';

const account = { sid: 'AC0123456789abcdef0123456789abcdef', token: 'token-secreto-de-twilio-8c1f' };
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startTwilioStandIn(account);
});
afterAll(() => standIn.close());

const sender = (overrides: Partial<Parameters<typeof twilioSmsSender>[0]> = {}) =>
  twilioSmsSender({
    accountSid: account.sid,
    authToken: account.token,
    from: '+15005550006',
    baseUrl: standIn.url,
    ...overrides,
  });

const problemOf = (promise: Promise<unknown>) => providerProblemOf(promise, account.token);

describe('twilioSmsSender', () => {
  it('posts the form Twilio expects with Basic auth and returns the message sid', async () => {
    const receipt = await sender()({ to: '300 123 4567', code: '123456', body: otpMessageBody('123456') });
    expect(receipt.provider).toBe('twilio');
    expect(receipt.id).toMatch(/^SM[0-9a-f]{32}$/);
    const request = standIn.received.at(-1)!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request.body);
    expect(form.get('To')).toBe('+573001234567');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toBe(
      'Rúbrica: su código de verificación es 123456. Vence en 10 minutos. No lo comparta con nadie.',
    );
  });

  it('sends through a Messaging Service when one is configured', async () => {
    await sender({ from: undefined, messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' })({
      to: '+573001234567',
      code: '1',
      body: 'x',
    });
    const form = new URLSearchParams(standIn.received.at(-1)!.body);
    expect(form.get('MessagingServiceSid')).toBe('MG0123456789abcdef0123456789abcdef');
    expect(form.has('From')).toBe(false);
  });

  it('turns Twilio’s error codes into Spanish messages the signer or sender can act on', async () => {
    const cases: [string, number, string, RegExp][] = [
      ['+15005550001', 422, '21211', /no es válido para recibir SMS/],
      ['+15005550009', 422, '21614', /no es un celular/],
      ['+15005550004', 422, '21610', /pidió no recibir más mensajes/],
      ['+15005550003', 422, '21408', /No es posible enviar SMS a ese país/],
      ['+15005550429', 429, '20429', /demasiadas solicitudes/],
      ['+15005550500', 503, '500', /no está disponible/],
    ];
    for (const [to, status, code, message] of cases) {
      const problem = await problemOf(sender()({ to, code: '123456', body: 'x' }));
      expect({ to, status: problem.statusCode, code: problem.providerCode }).toEqual({ to, status, code });
      expect(problem.message).toMatch(message);
    }
  });

  it('reports wrong credentials without ever showing the token', async () => {
    const problem = await problemOf(
      sender({ authToken: `${account.token}-viejo` })({ to: '+573001234567', code: '1', body: 'x' }),
    );
    expect(problem).toMatchObject({ statusCode: 503, providerCode: '20003' });
    expect(problem.message).toContain('credenciales');
  });

  it('refuses an impossible number before calling the provider, and reports an unreachable one', async () => {
    const before = standIn.received.length;
    await expect(sender()({ to: '12ab', code: '1', body: 'x' })).rejects.toThrow(INVALID_PHONE);
    expect(standIn.received.length).toBe(before);
    const offline = await problemOf(
      sender({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })({
        to: '+573001234567',
        code: '1',
        body: 'x',
      }),
    );
    expect(offline).toMatchObject({ statusCode: 503, providerCode: 'network' });
  });
});
