import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SIGNING_SENDER, signingPeople, signingTitles } from './fixtures/signing.fixture.js';
import { waitForMail } from './support/mail.js';

/**
 * The signer's side end to end: links read from the mailbox (requests seeded by
 * fixtures/signing.fixture.ts), codes by e-mail, drawn and typed signatures, a rejection, several
 * requests at once, and a selfie from Chromium's fake camera playing astronaut.mjpeg.
 */

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${resolve('tests/e2e/fixtures/media/astronaut.mjpeg')}`,
    ],
  },
});

const LINK = /\/signature-request\/([A-Za-z0-9_-]{43})/;

async function invitationLink(to: string, title: string): Promise<string> {
  const mail = await waitForMail(to, new RegExp(`firmar «${title}»`));
  const token = mail.text.match(LINK)?.[1];
  if (!token) throw new Error(`La invitación a ${to} no trae enlace`);
  return token;
}

async function codeFor(to: string, since: Date): Promise<string> {
  const mail = await waitForMail(to, /código de verificación/, { since });
  const code = mail.subject.match(/(\d{6})/)?.[1];
  if (!code) throw new Error(`El correo a ${to} no trae código`);
  return code;
}

async function verifyByEmail(page: Page, to: string) {
  const since = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enviamos el código' })).toBeVisible();
  await page.getByLabel('Código de 6 dígitos').fill(await codeFor(to, since));
  await page.getByRole('button', { name: 'Verificar código' }).click();
  await expect(page.getByText('Identidad verificada')).toBeVisible();
}

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
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await verifyByEmail(page, people.first);
    await drawSignature(page);
    await page.getByRole('button', { name: 'Firmar', exact: true }).click();
    await expect(page.getByText(/Su firma quedó registrada/)).toBeVisible();

    const second = await invitationLink(people.second, titles.pair);
    await page.goto(`/signature-request/${second}`);
    await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await page.getByRole('radio', { name: 'Otro motivo' }).check();
    await page.getByLabel('Motivo del rechazo').fill('El valor del contrato no es el acordado');
    await page.getByRole('button', { name: 'Confirmar rechazo' }).click();
    await expect(page.getByText('Registramos su rechazo y avisamos al remitente.')).toBeVisible();
    await waitForMail(SIGNING_SENDER.email, new RegExp(`«${titles.pair}» fue rechazado`));
    // The link now answers that the request is over.
    await page.goto(`/signature-request/${first}`);
    await expect(page.getByRole('alert')).toContainText('rechazada');
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
    await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await verifyByEmail(page, people.many);
    await page.getByRole('tab', { name: 'Escribir' }).click();
    await expect(page.getByTestId('typed-preview')).toHaveText('Valeria Varios');
    await page.getByRole('button', { name: 'Firmar 3 solicitudes' }).click();
    await expect(page.getByText('Firmó 3 solicitudes. Gracias.')).toBeVisible();
  },
);

test('takes the selfie from the camera before signing', async ({ page }, testInfo) => {
  const people = signingPeople(testInfo.project.name);
  const titles = signingTitles(testInfo.project.name);
  const token = await invitationLink(people.selfie, titles.selfie);
  await page.goto(`/signature-request/${token}`);
  await page.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
  await page.getByRole('checkbox', { name: /Autorizo tomar y guardar una foto/ }).check();
  await page.getByRole('button', { name: 'Usar la cámara' }).click();
  await expect(page.getByLabel('Vista de la cámara')).toBeVisible();
  await page.getByRole('button', { name: 'Tomar foto' }).click();
  await expect(page.getByText('Foto registrada')).toBeVisible();
  await page.getByRole('tab', { name: 'Escribir' }).click();
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(page.getByText(/Todos firmaron/)).toBeVisible();
});
