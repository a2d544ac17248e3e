import { expect, type Page, test } from '@playwright/test';
import { makeSampleDocx } from '../../server/uploads/testing/sample-docx.js';
import { solidPng } from '../support/documents/tools.js';
import { DIRECTORY_ADMIN, DIRECTORY_DOCUMENT_TYPE } from './fixtures/users.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';

/**
 * Document templates end to end, as a company administrator: create a template with fields of
 * several types, save a second version and see what changed, preview it as PDF, import a DOCX.
 */

// The body's editor comes first; the header's and footer's follow in the page-setup section.
const editor = (page: Page) => page.locator('.ProseMirror').first();

async function addField(page: Page, label: string, type?: string) {
  const panel = page.getByRole('region', { name: 'Campos combinados' });
  await panel.getByLabel('Etiqueta').fill(label);
  if (type) {
    await panel.getByRole('combobox', { name: 'Tipo', exact: true }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  await panel.getByRole('button', { name: 'Agregar campo' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: label })).toHaveCount(1);
}

async function openEditorAsDirector(page: Page) {
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page).toHaveURL(/\/document-template\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plantilla de documento' })).toBeVisible();
  await expect(page.getByTestId('editor-mode')).toHaveText('Nueva plantilla de documento');
}

test('a company administrator builds a template, versions it, previews it as PDF and imports a DOCX', async ({
  page,
}) => {
  await openEditorAsDirector(page);
  const name = `Contrato de servicios ${Date.now()}`;
  await page
    .getByLabel(/^Nombre/)
    .first()
    .fill(name);
  await page.getByLabel(/^Tipo de documento/).click();
  await page.getByRole('option', { name: DIRECTORY_DOCUMENT_TYPE }).click();

  await editor(page).click();
  await page.keyboard.type('Contrato entre ');
  await addField(page, 'Nombre del cliente');
  await editor(page).press('End');
  await page.keyboard.type(' por un valor de ');
  await addField(page, 'Valor', 'Número');
  await editor(page).press('End');
  await page.keyboard.press('Enter');
  await addField(page, 'Firma del cliente', 'Firma');
  await expect(editor(page).locator('span[data-field]')).toHaveCount(3);

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page).toHaveURL(/\/document-template\/update\/\d+$/);
  await expect(page.getByText('Versión 1', { exact: true })).toBeVisible();

  // A second version: one more sentence.
  await editor(page).locator('p').first().click();
  await editor(page).press('End');
  await page.keyboard.type(' Cláusula de confidencialidad.');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Versión 2', { exact: true })).toBeVisible();

  const versions = page.getByRole('region', { name: 'Versiones' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await versions
    .getByRole('listitem')
    .filter({ hasText: 'Versión 2 ·' })
    .getByRole('button', { name: 'Ver cambios' })
    .click();
  const changes = page.getByRole('dialog', { name: 'Cambios de la versión 2' });
  await expect(changes.locator('[data-change="changed"][data-side="before"]')).toContainText(
    'Contrato entre «nombre_del_cliente»',
  );
  await expect(changes.locator('[data-change="changed"][data-side="before"]')).not.toContainText(
    'confidencialidad',
  );
  await expect(changes.locator('[data-change="changed"][data-side="after"]')).toContainText(
    'Cláusula de confidencialidad.',
  );
  await changes.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: 'Vista previa PDF' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa del PDF' });
  await expect(preview.getByTestId('preview-pages')).toHaveText('1 página');
  await expect(preview.getByRole('img', { name: 'Página 1' })).toBeVisible();
  const download = page.waitForEvent('download');
  await preview.getByRole('link', { name: 'Descargar PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`${name}.pdf`);
  await preview.getByRole('button', { name: 'Cerrar' }).click();

  const docx = await makeSampleDocx(solidPng(40, 20, [200, 30, 30]));
  await page.getByTestId('docx-import').setInputFiles({
    name: 'contrato.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await expect(editor(page).locator('h1')).toHaveText('Contrato de prestación de servicios');
  await expect(editor(page).locator('table')).toHaveCount(1);

  await page.getByRole('button', { name: 'Volver a plantillas' }).click();
  await page.getByPlaceholder('Buscar por nombre').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});

test('the template editor fits a phone', { tag: '@mobile' }, async ({ page }) => {
  await openEditorAsDirector(page);
  await expect(editor(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto('/document-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de documento' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
