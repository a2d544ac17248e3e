import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../../server/uploads/testing/files.js';
import { PDF_OPERATOR } from './fixtures/pdfRequests.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { waitForMail } from './support/mail.js';
import { clickPage, expectPageDrawn } from './support/pdfEditor.js';

/**
 * PDF to sign and bulk PDF, through the screens only: upload, pages drawn by pdf.js, fields placed
 * with the mouse and moved with the keyboard, signers named, sent; the invitations arrive.
 */

async function fillSigner(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: 'Nombre completo' }).fill(name);
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
}

test('sends a PDF with placed fields', { tag: '@mobile' }, async ({ page }) => {
  const stamp = Date.now();
  const email = `ana.pdf.${stamp}@correo.test`;
  await signPageIn(page, await apiSession(PDF_OPERATOR.email, PDF_OPERATOR.password));
  await page.goto('/single-pdf-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar PDF para firmar' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: `contrato-${stamp}.pdf`,
    mimeType: 'application/pdf',
    buffer: await makePdf(2),
  });
  await expect(page.getByRole('region', { name: 'Página 2 de 2' })).toBeVisible();
  await expectPageDrawn(page, 1);

  // A signature near the bottom of page 1, a signing date beside it, a text box on page 2.
  await clickPage(page, 1, 0.3, 0.8);
  const signature = page.getByRole('button', { name: 'Firma de Firmante 1, página 1', exact: true });
  await expect(signature).toBeVisible();
  await page.getByRole('button', { name: 'Fecha de firma', exact: true }).click();
  await clickPage(page, 1, 0.7, 0.8);
  await page.getByRole('button', { name: 'Texto', exact: true }).click();
  await clickPage(page, 2, 0.5, 0.3);
  await expect(page.getByText('3 campos')).toBeVisible();

  // The keyboard moves the signature to the right.
  const before = (await signature.boundingBox())!;
  await signature.focus();
  for (let press = 0; press < 5; press++) await page.keyboard.press('Alt+ArrowRight');
  await expect.poll(async () => (await signature.boundingBox())!.x).toBeGreaterThan(before.x + 20);

  await fillSigner(page, 'Ana Pedeefe', email);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enviar a firmar' }).click();
  await expect(page.getByText(/Solicitud enviada\. Código de validación: \S+/)).toBeVisible();
  await waitForMail(email, /./);
});

test('sends a bulk PDF of three files, each to its own signer', async ({ page }) => {
  const stamp = Date.now();
  const files = await Promise.all(
    [1, 2, 3].map(async (number) => ({
      name: `lote-${stamp}-${number}.pdf`,
      mimeType: 'application/pdf',
      buffer: await makePdf(number),
    })),
  );
  await signPageIn(page, await apiSession(PDF_OPERATOR.email, PDF_OPERATOR.password));
  await page.goto('/bulk-pdf-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar PDF masivo para firmar' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(files);
  await expect(page.getByRole('tab')).toHaveCount(3);

  const emails = files.map((_, index) => `firmante.${index + 1}.${stamp}@correo.test`);
  for (const [index, file] of files.entries()) {
    await page.getByRole('tab', { name: file.name }).click();
    await expect(page.getByRole('region', { name: `Página 1 de ${index + 1}` })).toBeVisible();
    await expectPageDrawn(page, 1);
    await fillSigner(page, `Firmante Lote ${index + 1}`, emails[index]!);
    await clickPage(page, index + 1, 0.4, 0.85);
    await expect(
      page.getByRole('button', { name: `Firma de Firmante Lote ${index + 1}, página ${index + 1}` }),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Enviar todos (3)' }).click();
  await expect(page.getByText('3 enviados, 0 fallidos')).toBeVisible({ timeout: 90_000 });
  for (const email of emails) await waitForMail(email, /./);
});

test('the bulk PDF screen fits a phone', { tag: '@mobile' }, async ({ page }) => {
  const stamp = Date.now();
  await signPageIn(page, await apiSession(PDF_OPERATOR.email, PDF_OPERATOR.password));
  await page.goto('/bulk-pdf-requests');
  await page.locator('input[type="file"]').setInputFiles(
    await Promise.all(
      ['a', 'b'].map(async (letter) => ({
        name: `telefono-${stamp}-${letter}.pdf`,
        mimeType: 'application/pdf',
        buffer: await makePdf(1),
      })),
    ),
  );
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expectPageDrawn(page, 1);
  await clickPage(page, 1, 0.5, 0.85);
  await page.getByRole('button', { name: 'Usar estos campos en todos los PDF' }).click();
  await page.getByRole('tab', { name: `telefono-${stamp}-b.pdf` }).click();
  await expect(
    page.getByRole('button', { name: 'Firma de Firmante 1, página 1', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar todos (2)' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
