import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from '../e2e/fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from '../e2e/support/apiSession.js';

/**
 * The cost centers the "Add a resource" test adds from tests/add-resource/files: their generated
 * screens, as the seeded administrator, at 1440 px (desktop project) and 390 px (mobile project).
 */

// A table row on a desktop, a card row on a phone.
const row = (page: Page, text: string) =>
  page.locator('tr, [data-testid="phone-row"]').filter({ hasText: text });

test(
  'the administrator creates, searches, edits and deletes a cost center',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { email, password } = adminCredentials();
    await signPageIn(page, await apiSession(email, password));
    await page.goto('/cost-centers');
    await expect(page.getByRole('heading', { level: 1, name: 'Centros de costo' })).toBeVisible();

    const suffix = `${testInfo.project.name}-${Date.now()}`;
    const name = `Ventas ${suffix}`;
    // A retry meets the first attempt's cost center: its code must not collide with it.
    const code = `v-${testInfo.project.name}${testInfo.retry > 0 ? testInfo.retry : ''}`;
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo centro de costo' });
    await create.getByLabel(/^Nombre/).fill(name);
    await create.getByLabel(/^Código/).fill(code);
    // Kinds the contract implies: a switch (on by default), money typed Colombian style, a
    // reference picked by name among the company's users.
    await expect(create.getByRole('switch', { name: 'Activo' })).toBeChecked();
    await create.getByLabel(/^Presupuesto/).fill('1.234.567,89');
    await create.getByLabel(/^Responsable/).fill('Administrador');
    await page
      .getByRole('option', { name: /^Administrador/ })
      .first()
      .click();
    await create.getByRole('button', { name: 'Guardar' }).click();
    await expect(create).toHaveCount(0);
    // The toast is the resource's own reply (crudMessages), not a generic one.
    await expect(page.getByText('Centro de costo creado')).toBeVisible();
    await expect(row(page, name)).toContainText(code.toUpperCase());
    await expect(row(page, name)).toContainText(/US\$\s1\.234\.567,89/);
    await expect(row(page, name)).toContainText('Sí');

    // The details speak the resource's catalogue, the company too (it reads company_name).
    await row(page, name).getByRole('button', { name: 'Ver detalles' }).click();
    const details = page.getByRole('dialog', { name: 'Centro de costo' });
    await expect(details.locator('dt')).toHaveText([
      'Empresa',
      'Nombre',
      'Código',
      'Estado',
      'Activo',
      'Presupuesto',
      'Responsable',
      'Creado',
    ]);
    await expect(details.locator('dd')).toContainText([/US\$\s1\.234\.567,89/, /^Administrador/]);
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // The same code again in the same company: 409 naming the field, the dialog stays open.
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await create.getByLabel(/^Nombre/).fill(`Otro ${suffix}`);
    await create.getByLabel(/^Código/).fill(code.toUpperCase());
    await create.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByText('Ya existe un centro de costo con este código en la empresa').first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(create).toHaveCount(0);

    await page.getByPlaceholder('Buscar por nombre o código').fill(suffix);
    await expect(row(page, name)).toHaveCount(1);
    await page.getByPlaceholder('Buscar por nombre o código').fill(`nada ${suffix}`);
    await expect(row(page, name)).toHaveCount(0);
    await page.getByPlaceholder('Buscar por nombre o código').fill(suffix);
    // The search applies after a pause: adding a filter before then would bring back the old text.
    await expect(row(page, name)).toHaveCount(1);

    // The yes/no filter: Todos, Sí, No (on a phone it waits behind "Agregar filtro").
    const activeFilter = page.getByRole('combobox', { name: 'Activo', exact: true });
    if (testInfo.project.name === 'mobile') {
      await page.getByRole('button', { name: 'Agregar filtro' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Activo', exact: true }).click();
    }
    await activeFilter.click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await expect(row(page, name)).toHaveCount(0);

    await activeFilter.click();
    await page.getByRole('listbox', { name: 'Activo' }).getByText('Todos').click();
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar centro de costo' });
    await edit.getByLabel(/^Estado/).click();
    await page.getByRole('option', { name: 'Inactivo' }).click();
    await edit.getByRole('switch', { name: 'Activo' }).uncheck();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toHaveCount(0);
    await expect(row(page, name)).toContainText('Inactivo');

    await activeFilter.click();
    await page.getByRole('option', { name: 'No', exact: true }).click();
    await expect(row(page, name)).toContainText('No');
    await activeFilter.click();
    await page.getByRole('option', { name: 'Sí', exact: true }).click();
    await expect(row(page, name)).toHaveCount(0);
    await activeFilter.click();
    await page.getByRole('listbox', { name: 'Activo' }).getByText('Todos').click();
    await expectNoHorizontalOverflow(page);

    // The confirmation belongs to the row: a list still reloading after the filter replaces the
    // row and closes its dialog right after the click, so the click is made again until it stays.
    await expect(row(page, name)).toHaveCount(1);
    const confirmation = page.getByRole('dialog', { name: /¿Eliminar/ });
    await expect(async () => {
      if (!(await confirmation.isVisible()))
        await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
      await expect(confirmation).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await confirmation.getByRole('button', { name: 'Eliminar' }).click();
    await expect(row(page, name)).toHaveCount(0);
  },
);
