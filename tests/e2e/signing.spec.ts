import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { RESENT_SIGNER, SIGNING_SENDER, signingPeople, signingTitles } from './fixtures/signing.fixture.js';
import {
  cameraPlaying,
  confirmSignature,
  goToStep,
  invitationLink,
  isStepped,
  LINK,
  media,
  NO_FACE,
  nextButton,
  openAndTakeCameraPhoto,
  verifyByEmail,
} from './fixtures/signingBrowser.js';
import { expectAccessible } from './support/axe.js';
import { waitForMail } from './support/mail.js';
import { signInAs } from './support/platform.js';

/**
 * The signer's side end to end: links read from the mailbox (requests seeded by
 * fixtures/signing.fixture.ts), codes by e-mail, drawn and typed signatures, a rejection, several
 * requests at once, a selfie from Chromium's fake camera playing astronaut.mjpeg, a cat and a cup
 * refused as uploaded selfies (signing-camera.spec.ts shows the cat to the camera), and a link
 * replaced by a resend. On the phone the page is one step at a time (signing-steps.spec.ts).
 */

test.use({ permissions: ['camera'], launchOptions: cameraPlaying('astronaut') });

async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Firma lista')).toBeVisible();
}

test(
  'signs with an e-mailed code and a drawn signature; the next signer rejects with a reason',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const people = signingPeople(testInfo.project.name);
    const titles = signingTitles(testInfo.project.name);
    const first = await invitationLink(people.first, titles.pair);
    await page.goto(`/signature-request/${first}`);
    await expect(page.getByRole('heading', { level: 1, name: titles.pair })).toBeVisible();
    await expect(page.getByRole('img', { name: /página 1 de 1/ })).toBeVisible();
    await expectAccessible(page, { every: true });

    await goToStep(page, 'Consentimiento');
    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await goToStep(page, 'Verifique su identidad');
    await verifyByEmail(page, people.first);
    await goToStep(page, 'Su firma');
    await drawSignature(page);
    await confirmSignature(page);
    await expect(page.getByText(/Su firma quedó registrada/)).toBeVisible();

    const second = await invitationLink(people.second, titles.pair);
    await page.goto(`/signature-request/${second}`);
    await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await page.getByRole('radio', { name: 'Otro motivo' }).check();
    await page.getByLabel('Motivo del rechazo').fill('El valor del contrato no es el acordado');
    await page.getByRole('button', { name: 'Confirmar rechazo' }).click();
    await expect(page.getByText('Registramos su rechazo y avisamos al remitente.')).toBeVisible();
    const notice = await waitForMail(SIGNING_SENDER.email, new RegExp(`«${titles.pair}» fue rechazado`));
    expect(notice.text).toContain('Motivo: El valor del contrato no es el acordado');
    expect(notice.text).toContain('de Firmas E2E S.A.S.');
    expect(notice.text).not.toContain('S.A.S..');
    // The link now answers that the request is over.
    await page.goto(`/signature-request/${first}`);
    await expect(page.getByRole('alert')).toContainText('rechazada');

    // The sender's notice leads to the request's page, which shows the reason beside the signer.
    const detail = notice.text.match(/\/update-signature-request\/update\/\d+/)?.[0];
    expect(detail).toBeDefined();
    await signInAs(page, SIGNING_SENDER);
    await page.goto(detail!);
    const rejecter = page.getByRole('listitem').filter({ hasText: '2. Damián Segundo' });
    await expect(rejecter.getByText('Rechazó', { exact: true })).toBeVisible();
    await expect(
      rejecter.getByText('Motivo del rechazo: El valor del contrato no es el acordado'),
    ).toBeVisible();
  },
);

test(
  'a signer of a completed request gets the sealed PDF by e-mail and downloads it from their link',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const people = signingPeople(testInfo.project.name);
    const titles = signingTitles(testInfo.project.name);
    const token = await invitationLink(people.copy, titles.copy);
    await page.goto(`/signature-request/${token}`);
    await goToStep(page, 'Consentimiento');
    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await goToStep(page, 'Su firma');
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await confirmSignature(page);
    await expect(page.getByText(/Todos firmaron/)).toBeVisible();

    // The same link, once the request is over, offers the sealed document (after the seal job).
    await page.goto(`/signature-request/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: titles.copy })).toBeVisible();
    const download = page.getByRole('link', { name: 'Descargar documento firmado' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expectAccessible(page, { every: true });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${titles.copy} (1).pdf`);
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

    const completed = new RegExp(`«${titles.copy}» fue firmado por todos`);
    const mail = await waitForMail(people.copy, completed);
    expect(mail.text).toMatch(/Content-Disposition: attachment;\s*filename=/);
    expect(mail.text).toContain('Adjuntamos el documento firmado y sellado.');
    expect(mail.text).not.toContain('S.A.S..');
    const sender = await waitForMail(SIGNING_SENDER.email, completed);
    expect(sender.text).toContain('Hola Sara Remitente:');
    expect(sender.text).toMatch(/\/update-signature-request\/update\/\d+/);
    expect(sender.text).not.toContain('Content-Disposition: attachment');
  },
);

