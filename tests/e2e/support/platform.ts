import { readFile } from 'node:fs/promises';
import { type Download, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminCredentials, apiSession, signPageIn } from './apiSession.js';

/** Helpers shared by the banners, plans, notifications and help center specs. */

export const unique = () => Date.now().toString(36).slice(-5);

export async function signInAsAdmin(page: Page) {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
}

export async function signInAs(page: Page, person: { email: string; password: string }) {
  await signPageIn(page, await apiSession(person.email, person.password));
}

export const rowOf = (page: Page, text: string) => page.locator('table tbody tr', { hasText: text });

/** Types in the list's search box (placeholder "Buscar"). */
export async function searchList(page: Page, text: string) {
  await page.getByPlaceholder('Buscar', { exact: true }).fill(text);
}

/** Deletes a row through its confirmation dialog, checking the confirm button is red. */
export async function deleteRow(page: Page, name: string) {
  await rowOf(page, name).getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(name);
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

/** The rows (as text) of the first sheet of a downloaded .xlsx. */
export async function sheetRows(download: Download): Promise<string[]> {
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

/** Picks an option of a MUI select (react-admin SelectInput) by its label. */
export async function selectOption(
  page: Page,
  label: string,
  option: string,
  scope = page.getByRole('dialog'),
) {
  const combobox = scope.getByRole('combobox', { name: label });
  const choice = page.getByRole('option', { name: option, exact: true });
  // A click that lands while the form re-renders can leave the menu closed: open it again until
  // the option shows.
  await expect(async () => {
    if (!(await choice.isVisible())) await combobox.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await choice.click();
}

/** Picks a company in an autocomplete by typing part of its name. */
export async function pickFromAutocomplete(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('dialog').getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
