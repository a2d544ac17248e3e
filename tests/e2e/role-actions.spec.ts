import { expect, type Page, test } from '@playwright/test';
import {
  ROLE_ACTIONS_AUDITOR,
  ROLE_ACTIONS_OPERATOR,
  ROLE_ACTIONS_REQUEST,
} from './fixtures/roleActions.fixture.js';
import { expectNoHorizontalOverflow, isPhone } from './fixtures/viewport.js';
import { signInAs, signInAsAdmin } from './support/platform.js';

/**
 * Actions show only to those who may use them (issue 20, item 8): an auditor reads a request and
 * is offered neither extending, cancelling nor resending; an operator sees the document groups but
 * neither «Agregar» nor the folder actions; the administrator still sees all of them. Each runs at
 * 1440 px and, tagged @mobile, at 390 px.
 */

const REQUEST_ACTIONS = [
  'Ampliar vencimiento',
  'Cancelar solicitud',
  `Reenviar a ${ROLE_ACTIONS_REQUEST.signer}`,
];
const FOLDER_ACTIONS = [
  'Nueva carpeta',
  'Renombrar carpeta',
  'Mover carpeta',
  'Permisos',
  'Eliminar carpeta',
];

/** From the history, by a click, to the fixture's request (found by its signer). */
async function openRequest(page: Page) {
  await page.goto('/list-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeVisible();
  // A phone keeps the history's filters behind «Filtros».
  if (isPhone(page)) await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('textbox', { name: 'Firmante (nombre o correo)' }).fill(ROLE_ACTIONS_REQUEST.signer);
  await page.getByRole('link', { name: ROLE_ACTIONS_REQUEST.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: ROLE_ACTIONS_REQUEST.title })).toBeVisible();
  // The page has drawn its signers and its actions' place: the document's download.
  await expect(page.getByText(`1. ${ROLE_ACTIONS_REQUEST.signer}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar' }).first()).toBeVisible();
}

/** The document groups of the user's company, its root folder selected and its groups listed. */
async function openDocumentGroups(page: Page) {
  await page.goto('/document-group');
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de documentos' })).toBeVisible();
  const root = page.getByRole('treeitem').filter({ hasText: 'Documentos' }).first();
  await expect(root).toHaveAttribute('aria-selected', 'true');
  // The list has answered: its rows, or its empty state.
  const listed = page
    .getByText('Aún no hay registros')
    .or(page.getByTestId('phone-row'))
    .or(page.locator('table tbody tr'));
  await expect(listed.first()).toBeVisible();
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('an auditor reads a request and is offered none of its actions', { tag: '@mobile' }, async ({
  page,
}) => {
  await signInAs(page, ROLE_ACTIONS_AUDITOR);
  await openRequest(page);
  for (const name of REQUEST_ACTIONS) await expect(button(page, name)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
});

test('an operator sees the document groups but no way to change them', { tag: '@mobile' }, async ({
  page,
}) => {
  await signInAs(page, ROLE_ACTIONS_OPERATOR);
  await openDocumentGroups(page);
  for (const name of ['Agregar', ...FOLDER_ACTIONS]) await expect(button(page, name)).toHaveCount(0);
  await expect(page.getByText(/Arrastre una carpeta/)).toHaveCount(0);
  // What the operator may do on a request stays.
  await openRequest(page);
  for (const name of REQUEST_ACTIONS) await expect(button(page, name)).toBeVisible();
});

test('the administrator still sees every one of those actions', { tag: '@mobile' }, async ({ page }) => {
  await signInAsAdmin(page);
  await openRequest(page);
  for (const name of REQUEST_ACTIONS) await expect(button(page, name)).toBeVisible();
  await openDocumentGroups(page);
  for (const name of ['Agregar', ...FOLDER_ACTIONS]) await expect(button(page, name)).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
