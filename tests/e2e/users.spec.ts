import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  BRANCH_COLLEAGUE,
  DIRECTORY_ADMIN,
  DIRECTORY_BRANCH,
  DIRECTORY_COMPANY,
  INACTIVE_COLLEAGUE,
  LOCKED_COLLEAGUE,
  OTHER_COMPANY,
  OUTSIDER,
} from './fixtures/users.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { adminCredentials, apiSession, signPageIn } from './support/apiSession.js';
import { waitForMail } from './support/mail.js';

/**
 * Users (/user/user) end to end, as the platform administrator and as a company administrator:
 * create (invitation e-mail), list with filters, details, edit, unlock / activate, delete with a
 * red confirmation, .xlsx export; a company sees only itself and its branches.
 */

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Every row of the first sheet as text cells. */
async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((sheetRow) => {
    const values = Array.isArray(sheetRow.values) ? sheetRow.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Buscar por nombre, correo o documento').fill(text);
}

async function exportRows(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  return sheetRows(await file.path());
}

test('the administrator creates, finds, edits, exports and deletes a user', async ({ page }) => {
  const { email, password } = adminCredentials();
  await signPageIn(page, await apiSession(email, password));
  await page.goto('/user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Usuarios' })).toBeVisible();

  // Create: the new user receives the invitation e-mail.
  const stamp = Date.now();
  const newEmail = `nuevo.${stamp}@e2e.test`;
  const since = new Date();
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByLabel('Nombre', { exact: false }).first().fill('Nicolás');
  await dialog.getByLabel(/^Apellido/).fill('Nuevo');
  await dialog.getByLabel(/^Teléfono/).fill('300 555 12 34');
  await expect(dialog.getByLabel(/^Teléfono/)).toHaveValue('3005551234');
  await dialog.getByLabel(/^Correo electrónico/).fill(newEmail);
  await dialog.getByLabel(/^Rol/).click();
  await page.getByRole('option', { name: 'Operador' }).click();
  await dialog.getByRole('combobox', { name: /Empresa/ }).fill('Directorio Andino');
  await page.getByRole('option', { name: DIRECTORY_COMPANY.fiscalName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Enviamos una invitación a ${newEmail}`)).toBeVisible();
  await waitForMail(newEmail, /defina su contraseña/, { since });

  // List with a filter (search + company), then details.
  await search(page, newEmail);
  const created = row(page, newEmail);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Invitación pendiente');
  await expect(created).toContainText(DIRECTORY_COMPANY.fiscalName);
  await created.getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog', { name: 'Detalles del usuario' });
  await expect(details).toContainText('Nicolás Nuevo');
  await expect(details).toContainText('3005551234');
  await details.getByRole('button', { name: 'Cerrar' }).last().click();

  // Edit.
  await created.getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar usuario' });
  await edit.getByLabel(/^Apellido/).fill('Editado');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row(page, newEmail)).toContainText('Nicolás Editado');

  // Resend the invitation.
  await row(page, newEmail).getByRole('button', { name: 'Reenviar invitación' }).click();
  // Toasts show one after another (5 s each): the edit's comes first, within the expect limit.
  await expect(page.getByText(`Enviamos de nuevo la invitación a ${newEmail}`)).toBeVisible();

  // Export: the file has the filtered user.
  const rows = await exportRows(page);
  expect(rows.some((cells) => cells.includes(newEmail))).toBe(true);

  // Delete, confirmed with the red button.
  await row(page, newEmail).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: /¿Eliminar/ });
  const confirmButton = confirm.getByRole('button', { name: 'Eliminar' });
  await expect(confirmButton).toHaveCSS('background-color', 'rgb(198, 40, 40)');
  await confirmButton.click();
  await expect(row(page, newEmail)).toHaveCount(0);
});

test('a company administrator manages only its company and branches', async ({ page }) => {
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Creación de Usuarios' })).toBeVisible();
  await expect(row(page, LOCKED_COLLEAGUE.email)).toHaveCount(1);
  await expect(row(page, BRANCH_COLLEAGUE.email)).toHaveCount(1);
  await expect(page.getByText(OUTSIDER.email)).toHaveCount(0);

  // The status filter, then unlock and activate.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Bloqueado' }).click();
  await expect(row(page, LOCKED_COLLEAGUE.email)).toHaveCount(1);
  await expect(row(page, INACTIVE_COLLEAGUE.email)).toHaveCount(0);
  await row(page, LOCKED_COLLEAGUE.email).getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('Usuario desbloqueado')).toBeVisible();
  await expect(row(page, LOCKED_COLLEAGUE.email)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Inactivo' }).click();
  await row(page, INACTIVE_COLLEAGUE.email).getByRole('button', { name: 'Activar usuario' }).click();
  await expect(page.getByText('Usuario activado')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();

  // The company picker offers the company and its branch, never the other company.
  await page
    .getByRole('combobox', { name: /Empresa/ })
    .first()
    .click();
  await expect(page.getByRole('option', { name: new RegExp(DIRECTORY_BRANCH.fiscalName) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(OTHER_COMPANY.fiscalName) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Create a user in the branch, edit, show, export, delete.
  const newEmail = `sucursal.${Date.now()}@e2e.test`;
  await page.getByRole('button', { name: 'Agregar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialog.getByLabel(/^Nombre/).fill('Sara');
  await dialog.getByLabel(/^Apellido/).fill('Sucursal');
  await dialog.getByLabel(/^Correo electrónico/).fill(newEmail);
  await dialog.getByLabel(/^Rol/).click();
  await page.getByRole('option', { name: 'Auditor' }).click();
  await dialog.getByRole('combobox', { name: /Empresa/ }).fill('Cali');
  await page.getByRole('option', { name: new RegExp(DIRECTORY_BRANCH.fiscalName) }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Enviamos una invitación a ${newEmail}`)).toBeVisible();

  await search(page, newEmail);
  await expect(row(page, newEmail)).toContainText(DIRECTORY_BRANCH.fiscalName);
  await row(page, newEmail).getByRole('button', { name: 'Actualizar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar usuario' });
  await edit.getByLabel(/^Número de documento/).fill('1020304050');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  // The type goes with the number.
  await expect(edit.getByText('Campo requerido')).toBeVisible();
  await edit.getByRole('combobox', { name: /Tipo de documento/ }).click();
  await page.getByRole('option', { name: /^CC/ }).click();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  await row(page, newEmail).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: 'Detalles del usuario' })).toContainText('1020304050');
  await page.keyboard.press('Escape');

  await search(page, '');
  // The search is applied after a short pause: wait for the other rows before exporting.
  await expect(row(page, BRANCH_COLLEAGUE.email)).toHaveCount(1);
  const rows = await exportRows(page);
  const emails = rows.flat();
  expect(emails).toContain(newEmail);
  expect(emails).toContain(BRANCH_COLLEAGUE.email);
  expect(emails).not.toContain(OUTSIDER.email);

  await search(page, newEmail);
  await row(page, newEmail).getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: /¿Eliminar/ })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(row(page, newEmail)).toHaveCount(0);
});

