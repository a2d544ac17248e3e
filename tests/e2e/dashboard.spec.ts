import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dashboardCompanies } from './fixtures/dashboard.fixture.js';
import { expectNoHorizontalOverflow } from './fixtures/viewport.js';
import { type ApiSession, adminCredentials, apiSession, signPageIn } from './support/apiSession.js';
import { expectAccessible } from './support/axe.js';
import { waitForMail } from './support/mail.js';
import { unique } from './support/platform.js';

/**
 * The dashboard (/user/dashboard) with requests sent and rejected through the API by two
 * companies: the page shows the company's own figures (those get_dashboard_info answers), the
 * chart's table, no other company's rejection, and a figure opens the history filtered to it.
 */

const baseUrl = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
const number = (value: number) => new Intl.NumberFormat('es-CO').format(value);

async function api<T>(token: string | null, method: 'GET' | 'POST', path: string, body?: object) {
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: {
      ...(token
        ? { Authorization: `Bearer ${token}` }
        : { 'x-signing-session': randomBytes(24).toString('base64url') }),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = (await response.json()) as { data: T; message: string };
  expect(response.status, `${path}: ${reply.message}`).toBe(200);
  return reply.data;
}

async function send(session: ApiSession, groupName: string, title: string, email: string) {
  const groups = await api<{ id: number; name: string }[]>(
    session.token,
    'GET',
    `signature_request_packages/${session.user.company_id}`,
  );
  const group = groups.find((each) => each.name === groupName)!;
  await api(session.token, 'POST', 'process_signature_request', {
    document_package_id: group.id,
    title,
    values: { cliente: 'Cliente del panel' },
    signers: [{ number: 1, name: 'Rita Panel', email }],
  });
}

/** The signer rejects from the link of their invitation, as the signing page does. */
async function reject(email: string, reason: string) {
  const invitation = await waitForMail(email, /./);
  const token = invitation.text.match(/\/signature-request\/([A-Za-z0-9_-]+)/)![1]!;
  await api(null, 'POST', 'do_reject_sign_request', { token, reason });
}

type Figures = {
  this_month: { rejected: number; total: number };
  waiting: { signatures: number };
};

test(
  'a company sees its own figures, and a figure opens the filtered history',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { mine, other } = dashboardCompanies(testInfo.project.name);
    const session = await apiSession(mine.admin.email, mine.admin.password);
    const otherSession = await apiSession(other.admin.email, other.admin.password);
    const stamp = unique();
    const rejected = `Contrato rechazado ${stamp}`;
    const pending = `Contrato pendiente ${stamp}`;
    await send(session, mine.group, rejected, `rita.rechazo.${stamp}@e2e.test`);
    await send(session, mine.group, pending, `rita.pendiente.${stamp}@e2e.test`);
    await send(otherSession, other.group, `Contrato ajeno ${stamp}`, `rita.ajena.${stamp}@e2e.test`);
    await reject(`rita.rechazo.${stamp}@e2e.test`, `El valor no es el acordado ${stamp}`);
    await reject(`rita.ajena.${stamp}@e2e.test`, `Motivo de la otra empresa ${stamp}`);
    const figures = await api<Figures>(session.token, 'GET', `get_dashboard_info/${session.user.id}`);
    expect(figures.this_month.rejected).toBeGreaterThanOrEqual(1);

    await signPageIn(page, session);
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Cifras de su empresa y sus sucursales')).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Enviadas este mes: ${number(figures.this_month.total)}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Firmas pendientes: ${number(figures.waiting.signatures)}` }),
    ).toBeVisible();
    await expect(page.getByText(`«El valor no es el acordado ${stamp}»`)).toBeVisible();
    await expect(page.getByText(`Motivo de la otra empresa ${stamp}`)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Solicitudes por mes y estado' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Gráfico de barras apiladas por estado/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);

    await page.getByRole('link', { name: `Rechazadas: ${number(figures.this_month.rejected)}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Historial de solicitudes' })).toBeVisible();
    await expect(page).toHaveURL(/status=rejected/);
    await expect(page.getByRole('link', { name: rejected }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: pending })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  },
);

test('the platform administrator sees the whole platform’s figures', { tag: '@mobile' }, async ({ page }) => {
  const { email, password } = adminCredentials();
  const session = await apiSession(email, password);
  await signPageIn(page, session);
  await page.goto('/user/dashboard');
  await expect(page.getByText('Cifras de toda la plataforma (todas las empresas)')).toBeVisible();
  // Other specs send requests meanwhile: the platform's figure is checked for its presence only.
  await expect(page.getByRole('link', { name: /^Firmas pendientes: [\d.]+$/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
