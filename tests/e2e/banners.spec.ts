import { expect, test } from '@playwright/test';
import { PLATFORM_ANDINA, PLATFORM_BANNERS, PLATFORM_USERS } from './fixtures/platform.fixture.js';
import { expectPhoneList } from './fixtures/viewport.js';
import {
  deleteRow,
  pickFromAutocomplete,
  rowOf,
  searchList,
  selectOption,
  signInAs,
  signInAsAdmin,
  TINY_PNG,
  unique,
} from './support/platform.js';

/**
 * Banners (/list-banner/banner) and the home carousel: the administrator creates text and image
 * banners for an audience, filters, shows, edits and deletes them; a company user sees on home only
 * the banners of its own company. Banners have no export endpoint in the contract.
 */

test('the administrator creates, filters, shows, edits and deletes banners', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/list-banner/banner');
  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await expect(rowOf(page, PLATFORM_BANNERS.andina)).toBeVisible();

  // Create a text banner for one company.
  const title = `Mantenimiento E2E ${unique()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Nuevo banner');
  await selectOption(page, 'Audiencia', 'Una empresa');
  // Title and company are required (§5 message), before anything reaches the server.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toContainText('Campo requerido');
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Texto' }).fill('El sábado la plataforma no estará disponible.');
  await pickFromAutocomplete(page, 'Empresa', 'Andina Contenidos', PLATFORM_ANDINA.fiscalName);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  // Filter by the search box and by kind.
  await searchList(page, title);
  await expect(rowOf(page, PLATFORM_BANNERS.andina)).toHaveCount(0);
  const row = rowOf(page, title);
  await expect(row).toContainText('Una empresa');
  await expect(row).toContainText(PLATFORM_ANDINA.fiscalName);
  await expect(row).toContainText('En pantalla');

  // Show.
  await row.getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog')).toContainText('El sábado la plataforma no estará disponible.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();

  // Edit: it becomes an image banner; a file over 1 MB is refused before it reaches the server.
  await row.getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByRole('textbox', { name: 'Título' })).toHaveValue(title);
  await edit.getByRole('radio', { name: 'Imagen' }).check();
  const fileInput = edit.locator('input[type=file]');
  await fileInput.setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1024 * 1024 + 10),
  });
  await expect(edit).toContainText('La imagen no puede superar 1 MB');
  await fileInput.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(edit.getByRole('img', { name: 'Vista previa' })).toBeVisible();
  const renamed = `${title} editado`;
  await edit.getByRole('textbox', { name: 'Título' }).fill(renamed);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await searchList(page, renamed);
  await expect(rowOf(page, renamed)).toContainText('Imagen');

  // Delete (red confirmation).
  await deleteRow(page, renamed);
});

test('a company user sees only its company’s banners on home and cannot open the banner screen', async ({
  page,
}) => {
  await signInAs(page, PLATFORM_USERS.andina);
  await page.goto('/home');
  const carousel = page.getByRole('region', { name: 'Anuncios' });
  await expect(carousel).toBeVisible();
  // Several banners may rotate: walk through all of them.
  const seen = new Set<string>();
  const dots = carousel.getByRole('button', { name: /Ir al anuncio/ });
  const count = Math.max(1, await dots.count());
  for (let index = 0; index < count; index += 1) {
    if (count > 1) await dots.nth(index).click();
    seen.add((await carousel.getByRole('heading').first().textContent()) ?? '');
  }
  expect([...seen]).toContain(PLATFORM_BANNERS.andina);
  expect([...seen]).not.toContain(PLATFORM_BANNERS.boreal);

  await page.goto('/list-banner/banner');
  await expect(page).toHaveURL(/\/home$/);
});

test('on a phone the banners are rows, their buttons on screen and the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/list-banner/banner');
  await expectPhoneList(page, { rowText: PLATFORM_BANNERS.andina, detailsTitle: 'Banner' });
});
