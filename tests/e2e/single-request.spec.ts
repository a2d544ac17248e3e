import { expect, type Page, test } from '@playwright/test';
import { SENDING_GROUP, SENDING_OPERATOR } from './fixtures/requestSending.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { waitForMail } from './support/mail.js';

/**
 * A single request through the UI only: an operator chooses a group, fills its fields, types two
 * signers, previews the exact pages and sends in order; the first signer's invitation arrives,
 * the second's does not (yet).
 */

async function openScreen(page: Page) {
  await signPageIn(page, await apiSession(SENDING_OPERATOR.email, SENDING_OPERATOR.password));
  await page.goto('/single-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud individual' })).toBeVisible();
}

async function chooseGroup(page: Page) {
  await page.getByRole('combobox', { name: 'Grupo de documentos' }).click();
  await page.getByRole('option', { name: new RegExp(SENDING_GROUP) }).click();
  await expect(page.getByRole('textbox', { name: 'Proveedor' })).toBeVisible();
}

test('an operator sends a request to two signers in order and the first one is invited', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const first = `proveedor.${stamp}@e2e.test`;
  const second = `gerente.${stamp}@e2e.test`;
  const since = new Date();
  await openScreen(page);
  await chooseGroup(page);

  // A value the field's type refuses is explained by the field, in Spanish.
  await page.getByRole('textbox', { name: 'Valor del contrato' }).fill('doce mil');
  await page.getByRole('textbox', { name: 'Proveedor' }).click();
  await expect(page.getByText('Solo se permiten números enteros')).toBeVisible();
  await page.getByRole('textbox', { name: 'Valor del contrato' }).fill('12000000');
  await page.getByRole('textbox', { name: 'Proveedor' }).fill('Suministros del Pacífico');

  const supplier = page.getByRole('group', { name: /1\. Proveedor/ });
  await supplier.getByRole('textbox', { name: /Nombre completo/ }).fill('Pablo Proveedor');
  await supplier.getByRole('textbox', { name: /Correo electrónico/ }).fill(first);
  const manager = page.getByRole('group', { name: /2\. Gerente/ });
  await manager.getByRole('textbox', { name: /Nombre completo/ }).fill('Gina Gerente');
  await manager.getByRole('textbox', { name: /Correo electrónico/ }).fill(second);
  await expect(page.getByRole('radio', { name: 'Uno tras otro, en orden' })).toBeChecked();

  await page.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByRole('img', { name: /Página 1 de \d+ — Contrato de suministro E2E/ })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('region', { name: /Solicitud n\.º \d+ enviada/ })).toBeInViewport();

  const invitation = await waitForMail(first, /firmar/, { since });
  expect(invitation.text).toContain('/signature-request/');
  // Sequential: the manager is invited only once the supplier has signed.
  const response = await fetch(
    `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(second)}`,
  );
  expect(await response.json()).toEqual([]);
});

test('the single request screen fits a phone and passes axe', { tag: '@mobile' }, async ({ page }) => {
  await openScreen(page);
  await chooseGroup(page);
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // axe-core: no serious or critical violation on the filled-in form.
  await expectAccessible(page);
});

/** Requests of the operator's company sent to `email` (the history's signer search). */
async function requestsTo(email: string): Promise<number> {
  const { token } = await apiSession(SENDING_OPERATOR.email, SENDING_OPERATOR.password);
  const reply = await fetch(`${process.env.E2E_BASE_URL}/api/documents_sign_requests_list`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ signer: email }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: { total: number } }).data.total;
}

test("a double click sends one request, whose outcome replaces the form; the signer's ID type is the list's", {
  tag: '@mobile',
}, async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
  const email = `una.vez.${stamp}@e2e.test`;
  await openScreen(page);
  await chooseGroup(page);
  await page.getByRole('textbox', { name: 'Proveedor' }).fill('Suministros Únicos');
  const supplier = page.getByRole('group', { name: /1\. Proveedor/ });
  await supplier.getByRole('textbox', { name: /Nombre completo/ }).fill('Úrsula Única');
  await supplier.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  // The identification types are the bulk sheet's list, chosen, not typed.
  await supplier.getByRole('combobox', { name: 'Tipo de identificación' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Sin tipo',
    'CC · Cédula de ciudadanía',
    'CE · Cédula de extranjería',
    'NIT · Número de identificación tributaria',
    'TI · Tarjeta de identidad',
    'PP · Pasaporte',
    'PEP · Permiso especial de permanencia',
    'PPT · Permiso por protección temporal',
  ]);
  await page.getByRole('option', { name: 'CE · Cédula de extranjería' }).click();
  await supplier.getByRole('textbox', { name: 'Número de identificación' }).fill('E-445566');
  const manager = page.getByRole('group', { name: /2\. Gerente/ });
  await manager.getByRole('textbox', { name: /Nombre completo/ }).fill('Gina Gerente');
  await manager.getByRole('textbox', { name: /Correo electrónico/ }).fill(`gerente.${stamp}@e2e.test`);

  let sent = 0;
  let answered = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/process_signature_request')) sent++;
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/api/process_signature_request')) answered++;
  });
  await page.getByRole('button', { name: 'Enviar solicitud' }).dblclick();

  // The outcome is where the user looks, with the request's number and link, instead of the form.
  const outcome = page.getByRole('region', { name: /Solicitud n\.º \d+ enviada/ });
  await expect(outcome).toBeInViewport();
  await expect(outcome).toBeFocused();
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toHaveCount(0);
  await expect(outcome.getByRole('link', { name: 'Ver la solicitud' })).toHaveAttribute(
    'href',
    /\/update-signature-request\/update\/\d+$/,
  );
  await expect.poll(() => answered).toBe(sent);
  expect(await requestsTo(email)).toBe(1);

  await outcome.getByRole('button', { name: 'Enviar otra' }).click();
  await expect(outcome).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Proveedor' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Enviar solicitud' })).toBeEnabled();
});
