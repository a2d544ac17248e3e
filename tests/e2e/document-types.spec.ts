import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  DIRECTORY_ADMIN,
  DIRECTORY_DOCUMENT_TYPE,
  OTHER_COMPANY,
  OUTSIDER_DOCUMENT_TYPE,
} from './fixtures/users.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';

/**
 * Document types (/document-type) end to end, as the administrator and as a company: create, list
 * with a filter, edit, details, delete with a red confirmation, .xlsx export; a company never sees
 * another company's types.
 */

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function exportCells(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((sheetRow) => {
    sheetRow.eachCell((cell) => {
      cells.push(String(cell.value ?? ''));
    });
  });
  return cells;
}

async function createType(page: Page, name: string, code: string) {
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de documento' });
  await dialog.getByLabel(/^Nombre/).fill(name);
  await dialog.getByLabel(/^Código/).fill(code);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);
}

test('the administrator manages the document types of a company', async ({ page }) => {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
  await page.goto('/document-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipos de documento' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Empresa' });
  await picker.click();
  await picker.fill('Competencia');
  await page.getByRole('option', { name: OTHER_COMPANY.fiscalName, exact: true }).click();
  await expect(row(page, OUTSIDER_DOCUMENT_TYPE)).toHaveCount(1);
  await expect(row(page, DIRECTORY_DOCUMENT_TYPE)).toHaveCount(0);

  const name = `Pagaré ${Date.now()}`;
  await createType(page, name, 'pag-01');
  await page.getByPlaceholder('Buscar por nombre, código o descripción').fill('PAG-01');
  await expect(row(page, name)).toContainText('PAG-01');
  await expect(row(page, OUTSIDER_DOCUMENT_TYPE)).toHaveCount(0);

  await row(page, name).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar tipo de documento' });
  await edit.getByLabel(/^Estado/).click();
  await page.getByRole('option', { name: 'Inactivo' }).click();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row(page, name)).toContainText('Inactivo');

  await row(page, name).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalles del tipo de documento' })).toContainText(
    OTHER_COMPANY.fiscalName,
  );
  await page.keyboard.press('Escape');

  expect(await exportCells(page)).toContain(name);

  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: /¿Eliminar/ }).getByRole('button', { name: 'Eliminar' });
  await expect(confirm).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await confirm.click();
  await expect(row(page, name)).toHaveCount(0);
});

test('a company sees and exports only its own document types', async ({ page }) => {
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/document-type');
  await expect(row(page, DIRECTORY_DOCUMENT_TYPE)).toHaveCount(1);
  await expect(page.getByText(OUTSIDER_DOCUMENT_TYPE)).toHaveCount(0);

  const name = `Acuerdo ${Date.now()}`;
  await createType(page, name, 'ACU');
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Activo', exact: true }).click();
  await expect(row(page, name)).toHaveCount(1);

  const cells = await exportCells(page);
  expect(cells).toContain(name);
  expect(cells).toContain(DIRECTORY_DOCUMENT_TYPE);
  expect(cells).not.toContain(OUTSIDER_DOCUMENT_TYPE);

  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: /¿Eliminar/ })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(row(page, name)).toHaveCount(0);
});

test('on a phone the list is rows, its buttons on screen and the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/document-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Tipos de documento' })).toBeVisible();
  await expect(page.getByTestId('phone-row').filter({ hasText: DIRECTORY_DOCUMENT_TYPE })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Agregar', exact: true })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  // The create dialog fills the screen.
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo tipo de documento' });
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeInViewport();
  await expect(dialog.getByLabel(/^Nombre/)).toBeInViewport();
  // Required by the contract's schema: marked, and refused blank with the SPEC §5 message.
  await dialog.getByLabel(/^Nombre/).fill('   ');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Campo requerido').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
