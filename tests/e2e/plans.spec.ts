import { expect, test } from '@playwright/test';
import {
  PLATFORM_ANDINA,
  PLATFORM_BOREAL,
  PLATFORM_PLAN,
  PLATFORM_USERS,
} from './fixtures/platform.fixture.js';
import { expectPhoneList } from './fixtures/viewport.js';
import {
  deleteRow,
  pickFromAutocomplete,
  rowOf,
  searchList,
  selectOption,
  sheetRows,
  signInAs,
  signInAsAdmin,
  unique,
} from './support/platform.js';

/**
 * Plans and packages (/user/plans): the administrator manages the plan catalogue, assigns a plan to
 * a company ("Asignar plan"), filters and exports the assigned packages and opens a package's
 * details with its transactions. Company users lack packages_plans.list and are sent home.
 */

test('the administrator creates, filters, shows, edits and deletes plans', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/user/plans');
  await page.getByRole('tab', { name: 'Planes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de paquetes' })).toBeVisible();

  const name = `Plan E2E ${unique()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('spinbutton', { name: 'Firmas' }).fill('500');
  await dialog.getByRole('textbox', { name: 'Precio (USD)' }).fill('49,999');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toContainText('Formato inválido');
  await dialog.getByRole('textbox', { name: 'Precio (USD)' }).fill('49,90');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  await searchList(page, name);
  const row = rowOf(page, name);
  await expect(row).toContainText('500 firmas');
  await expect(row).toContainText('49,90');
  await expect(row).toContainText('365 días');
  await expect(rowOf(page, PLATFORM_PLAN.name)).toHaveCount(0);

  await row.getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog')).toContainText('Vigencia (días)');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();

  await row.getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Ilimitado').check();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await expect(rowOf(page, name)).toContainText('Ilimitado');

  await deleteRow(page, name);
});

test('the administrator assigns a plan, filters and exports packages and reads their details', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/user/plans');
  await page.getByRole('tab', { name: 'Paquetes asignados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de paquetes' })).toBeVisible();
  await expect(rowOf(page, PLATFORM_ANDINA.fiscalName)).toBeVisible();

  // Assign the fixture plan to the other company.
  await page.getByRole('button', { name: 'Asignar plan' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Asignar un plan a una empresa');
  await pickFromAutocomplete(page, 'Empresa', 'Boreal Contenidos', PLATFORM_BOREAL.fiscalName);
  await pickFromAutocomplete(page, 'Plan', 'Fixture E2E', PLATFORM_PLAN.name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  // Filter by company (search) and status.
  await searchList(page, 'Boreal Contenidos');
  const row = rowOf(page, PLATFORM_BOREAL.fiscalName);
  await expect(row).toContainText(PLATFORM_PLAN.name);
  await expect(row).toContainText('Vigente');
  await expect(rowOf(page, PLATFORM_ANDINA.fiscalName)).toHaveCount(0);
  await selectOption(page, 'Estado', 'Vencido', page.locator('form').first());
  await expect(rowOf(page, PLATFORM_BOREAL.fiscalName)).toHaveCount(0);
  await selectOption(page, 'Estado', 'Vigente', page.locator('form').first());
  await expect(rowOf(page, PLATFORM_BOREAL.fiscalName)).toBeVisible();

  // Export: the sheet has the filtered package.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const rows = await sheetRows(await downloading);
  expect(
    rows.some((line) => line.includes(PLATFORM_BOREAL.fiscalName) && line.includes(PLATFORM_PLAN.name)),
  ).toBe(true);
  expect(rows.some((line) => line.includes(PLATFORM_ANDINA.fiscalName))).toBe(false);

  // Details of the fixture package: units and the transactions table.
  await searchList(page, 'Andina Contenidos');
  await rowOf(page, PLATFORM_ANDINA.fiscalName).getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('Detalle del paquete');
  await expect(details).toContainText('40 de 250');
  await expect(details).toContainText('Movimientos');
});

test('a company user cannot open plans and packages', async ({ page }) => {
  await signInAs(page, PLATFORM_USERS.andina);
  await page.goto('/user/plans');
  await expect(page).toHaveURL(/\/home$/);
});

test('on a phone packages and plans are rows, their buttons on screen and the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/user/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de paquetes' })).toBeVisible();
  await page.getByRole('tab', { name: 'Paquetes asignados' }).click();
  await expectPhoneList(page, {
    rowText: PLATFORM_ANDINA.fiscalName,
    toolbarButton: 'Asignar plan',
    detailsTitle: 'Detalle del paquete',
  });
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Planes' }).click();
  await expectPhoneList(page, { rowText: PLATFORM_PLAN.name, detailsTitle: 'Plan' });
});
