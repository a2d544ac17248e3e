import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  COMPANIES_BAD_NIT,
  COMPANIES_BRANCH,
  COMPANIES_HOME,
  COMPANIES_NEW_NITS,
  COMPANIES_OTHER,
  COMPANIES_USER,
} from './fixtures/companies.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';
import { selectOption } from './support/platform.js';

/**
 * Companies and branches (/user/company, /user/company/update/:id), end to end: the administrator
 * manages every company; a company user sees only its company and branches and creates branches.
 */

const unique = () => Date.now().toString(36).slice(-5);

async function signInAsAdmin(page: Page) {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
}

async function signInAsCompanyUser(page: Page) {
  await signPageIn(page, await apiSession(COMPANIES_USER.email, COMPANIES_USER.password));
}

const table = (page: Page) => page.locator('table');
const rowOf = (page: Page, name: string) => table(page).locator('tr', { hasText: name });

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Buscar por razón social o NIT').fill(text);
}

/** The rows (as text) of the first sheet of a downloaded .xlsx. */
async function sheetRows(download: Download): Promise<string[]> {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(await download.path());
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).map((value) => String(value ?? '')).join(' | '));
  });
  return rows;
}

async function exportRows(page: Page): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  return sheetRows(await downloading);
}

/** Deletes a row through the confirmation dialog, checking its confirm button is red. */
async function deleteRow(page: Page, name: string) {
  await rowOf(page, name).getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`¿Eliminar ${name}?`);
  const confirm = dialog.getByRole('button', { name: 'Eliminar' });
  await expect(confirm).toHaveClass(/MuiButton-colorError/);
  const color = await confirm.evaluate((button) => getComputedStyle(button).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number);
  expect(red).toBeGreaterThan(150);
  expect(red).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);
  await confirm.click();
  await expect(rowOf(page, name)).toHaveCount(0);
}

test('the administrator creates, filters, shows, edits, exports and deletes companies', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/user/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Empresas' })).toBeVisible();
  await expect(rowOf(page, COMPANIES_OTHER.fiscalName)).toBeVisible();

  // Create: a wrong check digit is refused next to the field; then the key is shown once.
  const name = `Gamma E2E ${unique()} S.A.S.`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva empresa' })).toBeVisible();
  await dialog.getByLabel('Razón social').fill(name);
  await dialog.getByLabel('NIT').fill(COMPANIES_BAD_NIT);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El dígito de verificación del NIT no es válido')).toBeVisible();
  await dialog.getByLabel('NIT').fill(COMPANIES_NEW_NITS.administrator);
  await selectOption(page, 'Departamento', 'Antioquia');
  await selectOption(page, 'Ciudad', 'Medellín');
  await dialog.getByLabel('Correo de soporte').fill('soporte@gamma.test');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Clave de API del nuevo registro' });
  await expect(keyDialog).toBeVisible();
  await expect(keyDialog.getByTestId('api-key-value')).not.toBeEmpty();
  await keyDialog.getByRole('button', { name: 'Cerrar' }).click();

  // List with a filter.
  await search(page, 'Gamma E2E');
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, COMPANIES_OTHER.fiscalName)).toHaveCount(0);

  // Show.
  await rowOf(page, name).getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog', { name: 'Detalle de la empresa' });
  await expect(details).toContainText(COMPANIES_NEW_NITS.administrator);
  await expect(details).toContainText('Medellín, Antioquia');
  await details.getByRole('button', { name: 'Cerrar' }).first().click();

  // Edit on its own route.
  await rowOf(page, name).getByRole('button', { name: 'Actualizar' }).click();
  await expect(page).toHaveURL(/\/user\/company\/update\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Actualizar empresa' })).toBeVisible();
  await expect(page.getByText(/La clave principal empieza por/)).toBeVisible();
  await page.getByLabel('Teléfono de soporte').fill('+57 601 555 0199');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/company(\?|$)/);
  await search(page, name);
  await rowOf(page, name).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalle de la empresa' })).toContainText('+57 601 555 0199');
  await page.keyboard.press('Escape');

  // Export: every matching row, generated on the server.
  await search(page, 'E2E');
  await expect(rowOf(page, COMPANIES_OTHER.fiscalName)).toBeVisible();
  const rows = await exportRows(page);
  expect(rows.some((row) => row.includes(COMPANIES_OTHER.fiscalName))).toBe(true);
  expect(rows.some((row) => row.includes(name))).toBe(true);

  // Delete.
  await search(page, name);
  await deleteRow(page, name);
});

