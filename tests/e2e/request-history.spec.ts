import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import yauzl from 'yauzl';
import { CORRECTED_EMAIL, HISTORY_OPERATOR, HISTORY_REQUESTS } from './fixtures/requestHistory.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { waitForMail } from './support/mail.js';
import { signInAs } from './support/platform.js';

/**
 * Request history end to end, as a company operator: the list shows each request's status; on a
 * request's page the operator resends to a corrected address, cancels with a reason and extends
 * the expiry; a ZIP of two selected requests holds their documents.
 */

const row = (page: Page, title: string) => page.locator('table tbody tr', { hasText: title });

/** The names of the files in a ZIP on disk. */
function zipNames(path: string): Promise<string[]> {
  return readFile(path).then(
    (bytes) =>
      new Promise((resolve, reject) => {
        yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
          if (error || !zip) return reject(error);
          const names: string[] = [];
          zip.on('entry', (entry: yauzl.Entry) => {
            names.push(entry.fileName);
            zip.readEntry();
          });
          zip.on('end', () => resolve(names));
          zip.on('error', reject);
          zip.readEntry();
        });
      }),
  );
}

async function openHistory(page: Page) {
  await signInAs(page, HISTORY_OPERATOR);
  await page.goto('/list-signature-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeVisible();
}

async function openRequest(page: Page, title: string) {
  await page.goto('/list-signature-request');
  await row(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('lists statuses; resends to a corrected address, cancels, extends; the ZIP holds the documents', async ({
  page,
}) => {
  await openHistory(page);
  await expect(row(page, HISTORY_REQUESTS.completed.title)).toContainText('Completada');
  await expect(row(page, HISTORY_REQUESTS.mistyped.title)).toContainText('En proceso');
  await expect(row(page, HISTORY_REQUESTS.mistyped.title)).toContainText(HISTORY_REQUESTS.mistyped.signer);

  // Resend to the corrected address: the invitation arrives there.
  const since = new Date();
  await openRequest(page, HISTORY_REQUESTS.mistyped.title);
  await page.getByRole('button', { name: `Reenviar a ${HISTORY_REQUESTS.mistyped.signer}` }).click();
  const resend = page.getByRole('dialog');
  await resend.getByRole('textbox', { name: /Correo electrónico/ }).fill(CORRECTED_EMAIL);
  await resend.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Invitación reenviada').first()).toBeVisible();
  await expect(page.getByText(CORRECTED_EMAIL).first()).toBeVisible();
  const invitation = await waitForMail(CORRECTED_EMAIL, /Contrato con correo errado E2E/, { since });
  expect(invitation.text).toMatch(/\/signature-request\/[A-Za-z0-9_-]{43}/);

  // Cancel with a reason.
  await openRequest(page, HISTORY_REQUESTS.toCancel.title);
  await page.getByRole('button', { name: 'Cancelar solicitud' }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByRole('button', { name: 'Confirmar' }).click();
  await expect(cancel.getByText('Campo requerido')).toBeVisible();
  await cancel.getByRole('textbox', { name: /Motivo/ }).fill('El cliente desistió');
  await cancel.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Motivo de cancelación: El cliente desistió')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar solicitud' })).toHaveCount(0);

  // Extend the expiry.
  await openRequest(page, HISTORY_REQUESTS.toExtend.title);
  await page.getByRole('button', { name: 'Ampliar vencimiento' }).click();
  const extend = page.getByRole('dialog');
  await extend.getByLabel(/Nuevo último día para firmar/).fill('2030-06-30');
  await extend.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Vencimiento ampliado').first()).toBeVisible();
  // Open until the last minute of that day.
  await expect(page.getByText('Vence el 30/06/2030, 11:59 p. m.')).toBeVisible();

  // Back in the list: the cancelled one shows so; a ZIP of two requests.
  await page.goto('/list-signature-request');
  await expect(row(page, HISTORY_REQUESTS.toCancel.title)).toContainText('Cancelada');
  await row(page, HISTORY_REQUESTS.completed.title).getByRole('checkbox').check();
  await row(page, HISTORY_REQUESTS.toExtend.title).getByRole('checkbox').check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar ZIP' }).click(),
  ]);
  const names = await zipNames(await download.path());
  expect(names).toHaveLength(2);
  expect(names).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\d+ - Acuerdo firmado E2E\/Acuerdo firmado E2E \(1\)\.pdf$/),
      expect.stringMatching(/^\d+ - Contrato para ampliar E2E\/Contrato para ampliar E2E \(1\)\.pdf$/),
    ]),
  );
});

test(
  'on a phone the history is a list of cards that fits the screen',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the mobile project (390 px) runs it');
    await openHistory(page);
    const list = page.getByRole('list', { name: 'Historial de solicitudes' });
    await expect(list.getByRole('link', { name: HISTORY_REQUESTS.completed.title })).toBeVisible();
    await expect(list.getByText('Completada')).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await list.getByRole('link', { name: HISTORY_REQUESTS.completed.title }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: HISTORY_REQUESTS.completed.title }),
    ).toBeVisible();
    await expect(page.getByText(`1. ${HISTORY_REQUESTS.completed.signer}`)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  },
);
