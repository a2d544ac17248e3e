import { expect, type Page, test } from '@playwright/test';
import { verifySignature } from '../../server/webhooks/signature.js';
import { startWebhookReceiver } from '../api/support/webhookReceiver.js';
import { API_ADMINISTRATOR, API_GROUP } from './fixtures/requestApi.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';

/**
 * The company API through the UI (issue 10): the company's administrator generates the API key and
 * adds a webhook on its edit page; an integration creates a request with the key; the loopback
 * receiver gets the signed `request.sent`, and the page's delivery log shows it delivered.
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

async function withKey(key: string, method: 'GET' | 'POST', path: string, body?: object) {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { 'X-Api-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: unknown; message: string } };
}

/** Reads a value shown once in the dialog titled `title`, then closes it. */
async function readOnceDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  const value = (await dialog.getByTestId('api-key-value').textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  return value;
}

test('an integration with the company API key creates a request and its signed webhook is delivered', async ({
  page,
}) => {
  const receiver = await startWebhookReceiver({ status: 204 });
  const receiverUrl = receiver.url('/rubrica/eventos');
  try {
    const session = await apiSession(API_ADMINISTRATOR.email, API_ADMINISTRATOR.password);
    const companyId = session.user.company_id;
    await signPageIn(page, session);
    await page.goto(`/user/company/update/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Actualizar empresa' })).toBeVisible();

    // The API key, shown once.
    await page.getByRole('button', { name: 'Generar nueva clave' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generar nueva clave' }).click();
    const apiKey = await readOnceDialog(page, 'Nueva clave de API');
    expect(apiKey.length).toBeGreaterThan(20);

    // A webhook for the request events, its secret shown once.
    const webhooks = page.getByRole('group', { name: 'Agregar webhook' });
    await webhooks.getByRole('textbox', { name: 'URL de destino' }).fill(receiverUrl);
    for (const event of [
      'Solicitud vista',
      'Firma de un firmante',
      'Solicitud rechazada',
      'Solicitud vencida',
    ])
      await webhooks.getByRole('checkbox', { name: event }).check();
    await webhooks.getByRole('button', { name: 'Agregar webhook' }).click();
    const secret = await readOnceDialog(page, 'Secreto de firma del webhook');
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('list', { name: 'Webhooks' }).getByText(receiverUrl)).toBeVisible();
    await expect(page.getByText('Aún no hay entregas.')).toBeVisible();

    // The integration: finds the group and sends a request with the key alone.
    const groups = await withKey(apiKey, 'GET', `signature_request_packages/${companyId}`);
    expect(groups.status).toBe(200);
    const group = (groups.body.data as { id: number; name: string }[]).find(
      (each) => each.name === API_GROUP,
    );
    expect(group).toBeDefined();
    const stamp = Date.now().toString(36);
    const sent = await withKey(apiKey, 'POST', 'process_signature_request', {
      document_package_id: group!.id,
      values: { cliente: `Cliente API ${stamp}` },
      signers: [{ number: 1, name: 'Carmen Cliente', email: `carmen.${stamp}@e2e.test` }],
    });
    expect(sent.status, sent.body.message).toBe(200);
    const requestId = (sent.body.data as { request_id: number }).request_id;

    // The receiver gets request.sent, signed with the secret the dialog showed.
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const [webhook] = receiver.received;
    expect(webhook!.event).toBe('request.sent');
    expect(verifySignature(webhook!.signature, webhook!.body, secret)).toBe(true);
    expect(verifySignature(webhook!.signature, webhook!.body, 'whsec_otro')).toBe(false);
    expect(JSON.parse(webhook!.body)).toMatchObject({
      type: 'request.sent',
      companyId,
      data: { requestId, source: 'api' },
    });

    // The delivery log on the page shows it delivered with the receiver's answer.
    const log = page.getByRole('list', { name: 'Registro de entregas' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Actualizar registro' }).click();
      await expect(log.getByRole('listitem').first()).toContainText('Entregado', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    const entry = log.getByRole('listitem').first();
    await expect(entry).toContainText('Solicitud enviada');
    await expect(entry).toContainText('Intentos: 1');
    await expect(entry).toContainText('Última respuesta HTTP: 204');

    // On a phone the section fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Agregar webhook' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  } finally {
    await receiver.close();
  }
});