test(
  'signs three pending requests at once from /list_documents',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const people = signingPeople(testInfo.project.name);
    const titles = signingTitles(testInfo.project.name);
    const token = await invitationLink(people.many, titles.many(1));
    await page.goto(`/list_documents?token=${token}`);
    for (const index of [1, 2, 3]) {
      await expect(page.getByRole('checkbox', { name: new RegExp(titles.many(index)) })).toBeChecked();
    }
    await goToStep(page, 'Consentimiento');
    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await goToStep(page, 'Verifique su identidad');
    await verifyByEmail(page, people.many);
    await goToStep(page, 'Su firma');
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await expect(page.getByTestId('typed-preview')).toHaveText('Valeria Varios');
    await confirmSignature(page, 'Firmar 3 solicitudes');
    await expect(page.getByText('Firmó 3 solicitudes. Gracias.')).toBeVisible();
  },
);

test('takes the selfie from the camera before signing', async ({ page }, testInfo) => {
  const people = signingPeople(testInfo.project.name);
  const titles = signingTitles(testInfo.project.name);
  const token = await invitationLink(people.selfie, titles.selfie);
  await openAndTakeCameraPhoto(page, token);
  await expect(page.getByText('Foto registrada')).toBeVisible();
  await goToStep(page, 'Su firma');
  await page.getByRole('tab', { name: 'Escribir' }).click();
  await confirmSignature(page);
  await expect(page.getByText(/Todos firmaron/)).toBeVisible();
});

test(
  'refuses an uploaded cat and cup as the selfie, then takes the face from the camera',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const people = signingPeople(testInfo.project.name);
    const titles = signingTitles(testInfo.project.name);
    const token = await invitationLink(people.noFace, titles.noFace);
    await page.goto(`/signature-request/${token}`);
    await goToStep(page, 'Consentimiento');
    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await goToStep(page, 'Foto de verificación');
    await page.getByRole('checkbox', { name: /Autorizo tomar y guardar una foto/ }).check();
    const refusal = page.getByRole('alert').filter({ hasText: NO_FACE });
    for (const picture of ['chelsea.png', 'coffee.png']) {
      // Each picture's own answer: the alert of the previous one must not stand for it.
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/upload_photos_logs'));
      await page.getByTestId('selfie-upload').setInputFiles(media(picture));
      expect((await answer).status()).toBe(422);
      await expect(refusal).toBeVisible();
      await expect(page.getByText('Foto registrada')).toHaveCount(0);
    }
    // No signature without the photo: a phone stays on its step, a desktop keeps «Firmar» closed.
    if (isStepped(page)) await expect(nextButton(page)).toBeDisabled();
    else {
      await page.getByRole('tab', { name: 'Escribir' }).click();
      await expect(page.getByRole('button', { name: 'Firmar', exact: true })).toBeDisabled();
    }
    await page.getByRole('button', { name: 'Usar la cámara' }).click();
    await page.getByRole('button', { name: 'Tomar foto' }).click();
    await expect(page.getByText('Foto registrada')).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await goToStep(page, 'Su firma');
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await confirmSignature(page);
    await expect(page.getByText(/Todos firmaron/)).toBeVisible();
  },
);

test('a link replaced by a resend says so (410); the new link opens the request', async ({
  page,
}, testInfo) => {
  const people = signingPeople(testInfo.project.name);
  const titles = signingTitles(testInfo.project.name);
  const replaced = await invitationLink(people.resent, titles.resent);

  const since = new Date(Date.now() - 1000);
  await signInAs(page, SIGNING_SENDER);
  await page.goto('/list-signature-request');
  await page
    .locator('table tbody tr', { hasText: titles.resent })
    .getByRole('link', { name: titles.resent })
    .click();
  await page.getByRole('button', { name: `Reenviar a ${RESENT_SIGNER}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Invitación reenviada').first()).toBeVisible();
  const mail = await waitForMail(people.resent, new RegExp(`firmar «${titles.resent}»`), { since });
  const current = mail.text.match(LINK)?.[1];
  expect(current).toBeDefined();
  expect(current).not.toBe(replaced);

  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/verify_token_sign_request'),
  );
  await page.goto(`/signature-request/${replaced}`);
  expect((await answer).status()).toBe(410);
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Este enlace fue reemplazado por uno más reciente; use el del último correo que recibió',
    }),
  ).toBeVisible();
  await expect(page.getByText(titles.resent)).toHaveCount(0);
  await page.goto(`/signature-request/${current}`);
  await expect(page.getByRole('heading', { level: 1, name: titles.resent })).toBeVisible();
});
