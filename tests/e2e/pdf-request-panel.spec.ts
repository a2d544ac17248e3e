import { expect, type Locator, type Page, test } from '@playwright/test';
import { makePdf } from '../../server/uploads/testing/files.js';
import { PDF_OPERATOR } from './fixtures/pdfRequests.fixture.js';
import { invitationLink } from './fixtures/signingBrowser.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { clickPage, expectPageDrawn, pageArea } from './support/pdfEditor.js';

/**
 * The PDF request form beyond placing fields: the identity checks asked of each signer (as a
 * template request's), and a side panel that reads whole names, e-mails and counts at 1440 and 390 px.
 */

const LONG_NAME = 'María Fernanda Rodríguez-Valenzuela de la Espriella';

async function openWithUpload(page: Page, name: string) {
  await signPageIn(page, await apiSession(PDF_OPERATOR.email, PDF_OPERATOR.password));
  await page.goto('/single-pdf-request');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: await makePdf(1) });
  await expect(page.getByRole('region', { name: 'Página 1 de 1' })).toBeVisible();
  await expectPageDrawn(page, 1);
}

/** A text input shows its whole value, or ends it in «…» with the whole value as its title. */
async function expectReadable(input: Locator) {
  const shown = await input.evaluate((element: HTMLInputElement) => ({
    cut: element.scrollWidth > element.clientWidth,
    ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
    title: element.title,
    value: element.value,
  }));
  if (shown.cut) expect(shown).toMatchObject({ ellipsis: true, title: shown.value });
}

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;

test('asks each signer of a PDF the identity checks chosen in the form', { tag: '@mobile' }, async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `lucia.checks.${stamp}@correo.test`;
  const title = `Contrato con verificación ${stamp}`;
  await openWithUpload(page, `verificacion-${stamp}.pdf`);
  await clickPage(page, 1, 0.3, 0.8);
  await page.getByRole('textbox', { name: 'Título de la solicitud' }).fill(title);
  await page.getByRole('textbox', { name: 'Nombre completo' }).fill('Lucía Verifica');
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);

  // The checks of a template request; the company has no SMS, so that one is offered disabled.
  const checks = page.getByRole('group', { name: 'Verificación de identidad' });
  await expect(checks.getByRole('checkbox', { name: 'Código OTP por SMS' })).toBeDisabled();
  await checks.getByRole('checkbox', { name: 'Código OTP por correo' }).check();
  await checks.getByRole('checkbox', { name: 'Fotografía (selfie)' }).check();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Enviar a firmar' }).click();
  await expect(page.getByText(/Solicitud enviada\. Código de validación: \S+/)).toBeVisible();

  // The signer's link asks for exactly those checks (the signing page enforces them).
  const token = await invitationLink(email, title);
  const view = await page.request.post('/api/verify_token_user', { data: { token } });
  expect(view.status()).toBe(200);
  expect((await view.json()).data.signer).toMatchObject({
    authentication: ['email_otp', 'selfie'],
    authenticated: false,
  });
});

test(
  'the field editor panel reads whole names and e-mails and counts fields',
  { tag: '@mobile' },
  async ({ page }, info) => {
    const stamp = Date.now();
    const email = `maria.fernanda.rodriguez.valenzuela.${stamp}@empresa-con-nombre-largo.com.co`;
    await openWithUpload(page, `panel-${stamp}.pdf`);
    const name = page.getByRole('textbox', { name: 'Nombre completo' });
    const mail = page.getByRole('textbox', { name: 'Correo electrónico' });
    await name.fill(LONG_NAME);
    await mail.fill(email);

    await clickPage(page, 1, 0.3, 0.8);
    await expect(page.getByText('1 campo', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Fecha de firma', exact: true }).click();
    await clickPage(page, 1, 0.7, 0.8);
    await expect(page.getByText('2 campos', { exact: true })).toBeVisible();

    // The selected field's description has room: a few lines at most, never a word per line.
    const selected = page.getByRole('region', { name: 'Campo seleccionado' });
    const description = selected.getByText(`Fecha de firma de ${LONG_NAME}, página 1`);
    await expect(description).toBeVisible();
    expect(await widthOf(description)).toBeGreaterThanOrEqual(280);
    const lines = await description.evaluate(
      (element) =>
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThanOrEqual(3);
    await expect(selected.getByRole('combobox', { name: 'Firmante' })).toHaveAttribute('title', LONG_NAME);
    await expect(page.getByRole('combobox', { name: 'Para' })).toHaveAttribute('title', LONG_NAME);

    // The signers' panel: at least 280 px, beside the page on a desktop and under it on a phone.
    const panel = page.getByRole('region', { name: 'Firmantes' });
    const panelBox = (await panel.boundingBox())!;
    const pageBox = (await pageArea(page, 1).boundingBox())!;
    expect(panelBox.width).toBeGreaterThanOrEqual(280);
    if (info.project.name === 'mobile') expect(panelBox.y).toBeGreaterThanOrEqual(pageBox.y + pageBox.height);
    else expect(panelBox.x).toBeGreaterThanOrEqual(pageBox.x + pageBox.width);
    for (const input of [name, mail]) {
      expect(await widthOf(input)).toBeGreaterThanOrEqual(250);
      await expectReadable(input);
    }
    await expectNoHorizontalOverflow(page);
  },
);
