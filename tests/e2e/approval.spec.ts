import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { type BrowserContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { APPROVAL_GROUP, APPROVAL_SENDER, APPROVER } from './fixtures/signingApproval.fixture.js';
import { invitationLink } from './fixtures/signingBrowser.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { waitForMail } from './support/mail.js';

/**
 * Auto-sign end to end: the approver keeps a signature, the sender sends a request of a group the
 * company signs automatically, its signer signs, the approver opens the e-mailed approval link and
 * approves, and the request ends completed with its documents sealed (pdfsig, and the company
 * named as signer in the certificate of completion).
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** A handwritten-looking stroke, as a PNG the signature settings accept. */
const signaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90"><path d="M10 60 C 60 10, 90 90, 140 40 S 220 80, 290 30" stroke="#1a237e" stroke-width="5" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer();

type RequestDetail = {
  status: string;
  seal_status: string;
  documents: { id: number; sealed: boolean }[];
  events: { action: string }[];
};

/** A call of the sender's API (the history screen's own endpoints). */
async function asSender(path: string, body: object): Promise<Response> {
  const { token } = await apiSession(APPROVAL_SENDER.email, APPROVAL_SENDER.password);
  const reply = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path} respondió ${reply.status}`);
  return reply;
}

const requestDetail = async (requestId: number) =>
  ((await (await asSender('view_pdf_history', { request_id: requestId })).json()) as { data: RequestDetail })
    .data;

const run = promisify(execFile);

// The approver, the sender and the signer each in a browser context of their own (own storage).
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

test('an approver approves an auto-sign request and it is sealed', async ({ browser }) => {
  const newPage = async () => {
    const context = await browser.newContext();
    contexts.push(context);
    return context.newPage();
  };
  const stamp = Date.now().toString(36);
  const signerEmail = `cliente.${stamp}@aprobaciones-e2e.test`;

  // The approver keeps the signature the company will sign with.
  const approverPage = await newPage();
  await signPageIn(approverPage, await apiSession(APPROVER.email, APPROVER.password));
  await approverPage.goto('/user/signature');
  await approverPage
    .getByLabel('Imagen de firma')
    .setInputFiles({ name: 'firma.png', mimeType: 'image/png', buffer: await signaturePng() });
  await expect(approverPage.getByText('Configuración de firma guardada')).toBeVisible();
  await expect(approverPage.getByAltText('Su firma guardada')).toBeVisible();

  // The sender sends a request of the auto-sign group.
  const senderPage = await newPage();
  await signPageIn(senderPage, await apiSession(APPROVAL_SENDER.email, APPROVAL_SENDER.password));
  await senderPage.goto('/single-signature-request');
  await senderPage.getByRole('combobox', { name: 'Grupo de documentos' }).click();
  await senderPage.getByRole('option', { name: new RegExp(APPROVAL_GROUP) }).click();
  await senderPage.getByRole('textbox', { name: 'Cliente', exact: true }).fill('Comercializadora del Valle');
  const client = senderPage.getByRole('group', { name: /1\. Cliente/ });
  await client.getByRole('textbox', { name: /Nombre completo/ }).fill('Camilo Cliente');
  await client.getByRole('textbox', { name: /Correo electrónico/ }).fill(signerEmail);
  await senderPage.getByRole('button', { name: 'Enviar solicitud' }).click();
  const sent = senderPage.getByRole('region', { name: /Solicitud n\.º \d+ enviada/ });
  await expect(sent).toBeVisible();
  const requestId = Number((await sent.textContent())?.match(/n\.º (\d+)/)?.[1]);
  expect(requestId).toBeGreaterThan(0);

  // The signer signs; the request now waits for the company.
  const signerPage = await newPage();
  const since = new Date(Date.now() - 1000);
  await signerPage.goto(`/signature-request/${await invitationLink(signerEmail, APPROVAL_GROUP)}`);
  await signerPage.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
  await signerPage.getByRole('tab', { name: 'Escribir' }).click();
  await signerPage.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(signerPage.getByText(/Su firma quedó registrada/)).toBeVisible();
  expect(await requestDetail(requestId)).toMatchObject({ status: 'in_progress', seal_status: 'not_ready' });

  // The approver's e-mail links to the approval page, which shows what will be signed.
  const approvalMail = await waitForMail(APPROVER.email, /espera su aprobación/, { since });
  const link = approvalMail.text.match(/\/approval_packages\?token=(\d+)\.[A-Za-z0-9_-]{43}/);
  expect(Number(link?.[1])).toBe(requestId);
  await approverPage.goto(link![0]);
  await expect(
    approverPage.getByText(/firmará automáticamente estos documentos con la firma guardada de/),
  ).toBeVisible();
  await expect(approverPage.getByText('Camilo Cliente')).toBeVisible();
  await expect(approverPage.getByText(/^Firmó el /)).toBeVisible();
  await expect(approverPage.getByAltText('Firma que se aplicará')).toBeVisible();
  await approverPage.getByRole('button', { name: 'Aprobar y firmar' }).click();
  await expect(approverPage.getByText(/Usted aprobó la firma automática/)).toBeVisible();
  await expect(approverPage.getByRole('button', { name: 'Aprobar y firmar' })).toHaveCount(0);

  // Completed at once; sealed when the seal job has run.
  await expect
    .poll(async () => requestDetail(requestId), { timeout: 120_000, intervals: [250, 500, 1000] })
    .toMatchObject({ status: 'completed', seal_status: 'sealed' });
  const detail = await requestDetail(requestId);
  expect(detail.documents.length).toBeGreaterThan(0);
  expect(detail.documents.every((document) => document.sealed)).toBe(true);
  expect(detail.events.map((event) => event.action)).toContain('auto_sign_approved');

  // The sealed PDF: signed over its whole length, the company listed as signer by the approver.
  const pdf = test.info().outputPath('sellado.pdf');
  const download = await asSender('view_pdf_by_user', { document_id: detail.documents[0]!.id });
  await writeFile(pdf, Buffer.from(await download.arrayBuffer()));
  const { stdout: signatures } = await run('pdfsig', [pdf]).catch((failure: { stdout: string }) => failure);
  expect(signatures).toContain('Signature is Valid');
  expect(signatures).toContain('Total document signed');
  const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
  expect(text.replace(/\s+/g, ' ')).toContain('firma automática aprobada por Alba Aprobadora');
});
