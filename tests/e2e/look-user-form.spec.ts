import { expect, test } from '@playwright/test';
import { VALIDATION_MESSAGES } from '../../contract/validation.js';
import { LOOK_ADMIN } from './fixtures/lookAndFeel.fixture.js';
import { signInAs } from './support/platform.js';

/**
 * A field the user form refuses to leave empty says so before saving: once a document number is
 * typed, «Tipo de documento» carries the same required mark as «Nombre», and saving without it
 * points at it.
 */
test('«Tipo de documento» is marked required once a number is typed', { tag: '@mobile' }, async ({
  page,
}) => {
  await signInAs(page, LOOK_ADMIN);
  await page.goto('/user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Usuarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  // The label of an input (a <label>, or a <div> for a select), by the input's source.
  const mark = (source: string) =>
    dialog.locator(`.ra-input-${source} .MuiFormLabel-root span[aria-hidden="true"]`);

  // A required field's label ends with react-admin's hidden asterisk.
  await expect(mark('name')).toHaveText(/\*/);
  await expect(dialog.locator('.ra-input-id_type .MuiFormLabel-root')).toHaveText('Tipo de documento');
  await expect(mark('id_type')).toHaveCount(0);

  await dialog.getByRole('textbox', { name: 'Número de documento' }).fill('1020304050');
  await expect(mark('id_type')).toHaveText(/\*/);

  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const typeField = dialog.locator('.ra-input-id_type');
  await expect(typeField).toContainText(VALIDATION_MESSAGES.required);

  await dialog.getByRole('textbox', { name: 'Número de documento' }).fill('');
  await expect(mark('id_type')).toHaveCount(0);
});
