import { expect, type Page, test } from '@playwright/test';
import { LOOK_ADMIN } from './fixtures/lookAndFeel.fixture.js';
import { signInAs } from './support/platform.js';

/**
 * The template editor reads as Spanish to every user, sighted or not: each toolbar control is
 * named in Spanish (aria-label and title) and each editing area has a name; the top bar and the
 * browser tab carry the page's title.
 */

/** The controls of each editor's toolbar, in order. */
const TOOLBAR = [
  'Nivel del texto',
  'Negrita',
  'Cursiva',
  'Subrayado',
  'Tachado',
  'Alinear a la izquierda',
  'Centrar',
  'Alinear a la derecha',
  'Justificar',
  'Lista con viñetas',
  'Lista numerada',
  'Cita',
  'Agregar un enlace',
  'Insertar tabla',
  'Salto de página',
  'Borrar formato',
];

async function openNewTemplate(page: Page) {
  await signInAs(page, LOOK_ADMIN);
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plantilla de documento' })).toBeVisible();
}

/** Each control of a toolbar as `aria-label | title`. */
const controlNames = (toolbar: ReturnType<Page['locator']>) =>
  toolbar
    .locator('button, [role="combobox"]')
    .evaluateAll((controls) =>
      controls.map((control) => `${control.getAttribute('aria-label')} | ${control.getAttribute('title')}`),
    );

test('every toolbar control and editing area is named in Spanish', { tag: '@mobile' }, async ({ page }) => {
  await openNewTemplate(page);
  await expect(page.getByRole('textbox', { name: 'Contenido' })).toBeVisible();
  await page.getByRole('button', { name: 'Encabezado, pie y página' }).click();
  await expect(page.getByRole('textbox', { name: 'Encabezado (se repite en cada página)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pie de página (se repite en cada página)' })).toBeVisible();

  const toolbars = page.locator('.RaRichTextInputToolbar-root');
  await expect(toolbars).toHaveCount(3);
  const expected = TOOLBAR.map((name) => `${name} | ${name}`);
  for (const toolbar of await toolbars.all()) expect(await controlNames(toolbar)).toEqual(expected);
});

test('the editor names itself in the top bar and the tab', { tag: '@mobile' }, async ({ page }) => {
  await openNewTemplate(page);
  await expect(page).toHaveTitle('Plantilla de documento · Rúbrica');
  // The top bar shows the title from 1280 px up (below, the page's heading is the title).
  if ((page.viewportSize()?.width ?? 0) >= 1280) {
    await expect(page.getByTestId('app-bar')).toContainText('Plantilla de documento');
  }
});
