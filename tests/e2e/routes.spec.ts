import { expect, type Page, test } from '@playwright/test';
import { PERMISSIONS } from '../../contract/permissions.js';
import { ROUTES, type RouteAccess } from '../../src/access/routes.js';
import { PERSONAS } from './fixtures/personas.fixture.js';
import { type ApiSession, apiSession, signPageIn } from './support/apiSession.js';

/**
 * SPEC §2.1–§2.2, table-driven: every route of the table (39 + the 10 statistics paths) opened by
 * deep link (a full page load) as a guest, as a user lacking the permission and as a user holding
 * it, checking where each one lands. The expected screen titles are the spec's Spanish ones.
 */

/** Concrete URLs for the routes with parameters. */
const SAMPLE_PARAMS: Record<string, string> = {
  '/signature-request/:token': '/signature-request/enlace-de-prueba',
  '/user/company/update/:id': '/user/company/update/1',
  '/document-template/:action/:id?': '/document-template/update/1',
  '/document/:id': '/document/1',
  '/update-signature-request/update/:id?': '/update-signature-request/update',
};

/** The title each screen shows; the session helper's own pages are only checked for a heading. */
const TITLES: Record<string, string | null> = {
  home: 'Inicio',
  'signature-request.sign': 'Firma de documentos',
  'list-documents.sign': 'Documentos para firmar',
  'certificate.validation': 'Validación de certificados',
  'approval.packages': 'Aprobación de paquetes',
  'faq.asked-questions': 'Preguntas frecuentes',
  'email.tracker': 'Seguimiento de correos',
  'session.login': 'Iniciar sesión',
  'session.recover-password': null,
  // Headings equal the menu labels the visitor sees (SPEC §2.6).
  // The holding visitor is a customer company: its label is «Creación de Sucursales» (SPEC §2.6).
  'admin.company.items-crud': 'Creación de Sucursales',
  'admin.impersonation': null,
  'admin.plans.items-crud': 'Historial de paquetes',
  'admin.update-company.item-crud': 'Actualizar empresa',
  'admin.update-signature.signature': 'Configuración de firma',
  'admin.user.items-crud': 'Creación de Usuarios',
  'user.dashboard': 'Dashboard',
  'user.user.item-crud': null,
  'user.documentType.items-crud': 'Tipos de documento',
  'user.documentTemplate.items-crud': 'Plantillas de documento',
  'user.documentTemplate.item-crud': 'Plantilla de documento',
  'admin.documentGroup.items-crud': 'Grupos de documentos',
  'admin.groups.items-crud': 'Grupos de usuarios',
  'admin.document.item-crud': 'Documento',
  'admin.bulk-requests': 'Solicitud masiva',
  'admin.single-signature-request': 'Solicitud individual',
  'admin.bulk-pdf-requests': 'Enviar PDF masivo para firmar',
  'admin.single-pdf-request': 'Enviar PDF para firmar',
  'admin.list-signature-request.list': 'Historial de solicitudes',
  'admin.update-signature-request.update': 'Actualizar solicitud de firma',
  'admin.banner.items-crud': 'Banners',
  'admin.reports.report': 'Reporte',
  'admin.reports.report_companies': 'Reporte empresas',
  'admin.notifications': 'Notificaciones',
  'admin.document_download_logs': 'Descarga de documentos',
  'admin.supports': 'Soportes',
  'admin.company_supports': 'Soportes de empresa',
  'admin.company_features': 'Configuración de funcionalidades',
  'admin.help_center': 'Ayuda',
  'admin.getStorageStatistics': 'Estadísticas: almacenamiento por empresa',
  'admin.getCompanyStorageStatistics': 'Estadísticas: almacenamiento',
  'admin.getUsersCompaniesStorageStatistics': 'Estadísticas: usuarios por empresa',
  'admin.getUsersCompanyStorageStatistics': 'Estadísticas: usuarios',
  'admin.getCompaniesUnlimitedPackagesStatistics': 'Estadísticas: paquetes ilimitados por empresa',
  'admin.getCompanyUnlimitedPackagesStatistics': 'Estadísticas: paquetes ilimitados',
  'admin.getCompaniesUnitsPackagesStatistics': 'Estadísticas: paquetes por unidades por empresa',
  'admin.getCompanyUnitsPackagesStatistics': 'Estadísticas: paquetes por unidades',
  'admin.getCompaniesValidationCodes': 'Estadísticas: códigos de validación por empresa',
  'admin.getCompanyValidationCodes': 'Estadísticas: códigos de validación',
};

