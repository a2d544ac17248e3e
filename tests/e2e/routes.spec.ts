import { expect, type Page, test } from '@playwright/test';
import { endpoints } from '../../contract/index.js';
import { PERMISSIONS, type Permission, ROLE, SEEDED_ROLES } from '../../contract/permissions.js';
import { ROUTES, type RouteDefinition } from '../../src/access/routes.js';
import { PERSONAS } from './fixtures/personas.fixture.js';
import { type ApiSession, adminCredentials, apiSession, signPageIn } from './support/apiSession.js';

/**
 * SPEC §2.1–§2.2, table-driven: every route of the table (39 + the 10 statistics paths) opened as a
 * guest, as a user lacking the permission, as users holding some or all of them and as the
 * platform, checking where each one lands. The expected screen titles are the spec's Spanish ones.
 * A guest, the lacking user and the user holding everything open each route by deep link (a full
 * page load: the guard decides before and after the session arrives); the other visitors move to it
 * inside the running app, as a link would, so the same guard runs on a warm app with the previous
 * screen's state around it, and the walk costs a fraction of a page load per route.
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

/** Role 20's own labels of two screens (SPEC §2.6). */
const PLATFORM_TITLES: Record<string, string> = {
  'admin.company.items-crud': 'Creación de Empresas',
  'admin.update-signature.signature': 'Firma Certificado Digital',
};

// The visitors' walks are independent: let them run on both workers.
test.describe.configure({ mode: 'parallel' });

/**
 * Who walks the table: a guest, customer-company users (none, every permission, and the seeded
 * company administrator and auditor roles) and the platform's administrator.
 */
type Visitor = {
  label: string;
  persona?: { email: string; password: string };
  /** The permissions the visitor holds (none for a guest). */
  holds: readonly Permission[];
  /** The platform's company (role 20): it alone may open screens built on global calls. */
  platform?: boolean;
  /** Opens every route by a full page load rather than by moving inside the running app. */
  deepLinks?: boolean;
};

const HOME = { path: '/home', title: 'Inicio' };
const LOGIN = { path: '/session/login', title: 'Iniciar sesión' };

/**
 * Screens built on calls the contract keeps for the platform's company (scope global): a customer
 * company's user holding their permissions is sent home like one lacking them.
 */
const PLATFORM_SCREENS = new Set([
  'admin.banner.items-crud',
  'admin.notifications',
  'admin.help_center',
  'admin.supports',
  'admin.reports.report_companies',
  'admin.getStorageStatistics',
  'admin.getUsersCompaniesStorageStatistics',
  'admin.getCompaniesUnlimitedPackagesStatistics',
  'admin.getCompaniesUnitsPackagesStatistics',
  'admin.getCompaniesValidationCodes',
]);

/** Where SPEC §2.2 sends each visitor. `null` = stays on the route and shows its own screen. */
function landing(route: RouteDefinition, visitor: Visitor): { path: string; title: string } | null {
  const { name, access } = route;
  const guest = visitor.persona === undefined && !visitor.platform;
  if (name === 'login') return guest ? LOGIN : HOME; // `/` only redirects.
  // A bespoke page is refused, like a resource's list, to whom the contract refuses its call.
  const call = route.screenEndpoint ? endpoints[route.screenEndpoint] : undefined;
  const refusedCall =
    !guest &&
    call !== undefined &&
    (!call.permissions.every((permission) => visitor.holds.includes(permission)) ||
      (call.scope === 'global' && !visitor.platform));
  if (access === null) return refusedCall ? HOME : null;
  if (access === 'guest') return guest ? null : HOME;
  if (guest) return LOGIN;
  if (access === 'auth') return refusedCall ? HOME : null;
  const holdsAll = access.every((permission) => visitor.holds.includes(permission));
  return !holdsAll || refusedCall || (PLATFORM_SCREENS.has(name) && !visitor.platform) ? HOME : null;
}

// A deep link loads the whole app; on a busy 2-core machine that can take a few seconds.
const SETTLE = { timeout: 15_000 };