test('everyone edits their own data on the profile', { tag: '@mobile' }, async ({ page }) => {
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password, { fresh: true }));
  await page.goto('/user/profile');
  // Unique values: the desktop and mobile runs edit the same person.
  const lastName = `Directora ${test.info().project.name === 'mobile' ? 'Móvil' : 'Escritorio'}`;
  const phone = `310${String(Date.now()).slice(-7)}`;
  await page.getByRole('button', { name: 'Editar mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar mis datos' });
  await expect(dialog.getByLabel(/^Nombre/)).toHaveValue(DIRECTORY_ADMIN.name);
  await dialog.getByLabel(/^Teléfono/).fill('abc');
  await expect(dialog.getByLabel(/^Teléfono/)).toHaveValue('');
  await dialog.getByLabel(/^Apellido/).fill(lastName);
  await dialog.getByLabel(/^Teléfono/).fill(phone);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos actualizados')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Datos del usuario' })).toContainText(
    `${DIRECTORY_ADMIN.name} ${lastName}`,
  );
});

test('on a phone the users are rows, filters collapse and the page is no wider than it', {
  tag: '@mobile',
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signPageIn(page, await apiSession(DIRECTORY_ADMIN.email, DIRECTORY_ADMIN.password));
  await page.goto('/user/user');
  await expect(page.getByTestId('phone-row').filter({ hasText: DIRECTORY_ADMIN.email })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeInViewport();
  // The top bar shows who is signed in, even on a phone (SPEC §2.4).
  await expect(page.getByTestId('user-full-name')).toBeVisible();
  await expect(page.getByTestId('user-role-name')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
