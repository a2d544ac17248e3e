import { expect, test } from '@playwright/test';
import { signingPeople, signingTitles } from './fixtures/signing.fixture.js';
import {
  cameraPlaying,
  invitationLink,
  isStepped,
  NO_FACE,
  nextButton,
  openAndTakeCameraPhoto,
} from './fixtures/signingBrowser.js';

/**
 * The camera path of the selfie with a picture that is no face: Chromium's fake camera plays one
 * file per browser launch, so this spec runs its own browser with the cat (chelsea.mjpeg).
 */

test.use({ permissions: ['camera'], launchOptions: cameraPlaying('chelsea') });

test('refuses the photo the camera takes', async ({ page }, testInfo) => {
  const people = signingPeople(testInfo.project.name);
  const titles = signingTitles(testInfo.project.name);
  const token = await invitationLink(people.catOnCamera, titles.catOnCamera);
  await openAndTakeCameraPhoto(page, token);
  await expect(page.getByRole('alert').filter({ hasText: NO_FACE })).toBeVisible();
  await expect(page.getByText('Foto registrada')).toHaveCount(0);
  // No signature without the photo: a phone stays on its step, a desktop keeps «Firmar» closed.
  if (isStepped(page)) await expect(nextButton(page)).toBeDisabled();
  else {
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await expect(page.getByRole('button', { name: 'Firmar', exact: true })).toBeDisabled();
  }
});
