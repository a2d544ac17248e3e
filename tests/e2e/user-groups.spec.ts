import { expect, type Page, test } from '@playwright/test';
import {
  DIRECTORY_ADMIN,
  DIRECTORY_COMPANY,
  DIRECTORY_GROUP,
  INACTIVE_COLLEAGUE,
  OTHER_COMPANY,
  OUTSIDER,
  OUTSIDER_GROUP,
} from './fixtures/users.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';

/**
 * User groups (/user_groups) end to end: the administrator works on any company's groups, a
 * company only on its own (and its branches'); members are users of the group's company. Groups
 * have no export endpoint (SPEC §7.2 lists none).
 */

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function pickCompany(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Empresa' });
  await picker.click();
  await picker.fill(name.slice(0, 12));
  await page.getByRole('option', { name, exact: true }).click();
}

test('the administrator manages the groups of another company', async ({ page }) => {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
  await page.goto('/user_groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de usuarios' })).toBeVisible();
  await pickCompany(page, OTHER_COMPANY.fiscalName);
  await expect(row(page, OUTSIDER_GROUP)).toHaveCount(1);
  await expect(row(page, DIRECTORY_GROUP)).toHaveCount(0);

  const name = `Auditores ${Date.now()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo grupo de usuarios' });
  await expect(dialog.getByRole('combobox', { name: /Empresa/ })).toHaveValue(OTHER_COMPANY.fiscalName);
  await dialog.getByLabel(/^Nombre/).fill(name);
  await dialog.getByRole('combobox', { name: /Miembros/ }).click();
  await page.getByRole('option', { name: new RegExp(OUTSIDER.email) }).click();
  // Closes the suggestions (Escape would close the dialog).
  await dialog.getByRole('heading').click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByPlaceholder('Buscar grupos').fill(name);
  await expect(row(page, name)).toContainText('1 miembro');
  await row(page, name).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar grupo' });
  await edit.getByLabel(/^Descripción/).fill('Revisan los contratos');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await row(page, name).getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog', { name: 'Detalles del grupo' });
  await expect(details).toContainText('Revisan los contratos');
  await expect(details).toContainText(`${OUTSIDER.name} ${OUTSIDER.lastName}`);
  await page.keyboard.press('Escape');

  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: /¿Eliminar/ }).getByRole('button', { name: 'Eliminar' });
  await expect(confirm).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await confirm.click();
  await expect(row(page, name)).toHaveCount(0);
});

test('a company manages its own groups and never sees another company’s', async ({ page }) => {
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/user_groups');
  await expect(row(page, DIRECTORY_GROUP)).toContainText('2 miembros');
  await expect(page.getByText(OUTSIDER_GROUP)).toHaveCount(0);

  const name = `Ventas ${Date.now()}`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo grupo de usuarios' });
  await dialog.getByLabel(/^Nombre/).fill(name);
  await dialog.getByRole('combobox', { name: /Miembros/ }).click();
  // Only users of the company are offered.
  await expect(page.getByRole('option', { name: new RegExp(OUTSIDER.email) })).toHaveCount(0);
  await page.getByRole('option', { name: new RegExp(INACTIVE_COLLEAGUE.email) }).click();
  await dialog.getByRole('heading').click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, name)).toContainText(DIRECTORY_COMPANY.fiscalName);

  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: /¿Eliminar/ })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(row(page, name)).toHaveCount(0);
});

test('on a phone the groups are rows with their buttons, the page no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/user_groups');
  const groupRow = page.getByTestId('phone-row').filter({ hasText: DIRECTORY_GROUP });
  await expect(groupRow).toContainText('2 miembros');
  await expect(groupRow.getByRole('button', { name: 'Editar' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Agregar', exact: true })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await groupRow.getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalles del grupo' })).toContainText(DIRECTORY_GROUP);
});
