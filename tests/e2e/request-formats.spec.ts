import { expect, test } from '@playwright/test';
import { bogotaDay } from '../../contract/deadline.js';
import { FORMATS_GROUP, FORMATS_OPERATOR } from './fixtures/requestFormats.fixture.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { waitForMail } from './support/mail.js';

/**
 * One request, from the form to the signer: the merge values read as the document prints them
 * («12.000.000», «1 de diciembre de 2026»), and the last day to sign reads as the last minute of
 * that very day on the form, in the invitation, on the signer's page and on the request's screen.
 */

test(
  'an amount, a date and the last day to sign read the Colombian way everywhere',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const email = `proveedor.${testInfo.project.name}.${Date.now().toString(36)}@e2e.test`;
    const lastDay = bogotaDay(new Date(), 7);
    const shown = `${lastDay.split('-').reverse().join('/')}, 11:59 p. m.`;
    const since = new Date();

    await signPageIn(page, await apiSession(FORMATS_OPERATOR.email, FORMATS_OPERATOR.password));
    await page.goto('/single-signature-request');
    await page.getByRole('combobox', { name: 'Grupo de documentos' }).click();
    await page.getByRole('option', { name: new RegExp(FORMATS_GROUP) }).click();
    await page.getByRole('textbox', { name: 'Proveedor' }).fill('Suministros del Pacífico');
    await page.getByRole('textbox', { name: 'Valor del contrato' }).fill('12000000');
    await expect(page.getByText('En el documento: 12.000.000')).toBeVisible();
    await page.getByLabel('Fecha de inicio').fill('2026-12-01');
    await expect(page.getByText('En el documento: 1 de diciembre de 2026')).toBeVisible();
    await page.getByLabel(/Último día para firmar/).fill(lastDay);
    await expect(page.getByText(`Abierta hasta el ${shown} (hora de Colombia)`)).toBeVisible();
    const supplier = page.getByRole('group', { name: /1\. Proveedor/ });
    await supplier.getByRole('textbox', { name: /Nombre completo/ }).fill('Pablo Proveedor');
    await supplier.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    const sent = page.getByRole('region', { name: /Solicitud n\.º \d+ enviada/ });
    await expect(sent).toBeVisible();
    const requestId = (await sent.textContent())?.match(/n\.º (\d+)/)?.[1];

    const invitation = await waitForMail(email, /firmar/, { since });
    expect(invitation.text).toContain(`hasta el ${shown}`);
    expect(invitation.text).not.toContain('m..');

    // The signer's page.
    const link = invitation.text.match(/\/signature-request\/[A-Za-z0-9_-]+/)![0];
    await page.goto(link);
    await expect(page.getByText(`Puede firmar hasta el ${shown}`)).toBeVisible();

    // The request's screen.
    await page.goto(`/update-signature-request/update/${requestId}`);
    await expect(page.getByText(`Vence el ${shown}`)).toBeVisible();
  },
);
