import type { EndpointName } from '../../contract';
import { ACCESS_AUTH, ACCESS_GUEST, type Permission } from '../../contract/permissions';

/**
 * Who may open a route (SPEC §2.1, §6): a list of permissions (the user needs every one of them),
 * `auth` (any logged-in user), `guest` (only visitors who are not logged in) or `null` (no access
 * list: open to everyone).
 */
export type RouteAccess = readonly Permission[] | typeof ACCESS_AUTH | typeof ACCESS_GUEST | null;

export type RouteDefinition = {
  /** The route name of SPEC §2.1 (statistics: the names of the §2.6 menu table). */
  name: string;
  /** A react-router path pattern: `:param` for a segment, `:param?` for an optional one. */
  path: string;
  access: RouteAccess;
  /**
   * The call a bespoke page is built on (a resource's screen names its list itself): the guard and
   * the menu refuse the page to whom the contract refuses that call (a platform-only figure).
   */
  screenEndpoint?: EndpointName;
};

/** SPEC §2.1, in its order, then the statistics paths. Paths are final; screens fill in later. */
export const ROUTES = [
  // `/` only redirects (to session.login, which sends a logged-in user home).
  { name: 'login', path: '/', access: null },
  { name: 'home', path: '/home', access: ACCESS_AUTH },
  { name: 'signature-request.sign', path: '/signature-request/:token', access: null },
  { name: 'list-documents.sign', path: '/list_documents', access: null },
  { name: 'certificate.validation', path: '/certificate_validation', access: null },
  { name: 'approval.packages', path: '/approval_packages', access: null },
  { name: 'faq.asked-questions', path: '/frequently-asked-questions', access: null },
  { name: 'email.tracker', path: '/email-tracker', access: ['email.tracker'] },
  { name: 'session.login', path: '/session/login', access: ACCESS_GUEST },
  { name: 'session.recover-password', path: '/session/recover-password', access: ACCESS_GUEST },
  { name: 'admin.company.items-crud', path: '/user/company', access: ['company.list'] },
  { name: 'admin.impersonation', path: '/user/impersonate-user', access: ['impersonate.user'] },
  { name: 'admin.plans.items-crud', path: '/user/plans', access: ['packages_plans.list'] },
  { name: 'admin.update-company.item-crud', path: '/user/company/update/:id', access: ['company.update'] },
  { name: 'admin.update-signature.signature', path: '/user/signature', access: ['signature.config'] },
  { name: 'admin.user.items-crud', path: '/user/user', access: ['user.list'] },
  { name: 'user.dashboard', path: '/user/dashboard', access: null, screenEndpoint: 'getDashboardInfo' },
  { name: 'user.user.item-crud', path: '/user/profile', access: ACCESS_AUTH },
  { name: 'user.documentType.items-crud', path: '/document-type', access: ['document_type.list'] },
  {
    name: 'user.documentTemplate.items-crud',
    path: '/document-template',
    access: ['document_template.list'],
  },
  // `action` is create or update; the page refuses anything else.
  { name: 'user.documentTemplate.item-crud', path: '/document-template/:action/:id?', access: null },
  { name: 'admin.documentGroup.items-crud', path: '/document-group', access: ['document_group.list'] },
  { name: 'admin.groups.items-crud', path: '/user_groups', access: ['groups.list'] },
  { name: 'admin.document.item-crud', path: '/document/:id', access: ['document.update'] },
  { name: 'admin.bulk-requests', path: '/bulk-signature-requests', access: ['signature_request.create'] },
  {
    name: 'admin.single-signature-request',
    path: '/single-signature-request',
    access: ['signature_request.create'],
  },
  { name: 'admin.bulk-pdf-requests', path: '/bulk-pdf-requests', access: ['signature_request.create'] },
  { name: 'admin.single-pdf-request', path: '/single-pdf-request', access: ['signature_request.create'] },
  { name: 'admin.list-signature-request.list', path: '/list-signature-request', access: ['signer.list'] },
  {
    name: 'admin.update-signature-request.update',
    path: '/update-signature-request/update/:id?',
    access: null,
  },
  { name: 'admin.banner.items-crud', path: '/list-banner/banner', access: ['banner.list'] },
  { name: 'admin.reports.report', path: '/reports', access: ['report.list'] },
  { name: 'admin.reports.report_companies', path: '/reports/companies', access: ['report_companies.list'] },
  { name: 'admin.notifications', path: '/notifications', access: ['notification.list'] },
  {
    name: 'admin.document_download_logs',
    path: '/document_download_logs',
    access: ['document_download_logs.list'],
  },
  { name: 'admin.supports', path: '/supports', access: ['support.list'] },
  { name: 'admin.company_supports', path: '/company_supports', access: ['support_company.list'] },
  { name: 'admin.company_features', path: '/company_features', access: ['user.list'] },
  { name: 'admin.help_center', path: '/help_center', access: ['help_center.list'] },
  // Statistics (SPEC §2.1: one permission each, names and permissions from the §2.6 menu table).
  {
    name: 'admin.getStorageStatistics',
    path: '/statistics/storage',
    access: ['statistics.companies_storage'],
    screenEndpoint: 'getCompaniesStatistics',
  },
  {
    name: 'admin.getCompanyStorageStatistics',
    path: '/statistics/company',
    access: ['statistics.company_storage'],
    screenEndpoint: 'getCompanyStatistics',
  },
  {
    name: 'admin.getUsersCompaniesStorageStatistics',
    path: '/statistics/users',
    access: ['statistics.companies_users'],
    screenEndpoint: 'getCompaniesUsersStatistics',
  },
  {
    name: 'admin.getUsersCompanyStorageStatistics',
    path: '/statistics/users/company',
    access: ['statistics.company_users'],
    screenEndpoint: 'getCompanyUsersStatistics',
  },
  {
    name: 'admin.getCompaniesUnlimitedPackagesStatistics',
    path: '/statistics/packages',
    access: ['statistics.companies_packages_unlimited'],
    screenEndpoint: 'getCompaniesPackagesStatistics',
  },
  {
    name: 'admin.getCompanyUnlimitedPackagesStatistics',
    path: '/statistics/packages/company',
    access: ['statistics.company_packages_unlimited'],
    screenEndpoint: 'getCompanyPackagesStatistics',
  },
  {
    name: 'admin.getCompaniesUnitsPackagesStatistics',
    path: '/statistics/packages_units',
    access: ['statistics.companies_packages_units'],
    screenEndpoint: 'getCompaniesUnitsPackagesStatistics',
  },
  {
    name: 'admin.getCompanyUnitsPackagesStatistics',
    path: '/statistics/packages_units/company',
    access: ['statistics.company_packages_units'],
    screenEndpoint: 'getCompanyUnitsPackagesStatistics',
  },
  {
    name: 'admin.getCompaniesValidationCodes',
    path: '/statistics/validation_codes',
    access: ['statistics.companies_codes'],
    screenEndpoint: 'getCompaniesValidationCodes',
  },
  {
    name: 'admin.getCompanyValidationCodes',
    path: '/statistics/validation_codes/company',
    access: ['statistics.company_codes'],
    screenEndpoint: 'getCompanyValidationCodes',
  },
] as const satisfies readonly RouteDefinition[];

