import { expect, test } from '@playwright/test';
import { signingPeople, signingTitles } from './fixtures/signing.fixture.js';
import { cameraPlaying, invitationLink, NO_FACE } from './fixtures/signingBrowser.js';

/**
 * The camera path of the selfie with a picture that is no face: Chromium's fake camera plays one
 * file per browser launch, so this spec runs its own browser with the cat (chelsea.mjpeg).
 */

test.use({ permissions: ['camera'], launchOptions: cameraPlaying('chelsea') });

test('refuses the photo the camera takes', async ({ page }, testInfo) => {
  const people = signingPeople(testInfo.project.name);
  const titles = signingTitles(testInfo.project.name);
  const token = await invitationLink(people.catOnCamera, titles.catOnCamera);
  await page.goto(`/signature-request/${token}`);
  await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
  await page.getByRole('checkbox', { name: /Autorizo tomar y guardar una foto/ }).check();
  await page.getByRole('button', { name: 'Usar la cámara' }).click();
  await expect(page.getByLabel('Vista de la cámara')).toBeVisible();
  await page.getByRole('button', { name: 'Tomar foto' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NO_FACE })).toBeVisible();
  await expect(page.getByText('Foto registrada')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Escribir' }).click();
  await expect(page.getByRole('button', { name: 'Firmar', exact: true })).toBeDisabled();
});
