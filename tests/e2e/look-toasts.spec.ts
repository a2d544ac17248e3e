import { expect, test } from '@playwright/test';
import { makeSampleDocx } from '../../server/uploads/testing/sample-docx.js';
import { solidPng } from '../support/documents/tools.js';
import { LOOK_ADMIN } from './fixtures/lookAndFeel.fixture.js';
import { signInAs } from './support/platform.js';

/**
 * A toast never waits behind an older one: the newest replaces the one on screen at once. The
 * pointer rests on the first toast, which stops its 5-second timer, so only a replacement can end
 * it (no waiting on time).
 */
test('a new toast replaces the one on screen at once', { tag: '@mobile' }, async ({ page }) => {
  await signInAs(page, LOOK_ADMIN);
  await page.goto('/document-template/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Plantilla de documento' })).toBeVisible();
  // Saving without a name: react-admin's "invalid form" toast.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('El formulario no es válido');
  await toast.hover();

  const docx = await makeSampleDocx(solidPng(40, 20, [30, 90, 160]));
  await page.getByTestId('docx-import').setInputFiles({
    name: 'contrato.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await expect(toast).toContainText('Documento importado: revíselo y guarde.');
  await expect(page.getByText('El formulario no es válido')).toHaveCount(0);
});
