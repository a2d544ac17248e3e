import { createHash, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { verifySignature } from '../../server/webhooks/signature.js';
import { type ReceivedWebhook, startWebhookReceiver } from '../api/support/webhookReceiver.js';
import { API_ADMINISTRATOR, API_GROUP, SEALING_ADMINISTRATOR } from './fixtures/requestApi.fixture.js';
import { invitationLink } from './fixtures/signingBrowser.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { mailsTo } from './support/mail.js';
import { pdfsigReport } from './support/sealedPdf.js';

/**
 * The company API through the UI (issue 10): the company's administrator generates the API key and
 * adds a webhook on its edit page; an integration creates a request with the key; the loopback
 * receiver gets the signed `request.sent`, and the page's delivery log shows it delivered.
 * Then the whole way to a sealed PDF (issue 23): a named key, a send repeated with one
 * Idempotency-Key, the signer in the browser, `request.sealed` followed to the PDF, which the
 * public validation and poppler's pdfsig accept.
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

async function withKey(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { 'X-Api-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { data: unknown; message: string },
  };
}

/** Reads a value shown once in the dialog titled `title`, then closes it. */
async function readOnceDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  const value = (await dialog.getByTestId('api-key-value').textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  return value;
}

test('an integration with the company API key creates a request and its signed webhook is delivered', async ({
  page,
}) => {
  const receiver = await startWebhookReceiver({ status: 204 });
  const receiverUrl = receiver.url('/rubrica/eventos');
  try {
    const session = await apiSession(API_ADMINISTRATOR.email, API_ADMINISTRATOR.password);
    const companyId = session.user.company_id;
    await signPageIn(page, session);
    await page.goto(`/user/company/update/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Actualizar empresa' })).toBeVisible();

    // The API key, shown once.
    await page.getByRole('button', { name: 'Generar nueva clave' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generar nueva clave' }).click();
    const apiKey = await readOnceDialog(page, 'Nueva clave de API');
    expect(apiKey.length).toBeGreaterThan(20);

    // A webhook for the request events, its secret shown once.
    const webhooks = page.getByRole('group', { name: 'Agregar webhook' });
    await webhooks.getByRole('textbox', { name: 'URL de destino' }).fill(receiverUrl);
    for (const event of [
      'Solicitud vista',
      'Firma de un firmante',
      'Solicitud rechazada',
      'Solicitud vencida',
    ])
      await webhooks.getByRole('checkbox', { name: event }).check();
    await webhooks.getByRole('button', { name: 'Agregar webhook' }).click();
    const secret = await readOnceDialog(page, 'Secreto de firma del webhook');
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('list', { name: 'Webhooks' }).getByText(receiverUrl)).toBeVisible();
    await expect(page.getByText('Aún no hay entregas.')).toBeVisible();

    // The integration: finds the group and sends a request with the key alone.
    const groups = await withKey(apiKey, 'GET', `signature_request_packages/${companyId}`);
    expect(groups.status).toBe(200);
    const group = (groups.body.data as { id: number; name: string }[]).find(
      (each) => each.name === API_GROUP,
    );
    expect(group).toBeDefined();
    const stamp = Date.now().toString(36);
    const sent = await withKey(apiKey, 'POST', 'process_signature_request', {
      document_package_id: group!.id,
      values: { cliente: `Cliente API ${stamp}` },
      signers: [{ number: 1, name: 'Carmen Cliente', email: `carmen.${stamp}@e2e.test` }],
    });
    expect(sent.status, sent.body.message).toBe(200);
    const requestId = (sent.body.data as { request_id: number }).request_id;

    // The receiver gets request.sent, signed with the secret the dialog showed.
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const [webhook] = receiver.received;
    expect(webhook!.event).toBe('request.sent');
    expect(verifySignature(webhook!.signature, webhook!.body, secret)).toBe(true);
    expect(verifySignature(webhook!.signature, webhook!.body, 'whsec_otro')).toBe(false);
    expect(JSON.parse(webhook!.body)).toMatchObject({
      type: 'request.sent',
      companyId,
      data: { requestId, source: 'api' },
    });

    // The delivery log on the page shows it delivered with the receiver's answer.
    const log = page.getByRole('list', { name: 'Registro de entregas' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Actualizar registro' }).click();
      await expect(log.getByRole('listitem').first()).toContainText('Entregado', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    const entry = log.getByRole('listitem').first();
    await expect(entry).toContainText('Solicitud enviada');
    await expect(entry).toContainText('Intentos: 1');
    await expect(entry).toContainText('Última respuesta HTTP: 204');

    // On a phone the section fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Agregar webhook' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  } finally {
    await receiver.close();
  }
});

type SealedEvent = {
  type: string;
  companyId: number;
  data: {
    requestId: number;
    status: string;
    certificateUrl: string;
    documents: {
      id: number;
      sha256: string;
      bytes: number;
      url: string;
      download: { method: 'POST'; url: string; body: object };
      certificateUrl: string;
    }[];
  };
};

/** A sealed PDF fetched with the key from a link of `request.sealed` (an absolute URL). */
async function sealedPdfWithKey(key: string, url: string, body?: object): Promise<Buffer> {
  const response = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: { 'X-Api-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

/** The public validation of an uploaded PDF (no session, no key). */
async function validatePdf(pdf: Buffer) {
  const response = await fetch(`${baseUrl()}/api/certificate_validation/pdf`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ filename: 'contrato-sellado.pdf', content_base64: pdf.toString('base64') }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('an integration sends once with an idempotency key, follows request.sealed to the sealed PDF and it validates', async ({
  page,
  browser,
}) => {
  const receiver = await startWebhookReceiver({ status: 204 });
  const receiverUrl = receiver.url('/erp/rubrica');
  const signerContext = await browser.newContext();
  const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 4)}`;
  // The company's every request is announced to the receiver (another run's too): this request's.
  let requestId = 0;
  const received = (event: string) =>
    receiver.received.filter(
      (webhook) => webhook.event === event && JSON.parse(webhook.body).data.requestId === requestId,
    );
  try {
    const session = await apiSession(SEALING_ADMINISTRATOR.email, SEALING_ADMINISTRATOR.password);
    const companyId = session.user.company_id;
    await signPageIn(page, session);
    await page.goto(`/user/company/update/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Actualizar empresa' })).toBeVisible();

    // A named key for this integration, shown once and then listed by its name.
    const keyName = `ERP de contratos ${stamp}`;
    await page.getByRole('button', { name: 'Crear clave', exact: true }).click();
    const naming = page.getByRole('dialog', { name: 'Crear clave' });
    await naming.getByRole('textbox', { name: 'Nombre de la clave' }).fill(keyName);
    await naming.getByRole('button', { name: 'Crear clave' }).click();
    const apiKey = await readOnceDialog(page, 'Nueva clave de API');
    expect(apiKey).toMatch(/^rk_/);
    await expect(page.getByText(keyName)).toBeVisible();

    // A webhook for the sent and sealed requests.
    const webhooks = page.getByRole('group', { name: 'Agregar webhook' });
    await webhooks.getByRole('textbox', { name: 'URL de destino' }).fill(receiverUrl);
    for (const event of ['Solicitud enviada', 'Documento sellado listo para descargar'])
      await webhooks.getByRole('checkbox', { name: event }).check();
    await webhooks.getByRole('button', { name: 'Agregar webhook' }).click();
    const secret = await readOnceDialog(page, 'Secreto de firma del webhook');
    await expect(page.getByRole('list', { name: 'Webhooks' }).getByText(receiverUrl)).toBeVisible();

    // The integration sends, and sends again with the same Idempotency-Key (a retry after a lost reply).
    const groups = await withKey(apiKey, 'GET', `signature_request_packages/${companyId}`);
    const group = (groups.body.data as { id: number; name: string }[]).find(
      (each) => each.name === API_GROUP,
    );
    const title = `Contrato sellado por API ${stamp}`;
    const signerEmail = `sofia.${stamp}@e2e.test`;
    const send = {
      document_package_id: group!.id,
      title,
      values: { cliente: `Cliente sellado ${stamp}` },
      signers: [{ number: 1, name: 'Sofía Selladora', email: signerEmail }],
    };
    const idempotency = { 'Idempotency-Key': `alta-${stamp}-${randomUUID()}` };
    const first = await withKey(apiKey, 'POST', 'process_signature_request', send, idempotency);
    expect(first.status, first.body.message).toBe(200);
    const again = await withKey(apiKey, 'POST', 'process_signature_request', send, idempotency);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    requestId = (first.body.data as { request_id: number }).request_id;
    const history = await withKey(apiKey, 'POST', 'documents_sign_requests_list', {
      company_id: companyId,
      signer: signerEmail,
    });
    expect(history.status, history.body.message).toBe(200);
    expect(history.body.data).toMatchObject({ total: 1, items: [{ id: requestId, title, source: 'api' }] });

    // The signer signs from the e-mailed link, in a browser of their own.
    const signer = await signerContext.newPage();
    await signer.goto(`/signature-request/${await invitationLink(signerEmail, title)}`);
    await expect(signer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await signer.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    await signer.getByRole('tab', { name: 'Escribir' }).click();
    await signer.getByRole('button', { name: 'Firmar', exact: true }).click();
    await expect(signer.getByRole('heading', { level: 1, name: 'Firma registrada' })).toBeVisible();
    await expect(signer.getByText(/Todos firmaron/)).toBeVisible();

    // request.sealed reaches the receiver, signed with the webhook's secret.
    await expect
      .poll(() => received('request.sealed').length, { timeout: 120_000, intervals: [250, 500, 1000] })
      .toBe(1);
    const [sealed] = received('request.sealed') as [ReceivedWebhook];
    expect(verifySignature(sealed.signature, sealed.body, secret)).toBe(true);
    expect(verifySignature(sealed.signature, sealed.body, 'whsec_otro')).toBe(false);
    const event = JSON.parse(sealed.body) as SealedEvent;
    expect(event).toMatchObject({
      type: 'request.sealed',
      companyId,
      data: { requestId, status: 'completed' },
    });
    expect(event.data.documents.length).toBeGreaterThan(0);

    // Its links give the sealed PDF to the key: the same bytes the event describes.
    for (const document of event.data.documents) {
      const downloaded = await sealedPdfWithKey(apiKey, document.download.url, document.download.body);
      expect(sha256(downloaded)).toBe(document.sha256);
      expect(downloaded.length).toBe(document.bytes);
      expect(sha256(await sealedPdfWithKey(apiKey, document.url))).toBe(document.sha256);
      // The certificate of completion alone: a PDF of its own, smaller than the sealed one.
      const certificate = await sealedPdfWithKey(apiKey, document.certificateUrl);
      expect(certificate.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(certificate.length).toBeLessThan(document.bytes);
    }
    expect(event.data.certificateUrl).toBe(event.data.documents[0]?.certificateUrl);
    const pdf = await sealedPdfWithKey(apiKey, event.data.documents[0]?.url ?? '');

    // The product's public validation: intact, this request, sealed, its audit trail whole.
    const verdict = await validatePdf(pdf);
    expect(verdict).toMatchObject({
      status: 'intact',
      problems: [],
      request: {
        title,
        status: 'completed',
        seal_status: 'sealed',
        audit_trail_intact: true,
        signers: [{ name: 'Sofía Selladora', status: 'signed' }],
      },
    });
    const signatures = verdict.signatures as { valid: boolean; covers_whole_document: boolean }[];
    expect(signatures.length).toBeGreaterThan(0);
    expect(signatures.every((each) => each.valid && each.covers_whole_document)).toBe(true);

    // And poppler's pdfsig, trusting only the platform CA.
    const { report, trusted } = await pdfsigReport(pdf);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');
    // On PostgreSQL the platform CA is in the database, out of the spec's reach.
    expect(trusted).toBe(process.env.E2E_DATABASE_URL ? null : true);

    // One request, one invitation, one request.sent: the repeated call sent nothing.
    expect(
      (await mailsTo(signerEmail)).filter((mail) => mail.subject.includes(`firmar «${title}»`)),
    ).toHaveLength(1);
    await expect.poll(() => received('request.sent').length, { timeout: 60_000 }).toBeGreaterThan(0);
    const [sent, ...more] = received('request.sent') as [ReceivedWebhook, ...ReceivedWebhook[]];
    expect(more).toEqual([]);
    expect(verifySignature(sent.signature, sent.body, secret)).toBe(true);
  } finally {
    await signerContext.close();
    await receiver.close();
  }
});
