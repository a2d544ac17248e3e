import { expect, type Page, test } from '@playwright/test';
import {
  REPORT_BRANCH,
  REPORT_COMPANY,
  REPORT_OTHER,
  REPORT_REQUESTS,
  REPORT_USERS,
} from './fixtures/reports.fixture.js';
import { expectNoHorizontalOverflow, isPhone } from './fixtures/viewport.js';
import { expectAccessible } from './support/axe.js';
import { rowOf, selectOption, sheetRows, signInAs, signInAsAdmin } from './support/platform.js';

/**
 * Reports (/reports for a company, /reports/companies for the platform): the contract history with
 * its totals, filters and the streamed .xlsx export; a user without the permission, or a customer
 * company on the platform's report, is sent home.
 */

const totals = (page: Page) => page.getByRole('region', { name: 'Totales de las solicitudes filtradas' });
const figure = (page: Page, name: string) => totals(page).locator(`[data-figure="${name}"]`);
/** A row of the list: a table row on a desktop, a phone row below md. */
const reportRow = (page: Page, text: string) =>
  isPhone(page) ? page.getByTestId('phone-row').filter({ hasText: text }) : rowOf(page, text);

async function openCompanyReport(page: Page) {
  await signInAs(page, REPORT_USERS.admin);
  await page.goto('/home');
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'Reporte', exact: true }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporte' })).toBeVisible();
}

test('a company administrator reads the history of the company and its branch, filters and exports it', {
  tag: '@mobile',
}, async ({ page }) => {
  await openCompanyReport(page);
  const main = reportRow(page, REPORT_REQUESTS.main.title);
  const branch = reportRow(page, REPORT_REQUESTS.branch.title);
  await expect(main).toContainText(REPORT_COMPANY.fiscalName);
  await expect(main).toContainText('En proceso');
  await expect(branch).toContainText(REPORT_BRANCH.fiscalName);
  await expect(reportRow(page, REPORT_REQUESTS.other.title)).toHaveCount(0);
  if (!isPhone(page)) {
    await expect(main).toContainText('0 de 2 firmaron');
    await expect(main).toContainText('Ana Andes (Invitado)');
    await expect(main).toContainText('Renata Reportes');
  }
  // Totals of everything the filters match, es-CO numbers.
  await expect(figure(page, 'requests')).toHaveText('2');
  await expect(figure(page, 'units')).toHaveText('3');
  await expect(figure(page, 'in_progress')).toHaveText('2');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // The export downloads every matching row as .xlsx.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const rows = await sheetRows(await downloading);
  expect(rows[0]).toContain('Unidades');
  expect(rows.some((line) => line.includes(REPORT_REQUESTS.main.title))).toBe(true);
  expect(rows.some((line) => line.includes(REPORT_REQUESTS.branch.title))).toBe(true);
  expect(rows.some((line) => line.includes(REPORT_REQUESTS.other.title))).toBe(false);

  if (isPhone(page)) return;
  // A status no request has empties the list and the totals.
  await selectOption(page, 'Estado', 'Completada', page.locator('form').first());
  await expect(rowOf(page, REPORT_REQUESTS.main.title)).toHaveCount(0);
  await expect(figure(page, 'requests')).toHaveText('0');
  await selectOption(page, 'Estado', 'En proceso', page.locator('form').first());
  await expect(rowOf(page, REPORT_REQUESTS.main.title)).toBeVisible();
  await expect(figure(page, 'requests')).toHaveText('2');
});

test('the platform reads every company and filters by one', { tag: '@mobile' }, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/home');
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'Reporte empresas', exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reporte empresas' })).toBeVisible();

  if (isPhone(page)) await page.getByRole('button', { name: 'Agregar filtro' }).click();
  if (isPhone(page)) await page.getByRole('menuitemcheckbox', { name: 'Empresa', exact: true }).click();
  const company = page.locator('form').first().getByRole('combobox', { name: 'Empresa' });
  await company.fill('Pacífico E2E');
  await page.getByRole('option', { name: REPORT_OTHER.fiscalName }).click();
  await expect(reportRow(page, REPORT_REQUESTS.other.title)).toBeVisible();
  await expect(reportRow(page, REPORT_REQUESTS.main.title)).toHaveCount(0);
  await expect(figure(page, 'requests')).toHaveText('1');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const rows = await sheetRows(await downloading);
  expect(rows.filter((line) => line.includes(REPORT_OTHER.fiscalName))).toHaveLength(1);
  expect(rows.some((line) => line.includes(REPORT_COMPANY.fiscalName))).toBe(false);
});

test('a user without report.list, and a customer company on the platform report, are sent home', async ({
  page,
}) => {
  await signInAs(page, REPORT_USERS.operator);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Reporte', exact: true })).toHaveCount(0);
});

test('a company administrator cannot open the platform report', async ({ page }) => {
  await signInAs(page, REPORT_USERS.admin);
  await page.goto('/reports/companies');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Reporte empresas', exact: true })).toHaveCount(0);
});