test('a company user manages its branches and never sees other companies', async ({ page }) => {
  await signInAsCompanyUser(page);
  await page.goto('/user/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Sucursales' })).toBeVisible();
  await expect(rowOf(page, COMPANIES_BRANCH.fiscalName)).toBeVisible();
  await expect(rowOf(page, COMPANIES_HOME.fiscalName).first()).toBeVisible();
  await expect(rowOf(page, COMPANIES_OTHER.fiscalName)).toHaveCount(0);

  // Create a branch.
  const branch = `Alfa E2E Sucursal ${unique()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Nueva sucursal' })).toBeVisible();
  await dialog.getByLabel('Razón social').fill(branch);
  await dialog.getByLabel('NIT').fill(COMPANIES_NEW_NITS.company);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Clave de API del nuevo registro' });
  await expect(keyDialog).toBeVisible();
  await keyDialog.getByRole('button', { name: 'Cerrar' }).click();

  // Filter, show, edit.
  await search(page, branch);
  await expect(rowOf(page, branch)).toBeVisible();
  await expect(rowOf(page, COMPANIES_BRANCH.fiscalName)).toHaveCount(0);
  await rowOf(page, branch).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalle de la empresa' })).toContainText(
    COMPANIES_HOME.fiscalName,
  );
  await page.keyboard.press('Escape');
  await rowOf(page, branch).getByRole('button', { name: 'Actualizar' }).click();
  await expect(page).toHaveURL(/\/user\/company\/update\/\d+$/);
  await expect(page.getByLabel('Capacidad de almacenamiento (GB)')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Razón social' }).fill(`${branch} Norte`);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/company(\?|$)/);

  // Export holds its own records only.
  await search(page, 'E2E');
  await expect(rowOf(page, COMPANIES_BRANCH.fiscalName)).toBeVisible();
  const rows = await exportRows(page);
  expect(rows.some((row) => row.includes(`${branch} Norte`))).toBe(true);
  expect(rows.some((row) => row.includes(COMPANIES_OTHER.fiscalName))).toBe(false);

  // Delete the new branch.
  await search(page, `${branch} Norte`);
  await deleteRow(page, `${branch} Norte`);
});

test('a company user sees its companies on a phone', { tag: '@mobile' }, async ({ page }) => {
  await signInAsCompanyUser(page);
  await page.goto('/user/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Sucursales' })).toBeVisible();
  // A table on a desktop, a list of rows below md (the mobile project runs at 390 px).
  const record = (name: string) =>
    page.locator('table tr, [data-testid="phone-row"]').filter({ hasText: name });
  await expect(record(COMPANIES_BRANCH.fiscalName)).toBeVisible();
  await expect(record(COMPANIES_OTHER.fiscalName)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

test('a company user switches a feature and previews its own e-mail text', async ({ page }) => {
  await signInAsCompanyUser(page);
  await page.goto('/company_features');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configuración de funcionalidades' }),
  ).toBeVisible();
  const reminders = page.getByRole('switch', { name: 'Recordatorios automáticos' });
  const before = await reminders.isChecked();
  await reminders.click();
  await expect(page.getByText('Funcionalidad actualizada')).toBeVisible();
  await expect(reminders).toBeChecked({ checked: !before });
  await expect(page.getByRole('switch', { name: 'Código OTP por SMS' })).toBeDisabled();

  const subject = `Firme ya ${unique()}`;
  await page.getByLabel('Asunto').fill(subject);
  await expect(page.getByTestId('preview-subject')).toHaveText(subject);
  await page.getByRole('button', { name: 'Guardar correo' }).click();
  await expect(page.getByText('Correo guardado')).toBeVisible();
  await expect(page.getByText('Texto propio')).toBeVisible();
});