/** Moves the running app to `url` the way the router's own links do (history entry + popstate). */
async function moveInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, url);
}

async function expectLanding(
  page: Page,
  url: string,
  name: string,
  target: ReturnType<typeof landing>,
  visitor: Visitor,
) {
  if (visitor.deepLinks) await page.goto(url);
  else await moveInApp(page, url);
  const platform = visitor.platform ?? false;
  // The page's own title comes first (a template's preview may hold headings of its own).
  const heading = page.getByRole('heading', { level: 1 }).first();
  if (target) {
    await expect.soft(heading, `${url} → ${target.path}`).toHaveText(target.title, SETTLE);
    await expect.soft(page, `${url} → ${target.path}`).toHaveURL(target.path, SETTLE);
    return;
  }
  const title = (platform && PLATFORM_TITLES[name]) || TITLES[name];
  if (title) await expect.soft(heading, `${url} shows its screen`).toHaveText(title, SETTLE);
  else await expect.soft(heading, `${url} shows its screen`).toBeVisible(SETTLE);
  await expect.soft(page, `${url} stays`).toHaveURL(url);
}

const permissionsOf = (roleId: number) => SEEDED_ROLES.find((role) => role.id === roleId)?.permissions ?? [];

const visitors: Visitor[] = [
  { label: 'a guest', holds: [], deepLinks: true },
  { label: 'a user lacking the permissions', persona: PERSONAS.noPermissions, holds: [], deepLinks: true },
  { label: 'a user holding them', persona: PERSONAS.companyAll, holds: PERMISSIONS, deepLinks: true },
  {
    label: 'a company administrator',
    persona: PERSONAS.companyAdministrator,
    holds: permissionsOf(ROLE.companyAdministrator),
  },
  { label: 'an auditor', persona: PERSONAS.auditor, holds: permissionsOf(ROLE.auditor) },
  { label: 'the platform administrator', holds: PERMISSIONS, platform: true },
];

/** The text of a screen still to be built; no route shows it to anyone. */
const PLACEHOLDER = 'Esta sección estará disponible próximamente';

test('the table has the 39 routes and the 10 statistics paths, each with an expected title', () => {
  // Present, not counted: resources may add routes of their own.
  const names = ROUTES.map(({ name }) => name as string);
  for (const name of Object.keys(TITLES)) expect(names).toContain(name);
  expect(ROUTES.filter(({ path }) => path.startsWith('/statistics/')).length).toBeGreaterThanOrEqual(10);
  // The holder really holds everything the table asks for.
  const required = new Set(ROUTES.flatMap(({ access }) => (Array.isArray(access) ? access : [])));
  for (const permission of required) expect(PERMISSIONS).toContain(permission);
});

for (const visitor of visitors) {
  const how = visitor.deepLinks ? 'opened by deep link' : 'reached inside the app';
  test(`every route, ${how} as ${visitor.label}, lands where SPEC §2.2 says`, async ({ page }) => {
    // 49 screens in a row: three times the suite's limit (a fixed 120 s ran out on a loaded machine).
    test.slow();
    let session: ApiSession | undefined;
    // A screen the visitor may open makes no call the server refuses (403: a filter, a tab…).
    const refused: string[] = [];
    page.on('response', (reply) => {
      if (reply.status() === 403) refused.push(`${new URL(page.url()).pathname} → ${reply.url()}`);
    });
    const persona = visitor.platform ? adminCredentials() : visitor.persona;
    if (persona) {
      session = await apiSession(persona.email, persona.password);
      await signPageIn(page, session);
    }
    if (!visitor.deepLinks) await page.goto('/home');
    for (const route of ROUTES as readonly RouteDefinition[]) {
      const url = SAMPLE_PARAMS[route.path] ?? route.path;
      await test.step(`${route.name} (${url})`, () =>
        expectLanding(page, url, route.name, landing(route, visitor), visitor));
      await expect.soft(page.getByText(PLACEHOLDER), `${url} is built`).toHaveCount(0);
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
