import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 21: screens load on demand. The build names react-admin's chunk and the admin app's
 * (`react-admin-*.js`, `AdminRoot-*.js`, vite.config.ts) and the template editor's
 * (`DocumentTemplatePage-*.js`, src/pages/adminPages.tsx); these specs check the browser's
 * requests against those names.
 */
const ADMIN_CHUNK = /\/assets\/(react-admin|AdminRoot)-[\w-]+\.js$/;
const EDITOR_CHUNK = /\/assets\/DocumentTemplatePage-[\w-]+\.js$/;

const adminEmail = process.env.E2E_ADMIN_EMAIL ?? '';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? '';

/** Every script the page asks for, in order, from now on. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\.m?js$/.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

async function signIn(page: Page) {
  await page.getByLabel(/^Correo electrónico/).fill(adminEmail);
  await page.getByLabel(/^Contraseña/).fill(adminPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
}

test.describe('code splitting', () => {
  test('the login page fetches no react-admin chunk', { tag: '@mobile' }, async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/session/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => ADMIN_CHUNK.test(url))).toEqual([]);

    // Signing in then loads the admin app: the names above are the build's, not a pattern that never matches.
    await signIn(page);
    expect(scripts.filter((url) => ADMIN_CHUNK.test(url))).toHaveLength(2);
  });

  test('the template editor chunk is fetched only when the editor opens', async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/session/login');
    await signIn(page);
    await page.getByRole('link', { name: 'Plantillas de documento' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => EDITOR_CHUNK.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(page).toHaveURL(/\/document-template\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plantilla de documento' })).toBeVisible();
    await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
    expect(scripts.filter((url) => EDITOR_CHUNK.test(url))).toHaveLength(1);
  });
});
