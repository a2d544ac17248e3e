import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../../server/uploads/testing/files.js';
import {
  GROUP_TEMPLATES,
  GROUPS_ADMIN,
  OUTSIDE_OPERATOR,
  PERMITTED_OPERATOR,
  PERMITTED_USER_GROUP,
  SIGNER_FIELDS_GROUP,
} from './fixtures/documentGroups.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';

/**
 * Document groups end to end: a company administrator builds a subfolder, groups two templates
 * and a PDF in it and gives a user group permission on the folder; a member of that group sees
 * the folder and the group, a user outside it sees neither (on screen and through the API).
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const folderItem = (page: Page, name: string) => page.getByRole('treeitem').filter({ hasText: name });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function openGroups(page: Page, person: { email: string; password: string }) {
  await signPageIn(page, await apiSession(person.email, person.password));
  await page.goto('/document-group');
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de documentos' })).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Árbol de carpetas' })).toBeVisible();
}

test('groups two templates and a PDF in a subfolder that only a user group may see', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const folderName = `Contratos ${stamp}`;
  const groupName = `Vinculación ${stamp}`;
  await openGroups(page, GROUPS_ADMIN);

  // A subfolder of the root.
  await folderItem(page, 'Documentos').click();
  await page.getByRole('button', { name: 'Nueva carpeta' }).click();
  const newFolder = page.getByRole('dialog', { name: /Nueva subcarpeta/ });
  await newFolder.getByLabel(/Nombre de la carpeta/).fill(folderName);
  await newFolder.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(newFolder).toHaveCount(0);
  await expect(folderItem(page, folderName)).toHaveAttribute('aria-selected', 'true');

  // A group in it.
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo grupo de documentos' });
  await create.getByLabel(/^Nombre/).fill(groupName);
  await create.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(create).toHaveCount(0);
  await expect(row(page, groupName)).toHaveCount(1);

  // Its documents: two templates and a PDF.
  await row(page, groupName).getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documento' })).toBeVisible();
  await expect(page.getByText(groupName, { exact: true })).toBeVisible();
  const templates = page.getByRole('combobox', { name: 'Plantillas para agregar' });
  for (const name of GROUP_TEMPLATES) {
    await templates.click();
    await page.getByRole('option', { name }).click();
  }
  await page.getByRole('button', { name: 'Agregar plantillas' }).click();
  const documents = page.getByRole('list', { name: 'Documentos' });
  await expect(documents.getByRole('listitem')).toHaveCount(2);
  await page
    .locator('input[type=file]')
    .last()
    .setInputFiles({ name: 'anexo.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) });
  await expect(documents.getByRole('listitem')).toHaveCount(3);
  await expect(documents).toContainText('anexo.pdf');
  await expect(documents).toContainText(`Plantilla «${GROUP_TEMPLATES[0]}», versión 1`);
  await expectAccessible(page);

  // A signer who fills the templates' signature (their «Lo llena» says so) and confirms by e-mail code.
  await page.getByRole('button', { name: 'Agregar firmante' }).click();
  await expect(page.getByRole('list', { name: 'Campos que llena el firmante 1' })).toContainText('Firma');
  await page.getByRole('checkbox', { name: 'Código OTP por correo' }).check();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Grupo de documentos actualizado')).toBeVisible();
  await page.getByRole('button', { name: 'Ver en PDF' }).click();
  await expect(page.locator(`iframe[title="PDF de «${groupName}»"]`)).toBeVisible();
  const groupId = Number(new URL(page.url()).pathname.split('/').pop());

  // Permission on the folder for the user group only.
  await page.getByRole('link', { name: 'Volver a grupos de documentos' }).click();
  await folderItem(page, folderName).click();
  await page.getByRole('button', { name: 'Permisos' }).click();
  const permissions = page.getByRole('dialog', { name: `Permisos de «${folderName}»` });
  await permissions.getByRole('combobox').click();
  await page.getByRole('option', { name: PERMITTED_USER_GROUP }).click();
  await expect(permissions.getByRole('checkbox', { name: `Ver · ${PERMITTED_USER_GROUP}` })).toBeChecked();
  await permissions.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(permissions).toHaveCount(0);
  await expect(folderItem(page, folderName).getByTitle('Restringida')).toHaveCount(1);
  await expectAccessible(page);

  // A member of the group sees the folder and the group.
  const memberPage = await (await browser.newContext()).newPage();
  await openGroups(memberPage, PERMITTED_OPERATOR);
  await folderItem(memberPage, folderName).click();
  await expect(row(memberPage, groupName)).toHaveCount(1);

  // Someone outside it sees neither, and the API answers 404 for the group.
  const outsiderPage = await (await browser.newContext()).newPage();
  await openGroups(outsiderPage, OUTSIDE_OPERATOR);
  await expect(folderItem(outsiderPage, 'Documentos')).toHaveCount(1);
  await expect(folderItem(outsiderPage, folderName)).toHaveCount(0);
  await expect(row(outsiderPage, groupName)).toHaveCount(0);
  const outsider = await apiSession(OUTSIDE_OPERATOR.email, OUTSIDE_OPERATOR.password);
  const detail = await fetch(`${baseUrl()}/api/get_documents_packages_details_by_id/${groupId}`, {
    headers: { Authorization: `Bearer ${outsider.token}` },
  });
  expect(detail.status).toBe(404);
  const list = await fetch(
    `${baseUrl()}/api/documents_packages_list/${outsider.user.company_id}/1/100/${outsider.user.id}`,
    { headers: { Authorization: `Bearer ${outsider.token}` } },
  );
  const names = ((await list.json()) as { data: { items: { name: string }[] } }).data.items.map(
    (item) => item.name,
  );
  expect(names).not.toContain(groupName);
});

test('moves a folder by dragging it onto another', async ({ page }) => {
  const admin = await apiSession(GROUPS_ADMIN.email, GROUPS_ADMIN.password);
  const api = async (path: string, method: string, body?: object) => {
    const reply = await fetch(`${baseUrl()}/api/${path}`, {
      method,
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(reply.status, path).toBe(200);
    return ((await reply.json()) as { data: { root_id: number; folder: { id: number } } }).data;
  };
  const stamp = Date.now();
  const { root_id } = await api(`get_package_tree/${admin.user.company_id}`, 'GET');
  await api(`update_folder/${root_id}`, 'PATCH', { action: 'create', name: `Origen ${stamp}` });
  await api(`update_folder/${root_id}`, 'PATCH', { action: 'create', name: `Destino ${stamp}` });
  await openGroups(page, GROUPS_ADMIN);
  await expect(folderItem(page, `Origen ${stamp}`)).toHaveAttribute('aria-level', '2');
  await folderItem(page, `Origen ${stamp}`).dragTo(folderItem(page, `Destino ${stamp}`));
  await expect(page.getByText('Carpeta movida')).toBeVisible();
  await expect(folderItem(page, `Origen ${stamp}`)).toHaveAttribute('aria-level', '3');
});

test('the folders, the groups and a group editor fit a phone', { tag: '@mobile' }, async ({ page }) => {
  await openGroups(page, GROUPS_ADMIN);
  await expectNoHorizontalOverflow(page);
  await folderItem(page, 'Documentos').click();
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Nuevo grupo de documentos' });
  await create.getByLabel(/^Nombre/).fill(`Teléfono ${Date.now()}`);
  await create.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(create).toHaveCount(0);
  await page.getByRole('button', { name: 'Editar' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Firmantes' })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar firmante' }).click();
  await expectNoHorizontalOverflow(page);
});

test("a signer's fields are the template's «Lo llena», shown by label with the key beside", {
  tag: '@mobile',
}, async ({ page }) => {
  await openGroups(page, GROUPS_ADMIN);
  await folderItem(page, 'Firmantes por plantilla').click();
  await page.getByRole('button', { name: 'Editar' }).first().click();
  await expect(page.getByText(SIGNER_FIELDS_GROUP, { exact: true })).toBeVisible();
  // Chosen once, in the template: the group shows it and offers no second choice.
  await expect(page.getByRole('combobox', { name: /Campos que llena/ })).toHaveCount(0);
  const client = page.getByRole('list', { name: 'Campos que llena el firmante 1' });
  await expect(client.getByRole('listitem')).toHaveText([
    /^Correo del cliente\s*correo_cliente$/,
    /^Firma del cliente\s*firma_cliente$/,
  ]);
  const manager = page.getByRole('list', { name: 'Campos que llena el firmante 2' });
  await expect(manager.getByRole('listitem')).toHaveText([/^Firma del gerente\s*firma_gerente$/]);
  await expect(page.getByText(/se eligen en cada plantilla, en «Lo llena»/).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
