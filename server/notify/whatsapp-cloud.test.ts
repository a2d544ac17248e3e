import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  providerProblemOf,
  type StandIn,
  startWhatsAppStandIn,
} from '../../tests/support/notify/standins.js';
import { whatsAppSender } from './whatsapp-cloud.js';

const account = {
  token: 'EAAG-token-secreto-de-whatsapp',
  phoneNumberId: '106540352242922',
  template: 'codigo_verificacion',
  allowed: ['573001234567'],
};
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startWhatsAppStandIn(account);
});
afterAll(() => standIn.close());

const sender = (overrides: Partial<Parameters<typeof whatsAppSender>[0]> = {}) =>
  whatsAppSender({
    accessToken: account.token,
    phoneNumberId: account.phoneNumberId,
    templateName: account.template,
    baseUrl: standIn.url,
    ...overrides,
  });

const problemOf = (promise: Promise<unknown>) => providerProblemOf(promise, account.token);

describe('whatsAppSender', () => {
  it('posts an authentication template message with the code, Bearer token, and returns the wamid', async () => {
    const receipt = await sender()({ to: '+57 300 123 4567', code: '654321', body: 'no se usa' });
    expect(receipt).toMatchObject({ provider: 'whatsapp' });
    expect(receipt.id).toMatch(/^wamid\./);
    const request = standIn.received.at(-1)!;
    expect(request.path).toBe(`/v21.0/${account.phoneNumberId}/messages`);
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '573001234567',
      type: 'template',
      template: {
        name: 'codigo_verificacion',
        language: { code: 'es' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '654321' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '654321' }] },
        ],
      },
    });
  });

  it('uses the configured API version and language, without the button when the template has none', async () => {
    await sender({ apiVersion: 'v20.0', templateLanguage: 'es_CO', copyCodeButton: false })({
      to: '+573001234567',
      code: '1',
      body: '',
    });
    const request = standIn.received.at(-1)!;
    expect(request.path).toBe(`/v20.0/${account.phoneNumberId}/messages`);
    const template = JSON.parse(request.body).template;
    expect(template.language).toEqual({ code: 'es_CO' });
    expect(template.components).toHaveLength(1);
  });

  it('turns Graph API errors into Spanish messages', async () => {
    const cases: [Partial<Parameters<typeof whatsAppSender>[0]>, string, number, string, RegExp][] = [
      [{}, '+573009999999', 503, '131030', /modo de prueba/],
      [{ templateName: 'otra_plantilla' }, '+573001234567', 503, '132001', /plantilla de WhatsApp/],
      [{ accessToken: 'EAAG-vencido' }, '+573001234567', 503, '190', /credenciales/],
      [{}, '+15005550429', 429, '130429', /demasiados mensajes/],
      [{}, '+15005550500', 503, '502', /no está disponible/],
      [{ phoneNumberId: '999' }, '+573001234567', 422, '100', /no aceptó el mensaje/],
    ];
    for (const [overrides, to, status, code, message] of cases) {
      const problem = await problemOf(sender(overrides)({ to, code: '123456', body: '' }));
      expect({ to, status: problem.statusCode, code: problem.providerCode }).toEqual({ to, status, code });
      expect(problem.message).toMatch(message);
    }
  });

  it('reports an unreachable API as unavailable', async () => {
    const problem = await problemOf(
      sender({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 })({
        to: '+573001234567',
        code: '1',
        body: '',
      }),
    );
    expect(problem).toMatchObject({ statusCode: 503, providerCode: 'network' });
  });
});
