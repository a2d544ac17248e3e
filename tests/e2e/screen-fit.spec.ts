import { expect, type Page, test } from '@playwright/test';
import { FIT_ADMIN, FIT_GROUP, FIT_TEMPLATE } from './fixtures/screenFit.fixture.js';
import { expectClearOfHelpButton, expectNothingWiderThanViewport, isPhone } from './fixtures/viewport.js';
import { signInAs } from './support/platform.js';

/**
 * Screens that must fit at 1440 and at 390 px: the group editor keeps within the screen, the
 * history's filters leave a phone's first screen to the requests, and the help button sits in the
 * top bar, where it covers no control of the page (a template version's «Ver cambios», a status chip).
 */

async function openHistory(page: Page) {
  await signInAs(page, FIT_ADMIN);
  await page.goto('/list-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contrato de suministro 1 E2E' })).toBeVisible();
}

test('the group editor keeps within the screen and its subtitle reads on a line', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAs(page, FIT_ADMIN);
  await page.goto('/document-group');
  await page.getByRole('treeitem').filter({ hasText: 'Proveedores internacionales' }).click();
  await page.getByRole('button', { name: 'Editar' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documento' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Firmantes' })).toBeVisible();
  await expectNothingWiderThanViewport(page);
  // The group's name, under the heading, as wide as the screen allows (not one syllable per line).
  const subtitle = page.getByText(FIT_GROUP, { exact: true });
  const width = page.viewportSize()!.width;
  await expect
    .poll(async () => (await subtitle.boundingBox())?.width ?? 0)
    .toBeGreaterThan(Math.min(width * 0.6, 600));
});

test('the history keeps its filters behind «Filtros» on a phone, in view on a desktop', {
  tag: '@mobile',
}, async ({ page }) => {
  await openHistory(page);
  const status = page.getByRole('combobox', { name: 'Estado' });
  const toggle = page.getByRole('button', { name: /^Filtros/ });
  if (isPhone(page)) {
    // The first screen shows requests, not four filters.
    await expect(status).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const newest = page.getByRole('list', { name: 'Historial de solicitudes' }).getByRole('listitem').first();
    await expect(newest).toBeInViewport();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(status).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Firmante' })).toBeVisible();
  } else {
    await expect(toggle).toHaveCount(0);
    await expect(status).toBeVisible();
  }
  await expectNothingWiderThanViewport(page);
});

test('the help button sits in the top bar and covers no status chip nor «Ver cambios»', {
  tag: '@mobile',
}, async ({ page }) => {
  await openHistory(page);
  const help = page.getByRole('button', { name: 'Ayuda' });
  const bar = await page.getByTestId('app-bar').boundingBox();
  const button = await help.boundingBox();
  expect(bar && button).toBeTruthy();
  expect(button!.y).toBeGreaterThanOrEqual(bar!.y);
  expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y + bar!.height);

  const chips = isPhone(page)
    ? page.getByRole('list', { name: 'Historial de solicitudes' }).locator('.MuiChip-root')
    : page.locator('table tbody .MuiChip-root');
  await expectClearOfHelpButton(page, chips);
  await expectNothingWiderThanViewport(page);

  await page.goto('/document-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar' }).first().click();
  await expect(page.getByLabel(/^Nombre/).first()).toHaveValue(FIT_TEMPLATE);
  await expectClearOfHelpButton(page, page.getByRole('button', { name: 'Ver cambios' }));
});
