import { expect, test } from '@playwright/test';
import { SHELL_PERSONAS } from './fixtures/shell.fixture.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible, withoutTransitions } from './support/axe.js';

/** axe-core: no serious or critical violation on the login page, home and the open menu. */

test('login page', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/session/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await withoutTransitions(page);
  await expectAccessible(page);
});

test('home, as a company user', { tag: '@mobile' }, async ({ page }) => {
  const { email, password } = SHELL_PERSONAS.companyAdmin;
  await signPageIn(page, await apiSession(email, password));
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
  await withoutTransitions(page);
  await expect(page.getByTestId('storage-bar')).toBeVisible({
    visible: (page.viewportSize()?.width ?? 0) >= 1280,
  });
  await expectAccessible(page);
});

test('the open menus: side menu with a group expanded, user menu, help menu', { tag: '@mobile' }, async ({
  page,
}) => {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
  await withoutTransitions(page);
  const desktop = (page.viewportSize()?.width ?? 0) >= 1280;
  if (!desktop) await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByTestId('side-drawer');
  await drawer.getByRole('button', { name: 'Administración', exact: true }).click();
  await expect(drawer.getByRole('link', { name: 'Creación de Empresas' })).toBeVisible();
  await expectAccessible(page);

  if (!desktop) await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Ayuda' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
});
