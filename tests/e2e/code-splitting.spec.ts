import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 21: screens load on demand. The build's manifest (dist/web/.vite/manifest.json) says which
 * chunks each entry needs; these specs check the browser's requests against it.
 */
type ManifestChunk = { file: string; imports?: string[] };
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8'),
);

/** The files an entry loads with it: its own and every chunk it imports statically. */
function filesOf(entry: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`${entry} is not in the build's manifest`);
  if (!seen.has(chunk.file)) {
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, seen);
  }
  return seen;
}

const guestFiles = new Set([...filesOf('index.html'), ...filesOf('src/login/LoginPage.tsx')]);
/** The admin app's chunks that a guest page does not share: react-admin and everything on it. */
const adminOnlyFiles = [...filesOf('src/AdminRoot.tsx')].filter((file) => !guestFiles.has(file));
const entryFile = (entry: string) => [...filesOf(entry)][0];
const adminRootFile = entryFile('src/AdminRoot.tsx');
const editorFile = entryFile('src/pages/DocumentTemplatePage.tsx');
/** Split off the first screens: English is fetched only when someone switches to it. */
const englishFile = entryFile('src/i18n/englishCatalogue.ts');
const fileOf = (url: string) => new URL(url).pathname.slice(1);

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

/** After signing in, the company list through the side menu, as a person gets there. */
async function openCompanyList(page: Page) {
  // The administrator's first sign-in may offer two-factor in a modal over the page.
  await page.waitForLoadState('networkidle');
  const prompt = page.getByRole('dialog', { name: '¿Activar la verificación en dos pasos?' });
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Ahora no' }).click();
  await expect(prompt).toBeHidden();
  const drawer = page.getByTestId('side-drawer');
  // The link may sit in a closed group of the menu: open groups until one shows it.
  const link = drawer.locator('a[data-menu-entry][href="/user/company"]').filter({ visible: true }).first();
  for (const header of await drawer.locator('[aria-controls][data-menu-entry]').all()) {
    if (await link.isVisible()) break;
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
  }
  await link.click();
  await expect(page).toHaveURL(/\/user\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Empresas' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('code splitting', () => {
  test('the login page fetches no react-admin chunk', { tag: '@mobile' }, async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/session/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const requested = scripts.map(fileOf);
    expect(requested.length).toBeGreaterThan(0);
    expect(adminOnlyFiles.length).toBeGreaterThan(0);
    expect(requested.filter((file) => adminOnlyFiles.includes(file))).toEqual([]);
    expect(requested.filter((file) => !guestFiles.has(file))).toEqual([]);

    // Signing in then loads the admin app (the manifest's names are those the browser requests).
    await signIn(page);
    expect(scripts.map(fileOf)).toContain(adminRootFile);
  });

  test('the login page shows its form before any script has run, and keeps what was typed there', {
    tag: '@mobile',
  }, async ({ page }) => {
    // Hold the entry chunk: what is on screen meanwhile came with the page itself (login.html).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/${entryFile('index.html')}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/session/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.getByLabel(/^Correo electrónico/).fill(adminEmail);
    await page.getByLabel(/^Contraseña/).fill(adminPassword);

    release();
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('email') ?? {}).some((key) => key.startsWith('__reactFiber')),
    );
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the template editor chunk is fetched only when the editor opens', async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.goto('/session/login');
    await signIn(page);
    await page.goto('/document-template');
    await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.map(fileOf)).not.toContain(editorFile);

    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(page).toHaveURL(/\/document-template\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plantilla de documento' })).toBeVisible();
    await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
    expect(scripts.map(fileOf)).toContain(editorFile);
  });

  test('the way from the login page to the first list fetches neither English nor the editor', async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    await page.goto('/session/login');
    await signIn(page);
    await openCompanyList(page);
    const requested = scripts.map(fileOf);
    expect(requested).toContain(adminRootFile);
    expect(requested).not.toContain(englishFile);
    expect(requested).not.toContain(editorFile);
  });
});
