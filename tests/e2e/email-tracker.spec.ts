import { expect, type Page, test } from '@playwright/test';
import {
  LOGS_ADMINISTRATOR,
  LOGS_AUDITOR,
  LOGS_OPERATOR,
  LOGS_OTHER_ADMINISTRATOR,
} from './fixtures/operationsLogs.fixture.js';
import { expectNoHorizontalOverflow, expectPhoneList } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { sendRequest } from './support/operationsLogs.js';
import { rowOf, selectOption, sheetRows, unique } from './support/platform.js';

/**
 * E-mail tracker (/email-tracker): requests sent through the API e-mail their signers; the
 * company's administrator finds each e-mail with its status, filters, resends one to a corrected
 * address and exports; another company's mail never shows; an auditor reads without resending.
 */

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Buscar por destinatario').fill(text);
}

/** Sent by the worker a moment after the request: the list is reloaded until the row says so. */
async function expectRowStatus(page: Page, text: string, status: string) {
  await expect(async () => {
    await page.reload();
    await search(page, text);
    await expect(rowOf(page, text)).toContainText(status, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test('a company administrator follows, filters, resends and exports the e-mails of its requests', async ({
  page,
}) => {
  const stamp = unique();
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const other = await apiSession(LOGS_OTHER_ADMINISTRATOR.email, LOGS_OTHER_ADMINISTRATOR.password);
  const recipient = `lina.${stamp}@mal-escrito.test`;
  const foreign = `otro.${stamp}@e2e.test`;
  await sendRequest(admin, { name: 'Lina Lectora', email: recipient });
  await sendRequest(other, { name: 'Otro Firmante', email: foreign });

  await signPageIn(page, admin);
  await page.goto('/email-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de correos' })).toBeVisible();
  await expectRowStatus(page, recipient, 'Enviado');
  const row = rowOf(page, recipient);
  await expect(row).toContainText('Invitación');
  await expect(row).toContainText('Sin abrir');
  await expect(row).toContainText('Registros de Envío E2E S.A.S.');

  // Another company's mail is not there.
  await search(page, foreign);
  await expect(page.getByText('Ningún registro coincide con la búsqueda o los filtros.')).toBeVisible();
  await expect(rowOf(page, foreign)).toHaveCount(0);

  // Filters: status.
  await search(page, stamp);
  await expect(rowOf(page, recipient)).toBeVisible();
  await selectOption(page, 'Estado', 'Rebotado', page.locator('form').first());
  await expect(rowOf(page, recipient)).toHaveCount(0);
  await expect(page.getByText('Ningún registro coincide con la búsqueda o los filtros.')).toBeVisible();
  await selectOption(page, 'Estado', 'Enviado', page.locator('form').first());
  await expect(rowOf(page, recipient)).toBeVisible();
  await expectAccessible(page);

  // Resend to a corrected address: a bad one is refused in Spanish first.
  await rowOf(page, recipient).getByRole('button', { name: 'Reenviar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reenviar a una dirección corregida' });
  const address = dialog.getByRole('textbox', { name: 'Nueva dirección' });
  await address.fill('no-es-un-correo');
  await dialog.getByRole('button', { name: 'Reenviar' }).click();
  await expect(dialog.getByText('Ingrese un correo electrónico válido')).toBeVisible();
  await expectAccessible(page);
  const corrected = `lina.${stamp}@bien-escrito.test`;
  await address.fill(corrected);
  await dialog.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByText(`Correo reenviado a ${corrected}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectRowStatus(page, corrected, 'Enviado');

  // Details, then the export of what the filters show.
  await rowOf(page, corrected).getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog', { name: 'Detalle del correo' });
  await expect(details).toContainText(corrected);
  await expect(details).toContainText('Primera apertura');
  await details.getByRole('button', { name: 'Cerrar' }).last().click();
  await search(page, stamp);
  await expect(rowOf(page, recipient)).toBeVisible();
  await expect(rowOf(page, corrected)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  const rows = await sheetRows(download);
  expect(rows[0]).toContain('Para');
  expect(rows.some((line) => line.includes(recipient))).toBe(true);
  expect(rows.some((line) => line.includes(corrected))).toBe(true);
  expect(rows.some((line) => line.includes(foreign))).toBe(false);
  await expectNoHorizontalOverflow(page);
});

test('an auditor reads the tracker without resending; an operator is sent home', async ({
  page,
  browser,
}) => {
  const auditor = await apiSession(LOGS_AUDITOR.email, LOGS_AUDITOR.password);
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const recipient = `auditada.${unique()}@e2e.test`;
  await sendRequest(admin, { name: 'Auditada', email: recipient });
  await signPageIn(page, auditor);
  await page.goto('/email-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de correos' })).toBeVisible();
  await search(page, recipient);
  await expect(rowOf(page, recipient)).toBeVisible();
  await expect(rowOf(page, recipient).getByRole('button', { name: 'Reenviar' })).toHaveCount(0);

  const operatorPage = await browser.newPage();
  await signPageIn(operatorPage, await apiSession(LOGS_OPERATOR.email, LOGS_OPERATOR.password));
  await operatorPage.goto('/email-tracker');
  await expect(operatorPage).toHaveURL(/\/home$/);
  await operatorPage.close();
});

test('on a phone the e-mails are rows, the page no wider than it and axe clean', { tag: '@mobile' }, async ({
  page,
}) => {
  const admin = await apiSession(LOGS_ADMINISTRATOR.email, LOGS_ADMINISTRATOR.password);
  const recipient = `telefono.${unique()}@un-dominio-bastante-largo-para-un-telefono.test`;
  await sendRequest(admin, { name: 'Tomás Teléfono', email: recipient });
  await signPageIn(page, admin);
  await page.goto('/email-tracker');
  await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de correos' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await search(page, recipient);
  await expectPhoneList(page, {
    rowText: recipient,
    toolbarButton: 'Exportar',
    detailsTitle: 'Detalle del correo',
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
});
