import { expect, type Page, test } from '@playwright/test';
import { IMPERSONATED_USER, IMPERSONATION_COMPANY } from './fixtures/impersonation.fixture.js';
import { isDesktop } from './fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';

/**
 * SPEC §4 impersonation, end to end: the administrator acts as a company user and comes back, and
 * nothing of the other user stays on screen (name, role, company, menu entries).
 */

const drawer = (page: Page) => page.getByTestId('side-drawer');

/** The side menu's entries (on a phone the temporary drawer is opened, read and closed). */
async function menuEntries(page: Page): Promise<string[]> {
  if (!isDesktop(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(drawer(page)).toBeVisible();
  const entries = (await drawer(page).locator('[data-menu-entry]').allInnerTexts()).map((text) =>
    text.trim(),
  );
  if (!isDesktop(page)) await page.keyboard.press('Escape');
  return entries;
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
}

/**
 * Runs `action`, after which the app loads a whole new page (useImpersonation does after every
 * switch), and waits for that page to load. Waiting on the address is not enough: coming back goes
 * from /home to /home, so it matches at once, and the checks that follow would read the old page
 * while it unloads (or the new one before it has drawn its menu).
 */
async function withNewPage(page: Page, action: () => Promise<void>) {
  const loaded = page.waitForEvent('load');
  await action();
  await loaded;
}

test('the administrator impersonates a company user and returns to their own user', {
  tag: '@mobile',
}, async ({ page }) => {
  const { email, password } = adminCredentials();
  // A session of this test's own: returning ends the impersonation session, never the admin's.
  const admin = await apiSession(email, password, { fresh: true });
  await signPageIn(page, admin);
  await page.goto('/home');
  const adminName = String(admin.user.full_name);
  await expect(page.getByTestId('user-full-name')).toHaveText(adminName);
  const adminEntries = await menuEntries(page);
  expect(adminEntries).toContain('Administración');

  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Volver a mi usuario' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Suplantar Usuario' }).click();
  await expect(page).toHaveURL(/\/user\/impersonate-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Suplantar usuario' })).toBeVisible();

  await page.getByRole('combobox', { name: /Empresa/ }).fill('Suplantaciones Andinas');
  await page.getByRole('option', { name: new RegExp(IMPERSONATION_COMPANY.fiscalName) }).click();
  await expect(
    page.getByRole('heading', { name: `Usuarios de ${IMPERSONATION_COMPANY.fiscalName}` }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /Bruno Bloqueado/ })).toBeDisabled();
  await page.getByRole('radio', { name: new RegExp(IMPERSONATED_USER.fullName) }).check();
  await withNewPage(page, () => page.getByRole('button', { name: 'Suplantar', exact: true }).click());

  // Now acting as the other user: new token flagged isImpersonating, the admin's kept aside.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-full-name')).toHaveText(IMPERSONATED_USER.fullName);
  await expect(page.getByTestId('user-role-name')).toHaveText(IMPERSONATED_USER.roleName);
  await expect(page.getByTestId('company-name')).toHaveText(IMPERSONATION_COMPANY.fiscalName);
  const tokens = await page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    original: localStorage.getItem('original_token'),
  }));
  expect(tokens.original).toBe(admin.token);
  expect(tokens.access).not.toBe(admin.token);
  const payload = JSON.parse(Buffer.from(String(tokens.access).split('.')[1] ?? '', 'base64url').toString());
  expect(payload).toMatchObject({ isImpersonating: true });
  const impersonatedEntries = await menuEntries(page);
  expect(impersonatedEntries).not.toContain('Administración');
  expect(impersonatedEntries).not.toEqual(adminEntries);

  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Suplantar Usuario' })).toHaveCount(0);
  await withNewPage(page, () => page.getByRole('menuitem', { name: 'Volver a mi usuario' }).click());

  // Back as the administrator, with nothing of the other user on screen.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-full-name')).toHaveText(adminName);
  expect(await page.evaluate(() => localStorage.getItem('original_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBe(admin.token);
  await expect(page.getByText(IMPERSONATED_USER.fullName)).toHaveCount(0);
  await expect(page.getByText(IMPERSONATION_COMPANY.fiscalName)).toHaveCount(0);
  expect(await menuEntries(page)).toEqual(adminEntries);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Volver a mi usuario' })).toHaveCount(0);
});

test('logging out while impersonating keeps the session (SPEC §4)', async ({ page }) => {
  const { email, password } = adminCredentials();
  const admin = await apiSession(email, password, { fresh: true });
  await signPageIn(page, admin);
  await page.goto('/user/impersonate-user');
  await page.getByRole('combobox', { name: /Empresa/ }).fill('Suplantaciones Andinas');
  await page.getByRole('option', { name: new RegExp(IMPERSONATION_COMPANY.fiscalName) }).click();
  await page.getByRole('radio', { name: new RegExp(IMPERSONATED_USER.fullName) }).check();
  await page.getByRole('button', { name: 'Suplantar', exact: true }).click();
  await expect(page.getByTestId('user-full-name')).toHaveText(IMPERSONATED_USER.fullName);

  // "If an original token is stored, logout clears the access token only when none is stored."
  if (!isDesktop(page)) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await drawer(page).getByRole('button', { name: 'Cerrar sesión' }).click();
  // Nothing is cleared; the page says why.
  await expect(page.getByText(/Está suplantando a otro usuario: la sesión sigue abierta/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('original_token'))).toBe(admin.token);

  await expect(page.getByTestId('user-full-name')).toHaveText(IMPERSONATED_USER.fullName);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Volver a mi usuario' }).click();
  await expect(page.getByTestId('user-full-name')).toHaveText(String(admin.user.full_name));
});
