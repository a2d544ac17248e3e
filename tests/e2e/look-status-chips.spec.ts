import { expect, type Page, test } from '@playwright/test';
import { renderedContrast } from './fixtures/contrast.js';
import { LOOK_ADMIN, LOOK_INVITED, lookRequestTitle } from './fixtures/lookAndFeel.fixture.js';
import { signInAs } from './support/platform.js';

/**
 * WCAG AA for status chips: the text of every chip on the request history, a request's page and
 * the users list reaches 4.5:1 against what is behind it, as the browser paints it, at 1440 and
 * 390 px (a table on one, cards on the other).
 */

async function expectReadableChips(page: Page, expected: readonly string[]) {
  const chips = page.locator('main .MuiChip-root');
  for (const text of expected) await expect(chips.filter({ hasText: text }).first()).toBeVisible();
  const measured = [];
  for (const chip of await chips.all()) measured.push(await renderedContrast(chip));
  expect(measured.map(({ text }) => text)).toEqual(expect.arrayContaining([...expected]));
  expect(measured.filter(({ ratio }) => ratio < 4.5)).toEqual([]);
}

test('every status chip reads at 4.5:1 or more', { tag: '@mobile' }, async ({ page }) => {
  await signInAs(page, LOOK_ADMIN);
  await page.goto('/list-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeVisible();
  await expect(page.getByRole('link', { name: lookRequestTitle('in_progress') })).toBeVisible();
  await expectReadableChips(page, ['En proceso', 'Completada', 'Rechazada', 'Cancelada', 'Vencida']);

  await page.getByRole('link', { name: lookRequestTitle('in_progress') }).click();
  await expect(page.getByRole('heading', { level: 1, name: lookRequestTitle('in_progress') })).toBeVisible();
  await expectReadableChips(page, ['En proceso']);

  await page.goto('/user/user');
  await expect(page.getByText(`${LOOK_INVITED.name} ${LOOK_INVITED.lastName}`).first()).toBeVisible();
  await expectReadableChips(page, ['Activo', 'Invitación pendiente']);
});
