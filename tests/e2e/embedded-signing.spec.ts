import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { EMBED_ADMINISTRATOR, EMBED_GROUP } from './fixtures/embeddedSigning.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { apiSession, signPageIn } from './support/apiSession.js';
import { waitForMail } from './support/mail.js';

/**
 * Embedded signing (issue 23): the company lists one loopback origin as allowed to frame its
 * signers' pages and asks for the signers' links in the API reply. A page of that origin frames
 * the link, the signer signs inside the frame, and the page receives the events; a page of a third
 * origin frames the same link and the browser refuses to show it.
 */

const appUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

type Reply<T> = { status: number; body: { data: T; message: string } };

async function call<T>(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: object,
): Promise<Reply<T>> {
  const response = await fetch(`${appUrl()}/api/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Reply<T>['body'] };
}

/**
 * A page of another origin (another port on loopback) that frames `link` with the camera allowed
 * and keeps every message it receives from the app's origin in `window.received`.
 */
async function startParentPage(link: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html>
<html lang="es"><head><title>Portal del cliente</title></head>
<body style="margin:0">
<script>
  window.received = [];
  addEventListener('message', (event) => {
    if (event.origin === ${JSON.stringify(new URL(appUrl()).origin)}) window.received.push(event.data);
  });
</script>
<iframe title="Firma" src="${link()}" allow="camera" style="width:100%;height:98vh;border:0"></iframe>
</body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Record<string, unknown>[] }).received);

/** The iframe's frame once it has navigated somewhere (its document, or Chromium's error page). */
const childFrameUrl = (page: Page) =>
  page
    .frames()
    .find((frame) => frame !== page.mainFrame())
    ?.url() ?? '';

test('a page of an allowed origin frames the signer, who signs inside; a third origin is refused', async ({
  page,
  browser,
}) => {
  let link = '';
  const allowed = await startParentPage(() => link);
  const third = await startParentPage(() => link);
  try {
    // The company administrator creates a key; the integration sets embedding with it.
    const adminSignin = await call<{ token: string; id: number }>({}, 'POST', 'users/signin', {
      email: EMBED_ADMINISTRATOR.email,
      password: EMBED_ADMINISTRATOR.password,
    });
    const session = { authorization: `Bearer ${adminSignin.body.data.token}` };
    const me = await call<{ company_id: number }>(session, 'GET', `get_users/${adminSignin.body.data.id}`);
    const companyId = me.body.data.company_id;
    const created = await call<{ api_key: string }>(session, 'POST', `company_api_keys/${companyId}`, {
      name: 'Portal embebido',
    });
    expect(created.status).toBe(201);
    const key = { 'X-Api-Key': created.body.data.api_key };
    const saved = await call<{ frame_origins: string[] }>(key, 'PUT', `company_embedding/${companyId}`, {
      frame_origins: [`${allowed.origin}/`],
      signer_links_in_reply: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.frame_origins).toEqual([allowed.origin]);

    // A request sent with the key: the signer's link comes back in the reply, not by e-mail.
    const groups = await call<{ id: number; name: string }[]>(
      key,
      'GET',
      `signature_request_packages/${companyId}`,
    );
    const group = groups.body.data.find((each) => each.name === EMBED_GROUP)!;
    const stamp = Date.now().toString(36);
    const signerEmail = `sofia.embebida.${stamp}@e2e.test`;
    const sent = await call<{ request_id: number; signerLinks: { signerId: number; url: string }[] }>(
      key,
      'POST',
      'process_signature_request',
      {
        document_package_id: group.id,
        values: { cliente: `Cliente embebido ${stamp}` },
        signers: [{ number: 1, name: 'Sofía Embebida', email: signerEmail, authentication: ['email_otp'] }],
      },
    );
    expect(sent.status).toBe(200);
    const [signer] = sent.body.data.signerLinks;
    expect(signer!.url).toMatch(/\/signature-request\/[A-Za-z0-9_-]{43}$/);
    link = signer!.url;

    // The allowed origin frames the link; the signer signs inside the frame.
    await page.goto(allowed.origin);
    const frame = page.frameLocator('iframe[title="Firma"]');
    await expect(frame.getByText(/le pide firmar este documento/)).toBeVisible();
    await expect.poll(async () => (await received(page)).map((event) => event.type)).toEqual(['loaded']);
    await frame.getByRole('checkbox', { name: 'Acepto firmar electrónicamente' }).check();
    const since = new Date(Date.now() - 1000);
    await frame.getByRole('button', { name: 'Enviar código' }).click();
    await expect(frame.getByRole('status').filter({ hasText: 'Enviamos el código' })).toBeVisible();
    const code = (await waitForMail(signerEmail, /código de verificación/, { since })).subject.match(
      /(\d{6})/,
    )![1]!;
    await frame.getByLabel('Código de 6 dígitos').fill(code);
    await frame.getByRole('button', { name: 'Verificar código' }).click();
    await expect(frame.getByText('Identidad verificada')).toBeVisible();
    await frame.getByRole('tab', { name: 'Escribir' }).click();
    await expect(frame.getByTestId('typed-preview')).toHaveText('Sofía Embebida');
    await frame.getByRole('button', { name: 'Firmar', exact: true }).click();
    await expect(frame.getByText(/Su firma quedó registrada|Todos firmaron/)).toBeVisible();

    await expect
      .poll(async () => (await received(page)).map((event) => event.type))
      .toEqual(['loaded', 'code-validated', 'signed']);
    const events = await received(page);
    for (const event of events) {
      expect(event).toMatchObject({
        source: 'rubrica',
        requestId: sent.body.data.request_id,
        signerId: signer!.signerId,
      });
    }
    // No secret travels to the parent: neither the link's token nor the code.
    const token = link.split('/').at(-1)!;
    expect(JSON.stringify(events)).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain(code);

    // A third origin frames the same link: Chromium refuses it (frame-ancestors) and shows its
    // error page in the frame instead; the page never loads, so nothing is posted.
    const other = await browser.newPage();
    try {
      await other.goto(third.origin);
      await expect.poll(() => childFrameUrl(other)).toMatch(/^chrome-error:/);
      expect(await received(other)).toEqual([]);
    } finally {
      await other.close();
    }
  } finally {
    allowed.server.close();
    third.server.close();
  }
});

test('the company administrator sets embedded signing on the company page, which fits a phone', async ({
  page,
}) => {
  const session = await apiSession(EMBED_ADMINISTRATOR.email, EMBED_ADMINISTRATOR.password);
  const companyId = session.user.company_id;
  await signPageIn(page, session);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/user/company/update/${companyId}`);
  const origins = page.getByRole('textbox', { name: 'Orígenes autorizados' });
  await expect(origins).toBeEnabled();
  await origins.fill('https://Portal.Embebido.Example.CO/\nhttp://portal.embebido.example.co');
  await page.getByRole('button', { name: 'Guardar firma embebida' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Línea 2:' })).toContainText('https://');
  await origins.fill('https://Portal.Embebido.Example.CO/\nhttp://localhost:8080');
  const links = page.getByRole('switch', { name: /Entregar los enlaces de firma/ });
  await links.uncheck();
  await page.getByRole('button', { name: 'Guardar firma embebida' }).click();
  await expect(page.getByText('Configuración de firma embebida guardada')).toBeVisible();
  await expect(origins).toHaveValue('https://portal.embebido.example.co\nhttp://localhost:8080');
  await expectNoHorizontalOverflow(page);

  const saved = await call<{ frame_origins: string[]; signer_links_in_reply: boolean }>(
    { authorization: `Bearer ${session.token}` },
    'GET',
    `company_embedding/${companyId}`,
  );
  expect(saved.body.data).toEqual({
    frame_origins: ['https://portal.embebido.example.co', 'http://localhost:8080'],
    signer_links_in_reply: false,
  });
});