// The three visitors' walks are independent: let them run on both workers.
test.describe.configure({ mode: 'parallel' });

type Visitor = 'guest' | 'lacking' | 'holding';

const HOME = { path: '/home', title: 'Inicio' };
const LOGIN = { path: '/session/login', title: 'Iniciar sesión' };

/**
 * Screens built on a list the contract keeps for the platform's company (scope global): the holder,
 * a customer company's user, holds their permissions but is sent home like one lacking them.
 */
const PLATFORM_LISTS = new Set([
  'admin.banner.items-crud',
  'admin.notifications',
  'admin.help_center',
  'admin.getStorageStatistics',
  'admin.getUsersCompaniesStorageStatistics',
  'admin.getCompaniesUnlimitedPackagesStatistics',
  'admin.getCompaniesUnitsPackagesStatistics',
  'admin.getCompaniesValidationCodes',
]);

/** Where SPEC §2.2 sends each visitor. `null` = stays on the route and shows its own screen. */
function landing(
  name: string,
  access: RouteAccess,
  visitor: Visitor,
): { path: string; title: string } | null {
  if (name === 'login') return visitor === 'guest' ? LOGIN : HOME; // `/` only redirects.
  if (access === null) return null;
  if (access === 'guest') return visitor === 'guest' ? null : HOME;
  if (visitor === 'guest') return LOGIN;
  if (access === 'auth') return null;
  return visitor === 'lacking' || PLATFORM_LISTS.has(name) ? HOME : null;
}

// A deep link loads the whole app; on a busy 2-core machine that can take a few seconds.
const SETTLE = { timeout: 15_000 };

async function expectLanding(page: Page, url: string, name: string, target: ReturnType<typeof landing>) {
  await page.goto(url);
  const heading = page.getByRole('heading', { level: 1 });
  if (target) {
    await expect.soft(heading, `${url} → ${target.path}`).toHaveText(target.title, SETTLE);
    await expect.soft(page, `${url} → ${target.path}`).toHaveURL(target.path, SETTLE);
    return;
  }
  const title = TITLES[name];
  if (title) await expect.soft(heading, `${url} shows its screen`).toHaveText(title, SETTLE);
  else await expect.soft(heading, `${url} shows its screen`).toBeVisible(SETTLE);
  await expect.soft(page, `${url} stays`).toHaveURL(url);
}

const visitors: { visitor: Visitor; label: string; persona?: { email: string; password: string } }[] = [
  { visitor: 'guest', label: 'a guest' },
  { visitor: 'lacking', label: 'a user lacking the permissions', persona: PERSONAS.noPermissions },
  { visitor: 'holding', label: 'a user holding them', persona: PERSONAS.companyAll },
];

test('the table has the 39 routes and the 10 statistics paths, each with an expected title', () => {
  // Present, not counted: resources may add routes of their own.
  const names = ROUTES.map(({ name }) => name as string);
  for (const name of Object.keys(TITLES)) expect(names).toContain(name);
  expect(ROUTES.filter(({ path }) => path.startsWith('/statistics/')).length).toBeGreaterThanOrEqual(10);
  // The holder really holds everything the table asks for.
  const required = new Set(ROUTES.flatMap(({ access }) => (Array.isArray(access) ? access : [])));
  for (const permission of required) expect(PERMISSIONS).toContain(permission);
});

for (const { visitor, label, persona } of visitors) {
  test(`every route, opened by deep link as ${label}, lands where SPEC §2.2 says`, async ({ page }) => {
    // 49 screens in a row: three times the suite's limit (a fixed 120 s ran out on a loaded machine).
    test.slow();
    let session: ApiSession | undefined;
    // A screen the visitor may open makes no call the server refuses (403: a filter, a tab…).
    const refused: string[] = [];
    page.on('response', (reply) => {
      if (reply.status() === 403) refused.push(`${new URL(page.url()).pathname} → ${reply.url()}`);
    });
    if (persona) {
      session = await apiSession(persona.email, persona.password);
      await signPageIn(page, session);
    }
    for (const { name, path, access } of ROUTES) {
      const url = SAMPLE_PARAMS[path] ?? path;
      await test.step(`${name} (${url})`, () =>
        expectLanding(page, url, name, landing(name, access, visitor)));
    }
    // A reload keeps the screen (the server serves the app for any non-/api path).
    if (session) {
      await page.goto('/frequently-asked-questions');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes');
    }
    expect(refused, 'calls refused with 403').toEqual([]);
  });
}
