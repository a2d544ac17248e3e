import { expect, test } from '@playwright/test';
import {
  LOGS_ADMINISTRATOR,
  LOGS_AUDITOR,
  LOGS_OPERATOR,
  LOGS_OTHER_ADMINISTRATOR,
} from './fixtures/operationsLogs.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { type ApiSession, apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { callApi, sendRequest } from './support/operationsLogs.js';
import { rowOf, selectOption, sheetRows, unique } from './support/platform.js';

/**
 * Download logs (/document_download_logs): a company's administrator downloads a request's documents
 * as a ZIP and records a download through the API; the screen says who, when, from where and how,
 * filters by how and exports; another company's downloads never show; the operator is sent home.
 */

/** A request sent, then its documents taken as a ZIP and one download recorded, all through the API. */
async function downloadedRequest(session: ApiSession, title: string) {
  const requestId = await sendRequest(
    session,
    { name: 'Diana Descarga', email: `diana.${unique()}@e2e.test` },
    title,
  );
  await callApi(session, 'POST', 'download_zip', { request_ids: [requestId] });
  await callApi(session, 'POST', 'save_download_log', { request_id: requestId, kind: 'download' });
  return requestId;
}

test('a company administrator sees who downloaded what, how and from where, filters and exports', async ({
  page,
}) => {
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const other = await apiSession(LOGS_OTHER_ADMINISTRATOR.email, LOGS_OTHER_ADMINISTRATOR.password);
  const title = `Contrato descargado ${unique()}`;
  const foreignTitle = `Contrato ajeno ${unique()}`;
  const requestId = await downloadedRequest(admin, title);
  await downloadedRequest(other, foreignTitle);

  await signPageIn(page, admin);
  await page.goto('/document_download_logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Descarga de documentos' })).toBeVisible();
  const rows = rowOf(page, title);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'ZIP' })).toContainText('Rosa Registros');
  await expect(rows.filter({ hasText: 'Remitente' })).toContainText(`Solicitud ${requestId}`);
  await expect(rows.first()).toContainText('rosa.registros@e2e.test');
  await expect(rowOf(page, foreignTitle)).toHaveCount(0);
  await expect(page.getByText('Omar Otro')).toHaveCount(0);

  await selectOption(page, 'Cómo', 'ZIP', page.locator('form').first());
  await expect(rowOf(page, title)).toHaveCount(1);
  await expect(rowOf(page, title)).toContainText('Descarga en ZIP');
  await page.getByPlaceholder('Buscar por persona').fill('Rosa');
  await expect(rowOf(page, title)).toHaveCount(1);
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  const sheet = await sheetRows(download);
  expect(sheet[0]).toContain('Cómo');
  const mine = sheet.filter((line) => line.includes(title));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toContain('ZIP');
  expect(sheet.some((line) => line.includes(foreignTitle))).toBe(false);
  await expectNoHorizontalOverflow(page);
});

test('an auditor reads the download logs; an operator is sent home', async ({ page, browser }) => {
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const title = `Contrato auditado ${unique()}`;
  await downloadedRequest(admin, title);
  await signPageIn(page, await apiSession(LOGS_AUDITOR.email, LOGS_AUDITOR.password));
  await page.goto('/document_download_logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Descarga de documentos' })).toBeVisible();
  await expect(rowOf(page, title)).toHaveCount(2);

  const operatorPage = await browser.newPage();
  await signPageIn(operatorPage, await apiSession(LOGS_OPERATOR.email, LOGS_OPERATOR.password));
  await operatorPage.goto('/document_download_logs');
  await expect(operatorPage).toHaveURL(/\/home$/);
  await operatorPage.close();
});

test('on a phone the downloads are rows, the page no wider than it and axe clean', {
  tag: '@mobile',
}, async ({ page }) => {
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const title = `Contrato en el teléfono con un título bastante largo ${unique()}`;
  await downloadedRequest(admin, title);
  await signPageIn(page, admin);
  await page.goto('/document_download_logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Descarga de documentos' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  const row = page.getByTestId('phone-row').filter({ hasText: title }).first();
  await expect(row).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
