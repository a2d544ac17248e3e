import { expect, type Locator, type Page, test } from '@playwright/test';
import { LOOK_GROUP, LOOK_OPERATOR, lookRequestTitle } from './fixtures/lookAndFeel.fixture.js';
import { isDesktop } from './fixtures/viewport.js';
import { signInAs } from './support/platform.js';

/**
 * Requests carry their own names: the sender titles a request, the history lists it by that title
 * (a link in the theme's gold, not the browser's blue) and its page is headed by it, with the
 * group as secondary information; the top bar and the tab name the bulk page too.
 */

// The theme's primary gold (src/theme/tokens.ts GOLD.main #806010).
const THEME_LINK = 'rgb(128, 96, 16)';

const colorOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).color);

async function expectTopBarTitle(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} · Rúbrica`);
  if (isDesktop(page)) await expect(page.getByTestId('app-bar')).toContainText(title);
}

test('a request sent with its own title is listed and headed by it', { tag: '@mobile' }, async ({ page }) => {
  const title = `Arriendo bodega ${Date.now().toString(36)}`;
  await signInAs(page, LOOK_OPERATOR);
  await page.goto('/single-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud individual' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Grupo de documentos' }).click();
  await page.getByRole('option', { name: new RegExp(LOOK_GROUP) }).click();
  await page.getByRole('textbox', { name: /^Título de la solicitud/ }).fill(title);
  const tenant = page.getByRole('group', { name: /1\. Arrendatario/ });
  await tenant.getByRole('textbox', { name: /Nombre completo/ }).fill('Teresa Tenaz');
  await tenant.getByRole('textbox', { name: /Correo electrónico/ }).fill(`teresa.${Date.now()}@e2e.test`);
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('region', { name: /Solicitud n\.º \d+ enviada/ })).toBeVisible();

  await page.goto('/list-signature-request');
  const link = page.getByRole('main').getByRole('link', { name: title });
  await expect(link).toBeVisible();
  expect(await colorOf(link)).toBe(THEME_LINK);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('request-group')).toHaveText(`Grupo de documentos: ${LOOK_GROUP}`);
  await expectTopBarTitle(page, title);
});

test("the titles in the history are links in the theme's gold", { tag: '@mobile' }, async ({ page }) => {
  await signInAs(page, LOOK_OPERATOR);
  await page.goto('/list-signature-request');
  for (const status of ['in_progress', 'completed'] as const) {
    const link = page.getByRole('main').getByRole('link', { name: lookRequestTitle(status) });
    await expect(link).toBeVisible();
    expect(await colorOf(link)).toBe(THEME_LINK);
  }
});

test('the bulk page names itself in the top bar and the tab', { tag: '@mobile' }, async ({ page }) => {
  await signInAs(page, LOOK_OPERATOR);
  await page.goto('/bulk-signature-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud masiva' })).toBeVisible();
  await expectTopBarTitle(page, 'Solicitud masiva');
});
