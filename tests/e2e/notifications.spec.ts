import { expect, test } from '@playwright/test';
import { PLATFORM_ANDINA, PLATFORM_NOTIFICATIONS, PLATFORM_USERS } from './fixtures/platform.fixture.js';
import { expectPhoneList } from './fixtures/viewport.js';
import {
  deleteRow,
  pickFromAutocomplete,
  rowOf,
  searchList,
  selectOption,
  signInAs,
  signInAsAdmin,
  unique,
} from './support/platform.js';

/**
 * Notifications (/notifications) and "Mis notificaciones" on home: the administrator writes a
 * notification for one company, edits, shows, publishes and deletes it; that company's user reads it
 * on home and marks it as read; the other company's user never sees it.
 */

test('the administrator writes, filters, shows, edits, publishes and deletes a notification; its audience reads it', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();

  const title = `Nueva función E2E ${unique()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await selectOption(page, 'Audiencia', 'Una empresa');
  await pickFromAutocomplete(page, 'Empresa', 'Andina Contenidos', PLATFORM_ANDINA.fiscalName);
  const body = dialog.getByRole('textbox', { name: 'Mensaje' });
  await body.fill('Ya puede firmar ');
  await dialog.getByRole('button', { name: 'Negrita' }).click();
  await expect(body).toHaveValue('Ya puede firmar <strong></strong>');
  await body.fill('<p>Ya puede firmar <strong>por lotes</strong>.</p><script>alert(1)</script>');
  await dialog.getByRole('tab', { name: 'Vista previa' }).click();
  await expect(dialog.locator('strong', { hasText: 'por lotes' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  await searchList(page, title);
  const row = rowOf(page, title);
  await expect(row).toContainText('Borrador');
  await expect(row).toContainText(PLATFORM_ANDINA.fiscalName);
  await expect(rowOf(page, PLATFORM_NOTIFICATIONS.boreal)).toHaveCount(0);

  await row.getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog');
  const renamed = `${title} editada`;
  await edit.getByRole('textbox', { name: 'Título' }).fill(renamed);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await searchList(page, renamed);

  await rowOf(page, renamed).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog').locator('strong', { hasText: 'por lotes' })).toBeVisible();
  await expect(page.getByRole('dialog').locator('script')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();

  await rowOf(page, renamed).getByRole('button', { name: 'Publicar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(rowOf(page, renamed)).toContainText('Publicado');

  // Filter by status.
  await selectOption(page, 'Estado', 'Borrador', page.locator('form').first());
  await expect(rowOf(page, renamed)).toHaveCount(0);
  await selectOption(page, 'Estado', 'Publicado', page.locator('form').first());
  await expect(rowOf(page, renamed)).toBeVisible();

  // Its company's user reads it on home and marks it as read; the other company never sees it.
  const andina = await browser.newPage();
  await signInAs(andina, PLATFORM_USERS.andina);
  await andina.goto('/home');
  const mine = andina.getByRole('region', { name: 'Mis notificaciones' });
  await expect(mine).toContainText(renamed);
  await expect(mine).toContainText(PLATFORM_NOTIFICATIONS.andina);
  await expect(mine).not.toContainText(PLATFORM_NOTIFICATIONS.boreal);
  await mine.getByText(renamed).click();
  await mine.getByRole('button', { name: 'Marcar como leída' }).click();
  await expect(mine.getByRole('button', { name: 'Marcar como leída' })).toHaveCount(0);
  await andina.close();

  const boreal = await browser.newPage();
  await signInAs(boreal, PLATFORM_USERS.boreal);
  await boreal.goto('/home');
  const theirs = boreal.getByRole('region', { name: 'Mis notificaciones' });
  await expect(theirs).toContainText(PLATFORM_NOTIFICATIONS.boreal);
  await expect(theirs).not.toContainText(renamed);
  await expect(theirs).not.toContainText(PLATFORM_NOTIFICATIONS.andina);
  await boreal.close();

  await deleteRow(page, renamed);
});

test('a company user cannot open the notifications screen', async ({ page }) => {
  await signInAs(page, PLATFORM_USERS.boreal);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/home$/);
});

test('on a phone the notifications are rows, their buttons on screen and the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/notifications');
  await expectPhoneList(page, { rowText: PLATFORM_NOTIFICATIONS.andina, detailsTitle: 'Notificación' });
});
