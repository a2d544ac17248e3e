import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  cameraPlaying,
  confirmSignature,
  goToStep,
  invitationLink,
  nextButton,
  verifyByEmail,
} from './fixtures/signingBrowser.js';
import { STEPS_SENDER, stepsPeople, stepsTitles } from './fixtures/signingSteps.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { expectAccessible } from './support/axe.js';
import { waitForMail } from './support/mail.js';

/**
 * The signer's page on a phone is a sequence of short steps (the document, readable and zoomable;
 * consent; each identity check the request asks; signature; confirmation) and one page on a
 * desktop; rejecting offers the company's reasons with none chosen beforehand. Requests seeded by
 * fixtures/signingSteps.fixture.ts.
 */

test.use({ permissions: ['camera'], launchOptions: cameraPlaying('astronaut') });

const stepCounter = (page: Page, text: string) => page.getByText(text, { exact: true });
const width = (locator: Locator) => async () => (await locator.boundingBox())?.width ?? 0;

test(
  'on a phone the signer goes one step at a time through a zoomable document, checks, signature and confirmation',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the mobile project (390 px) runs it');
    const people = stepsPeople(testInfo.project.name);
    const titles = stepsTitles(testInfo.project.name);
    await page.goto(`/signature-request/${await invitationLink(people.walker, titles.walk)}`);

    // The page may be pinched: the viewport neither forbids zooming nor caps it.
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale/i);

    // Step 1: the document alone, page by page, drawn as vectors (sharp at any zoom).
    await expect(stepCounter(page, 'Paso 1 de 6')).toBeVisible();
    const first = page.getByRole('img', { name: `${titles.walk} (1), página 1 de 1` });
    const second = page.getByRole('img', { name: `${titles.walk} (2), página 1 de 1` });
    await expect(first).toBeVisible();
    expect(await first.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect(page.getByText('Documento 1 de 2', { exact: true })).toBeVisible();
    await expect(page.getByText('Página 1 de 1', { exact: true })).toBeVisible();
    for (const later of ['Consentimiento', 'Verifique su identidad', 'Foto de verificación', 'Su firma'])
      await expect(page.getByRole('heading', { name: later, exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Atrás', exact: true })).toBeDisabled();
    await expectNoHorizontalOverflow(page);

    // The zoom control enlarges the page inside its frame; the screen itself never scrolls sideways.
    const before = await width(first)();
    await page.getByRole('button', { name: 'Acercar' }).click();
    await page.getByRole('button', { name: 'Acercar' }).click();
    await expect(page.getByText('200 %', { exact: true })).toBeVisible();
    await expect.poll(width(first)).toBeGreaterThan(before * 1.9);
    await expectNoHorizontalOverflow(page);
    expect(
      await first.evaluate((image) => {
        const frame = image.closest('[data-page-frame]');
        return frame ? frame.scrollWidth > frame.clientWidth : false;
      }),
    ).toBe(true);
    await expectAccessible(page, { every: true });

    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();
    await expect(page.getByText('Documento 2 de 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();

    // Step 2: consent, which must be given to go on; going back keeps what was done.
    await goToStep(page, 'Consentimiento');
    await expect(stepCounter(page, 'Paso 2 de 6')).toBeVisible();
    await expect(second).toBeHidden();
    await expect(nextButton(page)).toBeDisabled();
    const consent = page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' });
    await consent.check();
    await page.getByRole('button', { name: 'Atrás', exact: true }).click();
    await expect(stepCounter(page, 'Paso 1 de 6')).toBeVisible();
    await expect(second).toBeVisible();
    await expect(page.getByText('200 %', { exact: true })).toBeVisible();
    await goToStep(page, 'Consentimiento');
    await expect(consent).toBeChecked();

    // Steps 3 and 4: each identity check the request asks is a step of its own.
    await goToStep(page, 'Verifique su identidad');
    await expect(stepCounter(page, 'Paso 3 de 6')).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await verifyByEmail(page, people.walker);
    await goToStep(page, 'Foto de verificación');
    await expect(stepCounter(page, 'Paso 4 de 6')).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.getByRole('checkbox', { name: /Autorizo tomar y guardar una foto/ }).check();
    await page.getByRole('button', { name: 'Usar la cámara' }).click();
    await page.getByRole('button', { name: 'Tomar foto' }).click();
    await expect(page.getByText('Foto registrada')).toBeVisible();

    // Step 5: the signature; step 6 sums up what will be signed.
    await goToStep(page, 'Su firma');
    await expect(stepCounter(page, 'Paso 5 de 6')).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await expect(page.getByTestId('typed-preview')).toHaveText('Camila Caminante');
    await expectNoHorizontalOverflow(page);
    await goToStep(page, 'Confirme y firme');
    await expect(stepCounter(page, 'Paso 6 de 6')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Confirme y firme' });
    await expect(summary).toContainText(`${titles.walk} (1)`);
    await expect(summary).toContainText(`${titles.walk} (2)`);
    await expectAccessible(page, { every: true });
    await page.getByRole('button', { name: 'Atrás', exact: true }).click();
    await expect(page.getByTestId('typed-preview')).toHaveText('Camila Caminante');
    await confirmSignature(page);
    await expect(page.getByText(/Todos firmaron/)).toBeVisible();
  },
);

test('on a desktop the signer reads, zooms and signs on one page', async ({ page }, testInfo) => {
  const people = stepsPeople(testInfo.project.name);
  const titles = stepsTitles(testInfo.project.name);
  await page.goto(`/signature-request/${await invitationLink(people.desk, titles.desk)}`);
  const document = page.getByRole('img', { name: `${titles.desk} (1), página 1 de 1` });
  await expect(document).toBeVisible();
  for (const section of ['Consentimiento', 'Verifique su identidad', 'Su firma'])
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  await expect(page.getByText(/^Paso \d+ de \d+$/)).toHaveCount(0);
  await expect(nextButton(page)).toHaveCount(0);

  const before = await width(document)();
  await page.getByRole('button', { name: 'Acercar' }).click();
  await expect(page.getByText('150 %', { exact: true })).toBeVisible();
  await expect.poll(width(document)).toBeGreaterThan(before * 1.4);
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Alejar' }).click();
  await expect(page.getByText('100 %', { exact: true })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
  await verifyByEmail(page, people.desk);
  await page.getByRole('tab', { name: 'Escribir' }).click();
  await confirmSignature(page);
  await expect(page.getByText(/Todos firmaron/)).toBeVisible();
});

test(
  'rejecting offers a list of reasons with none chosen beforehand; «Otro motivo» needs the signer’s words',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const people = stepsPeople(testInfo.project.name);
    const titles = stepsTitles(testInfo.project.name);
    const since = new Date(Date.now() - 1000);
    await page.goto(`/signature-request/${await invitationLink(people.rejecter, titles.reject)}`);
    await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();

    const reasons = page.getByRole('radiogroup', { name: '¿Por qué rechaza la solicitud?' });
    await expect(reasons).toBeVisible();
    for (const reason of [
      'Los datos del documento son incorrectos',
      'No reconozco esta solicitud',
      'No estoy de acuerdo con las condiciones',
    ])
      await expect(reasons.getByRole('radio', { name: reason })).toBeVisible();
    await expect(reasons.getByRole('radio', { name: 'Otro motivo' })).toHaveCount(1);
    await expect(reasons.getByRole('radio', { checked: true })).toHaveCount(0);
    const confirm = page.getByRole('button', { name: 'Confirmar rechazo' });
    await expect(confirm).toBeDisabled();

    // «Otro motivo» asks for the reason in the signer's words.
    const written = page.getByRole('textbox', { name: /Motivo del rechazo/ });
    await expect(written).toHaveCount(0);
    await reasons.getByRole('radio', { name: 'Otro motivo' }).check();
    await expect(written).toBeVisible();
    await expect(written).toHaveAttribute('required', '');
    await expect(confirm).toBeDisabled();
    await written.fill('No');
    await expect(confirm).toBeDisabled();
    await written.fill('El plazo de entrega no es el acordado');
    await expect(confirm).toBeEnabled();
    await expectNoHorizontalOverflow(page);

    // A listed reason needs no words of its own, and is what reaches the sender.
    await reasons.getByRole('radio', { name: 'No reconozco esta solicitud' }).check();
    await expect(written).toHaveCount(0);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText('Registramos su rechazo y avisamos al remitente.')).toBeVisible();
    const notice = await waitForMail(STEPS_SENDER.email, new RegExp(`«${titles.reject}» fue rechazado`), {
      since,
    });
    expect(notice.text).toContain('Motivo: No reconozco esta solicitud');
  },
);