export type AppRoute = (typeof ROUTES)[number];
export type RouteName = AppRoute['name'];

/** The public signing pages: no react-admin, lazy-loaded (ARCHITECTURE rule 7). */
export const PUBLIC_SIGNING_ROUTE_NAMES = [
  'signature-request.sign',
  'list-documents.sign',
  'certificate.validation',
  'approval.packages',
] as const satisfies readonly RouteName[];

/**
 * Served before react-admin, without it (App.tsx): `/`, which only redirects, and the login page,
 * so a guest's first screen downloads no administration code.
 */
export const GUEST_ROUTE_NAMES = ['login', 'session.login'] as const satisfies readonly RouteName[];

/** Pages drawn on their own, without the shell (the session window, and `/`, which only redirects). */
export const NO_LAYOUT_ROUTE_NAMES = [
  'login',
  'session.login',
  'session.recover-password',
] as const satisfies readonly RouteName[];

const routesByName = new Map<string, AppRoute>(ROUTES.map((route) => [route.name, route]));

export function routeNamed(name: RouteName): AppRoute {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Ruta desconocida: ${name}`);
  return route;
}

/** The URL of a route; parameters fill `:name` and `:name?` segments (an absent optional one is dropped). */
export function pathOf(name: RouteName, params: Readonly<Record<string, string | number>> = {}): string {
  const filled = routeNamed(name)
    .path.split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`Falta el parámetro ${key} de la ruta ${name}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  return filled || '/';
}
