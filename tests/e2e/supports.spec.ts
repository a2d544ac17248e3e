import { expect, type Page, test } from '@playwright/test';
import { SUPPORT_COMPANY, SUPPORT_PEOPLE } from './fixtures/supports.fixture.js';
import { expectNoHorizontalOverflow, isPhone } from './fixtures/viewport.js';
import { adminCredentials, apiSession } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { selectOption, signInAs, signInAsAdmin, unique } from './support/platform.js';

/**
 * The support desk: a company user opens a ticket from the help button's form, the platform
 * answers it on /supports and takes an internal note, and the company reads the answer on
 * /company_supports without the note. At 1440 and 390 px.
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** The company's "support form" option, switched on through the API as the administrator. */
async function enableSupportForm() {
  const { email, password } = adminCredentials();
  const admin = await apiSession(email, password);
  const headers = { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };
  const companies = await fetch(`${baseUrl()}/api/company_list/1/100/20/1`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ search: SUPPORT_COMPANY.fiscalName }),
  });
  const list = (await companies.json()) as { data: { items: { id: number; fiscal_name?: string }[] } };
  const company = list.data.items[0];
  if (!company) throw new Error('No se encontró la empresa de soporte');
  const reply = await fetch(`${baseUrl()}/api/update_company_enable_feature`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ company_id: company.id, feature: 'support_form', enabled: true }),
  });
  expect(reply.status).toBe(200);
}

/** The ticket's row: a table row on a desktop, a phone row on a phone. */
const ticketRow = (page: Page, text: string) =>
  isPhone(page)
    ? page.getByTestId('phone-row').filter({ hasText: text }).first()
    : page.locator('table tbody tr', { hasText: text });

async function openDetails(page: Page, subject: string) {
  await page.getByPlaceholder('Buscar por asunto o número').fill(subject);
  const row = ticketRow(page, subject);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Ver detalles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitud de soporte' });
  await expect(dialog).toContainText(subject);
  return dialog;
}

test('a company user opens a ticket from the help button and the platform answers it', {
  tag: '@mobile',
}, async ({ page, browser }) => {
  // Two people, four screens and four accessibility scans: longer than one screen's spec.
  test.slow();
  await enableSupportForm();
  const subject = `No llega el código ${unique()}`;
  await signInAs(page, SUPPORT_PEOPLE.operator);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Ayuda' }).click();
  await page.getByRole('menuitem', { name: 'Solicitar soporte' }).click();
  const form = page.getByRole('dialog', { name: 'Solicitar soporte' });
  await form.getByRole('textbox', { name: 'Asunto' }).fill(subject);
  await selectOption(page, 'Prioridad', 'Alta', form);
  await form.getByRole('textbox', { name: 'Mensaje' }).fill('Los firmantes no reciben el código por SMS.');
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByText(/Solicitud de soporte #\d+ creada/)).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.goto('/company_supports');
  await expect(page.getByRole('heading', { level: 1, name: 'Soportes de empresa' })).toBeVisible();
  await expect(ticketRow(page, subject)).toContainText('Abierto');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // The platform answers and notes something the company must not read.
  const deskContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const desk = await deskContext.newPage();
  await signInAsAdmin(desk);
  await desk.goto('/supports');
  await expect(desk.getByRole('heading', { level: 1, name: 'Soportes' })).toBeVisible();
  await expect(ticketRow(desk, subject)).toContainText(SUPPORT_COMPANY.fiscalName);
  await expectNoHorizontalOverflow(desk);
  await expectAccessible(desk);
  const ticket = await openDetails(desk, subject);
  await expect(ticket).toContainText('Los firmantes no reciben el código por SMS.');
  await ticket.getByRole('textbox', { name: 'Mensaje' }).fill('Nota privada: revisar el proveedor de SMS.');
  await ticket.getByRole('button', { name: 'Guardar nota interna' }).click();
  await expect(ticket.getByRole('listitem').filter({ hasText: 'Nota interna' })).toBeVisible();
  await ticket.getByRole('textbox', { name: 'Mensaje' }).fill('Ya restablecimos el envío de códigos.');
  await ticket.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(ticket.getByRole('listitem').filter({ hasText: 'Ya restablecimos' })).toBeVisible();
  await expect(ticket).toContainText('Esperando al cliente');
  await expectNoHorizontalOverflow(desk);
  await expectAccessible(desk);
  await deskContext.close();

  // The company reads the answer, never the note, and writes back.
  await page.goto('/company_supports');
  const mine = await openDetails(page, subject);
  await expect(mine).toContainText('Ya restablecimos el envío de códigos.');
  await expect(mine).toContainText('Esperando al cliente');
  await expect(mine).not.toContainText('Nota privada');
  await mine.getByRole('textbox', { name: 'Mensaje' }).fill('Ya llegan, gracias.');
  await mine.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(mine).toContainText('En proceso');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});

test('the support screens send home whoever may not use them', { tag: '@mobile' }, async ({ page }) => {
  // An auditor holds no support permission.
  await signInAs(page, SUPPORT_PEOPLE.auditor);
  await page.goto('/company_supports');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();

  // A customer company's user may open tickets, not the platform's desk.
  const otherContext = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await otherContext.newPage();
  await signInAs(other, SUPPORT_PEOPLE.operator);
  await other.goto('/supports');
  await expect(other).toHaveURL(/\/home$/);
  await otherContext.close();
});
