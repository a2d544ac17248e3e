import { expect, test } from '@playwright/test';
import { PLATFORM_FAQ, PLATFORM_USERS } from './fixtures/platform.fixture.js';
import { expectPhoneList } from './fixtures/viewport.js';
import {
  deleteRow,
  rowOf,
  searchList,
  selectOption,
  signInAs,
  signInAsAdmin,
  unique,
} from './support/platform.js';

/**
 * Help center (/help_center) and the public FAQ page (/frequently-asked-questions): the
 * administrator writes, edits, shows, publishes and deletes articles; published ones appear on the
 * FAQ page, grouped by category and searchable, for visitors and signed-in users alike.
 */

test('the administrator writes, filters, shows, edits, publishes and deletes help articles', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto('/help_center');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
  await expect(rowOf(page, PLATFORM_FAQ.draft)).toContainText('Borrador');

  const title = `¿Cómo descargo un certificado E2E ${unique()}?`;
  const category = `Certificados E2E ${unique()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Categoría' }).fill(category);
  await dialog
    .getByRole('textbox', { name: 'Contenido' })
    .fill('<p>Abra la solicitud y pulse <em>Certificado</em>.</p>');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  await searchList(page, title);
  const row = rowOf(page, title);
  await expect(row).toContainText(category);
  await expect(row).toContainText('Borrador');

  await row.getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('spinbutton', { name: 'Posición' }).fill('2');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);

  await rowOf(page, title).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog').locator('em', { hasText: 'Certificado' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();

  await rowOf(page, title).getByRole('button', { name: 'Publicar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(rowOf(page, title)).toContainText('Publicado');
  await selectOption(page, 'Estado', 'Borrador', page.locator('form').first());
  await expect(rowOf(page, title)).toHaveCount(0);

  // A visitor finds it on the FAQ page under its category.
  const visitor = await browser.newPage();
  await visitor.goto('/frequently-asked-questions');
  await expect(visitor.getByRole('heading', { level: 2, name: category })).toBeVisible();
  await visitor.getByText(title).click();
  await expect(visitor.locator('em', { hasText: 'Certificado' })).toBeVisible();
  await visitor.close();

  await selectOption(page, 'Estado', 'Publicado', page.locator('form').first());
  await deleteRow(page, title);
});

test('the FAQ page works for visitors: grouped, searchable, drafts hidden', { tag: '@mobile' }, async ({
  page,
}) => {
  await page.goto('/frequently-asked-questions');
  await expect(page).toHaveURL(/\/frequently-asked-questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: PLATFORM_FAQ.category })).toBeVisible();
  await expect(page.getByText(PLATFORM_FAQ.draft)).toHaveCount(0);
  await page.getByText(PLATFORM_FAQ.published).click();
  await expect(page.getByText(PLATFORM_FAQ.answer)).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Buscar en las preguntas' });
  await search.fill('zzz-no-existe');
  await expect(page.getByText('Ninguna pregunta coincide con «zzz-no-existe».')).toBeVisible();
  await search.fill('enlace que recibió');
  await expect(page.getByText(PLATFORM_FAQ.published)).toBeVisible();
});

test('signed-in users and company users can read the FAQ page too', async ({ page }) => {
  await signInAs(page, PLATFORM_USERS.andina);
  await page.goto('/frequently-asked-questions');
  await expect(page).toHaveURL(/\/frequently-asked-questions$/);
  await expect(page.getByText(PLATFORM_FAQ.published)).toBeVisible();
  await page.goto('/help_center');
  await expect(page).toHaveURL(/\/home$/);
});

test('on a phone the articles are rows, their buttons on screen and the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/help_center');
  await expectPhoneList(page, { rowText: PLATFORM_FAQ.draft, detailsTitle: 'Artículo' });
});
