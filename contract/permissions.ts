/** Permission strings of SPEC §6, roles and the platform company. */
export const PERMISSIONS = [
  'signature_request.create',
  'signature_request.list',
  'signer.list',
  'document_template.list',
  'dashboard.list',
  'report.list',
  'report_companies.list',
  'signature.config',
  'configuration.list',
  'document_type.list',
  'document_group.list',
  'groups.list',
  'admin.list',
  'company.list',
  'company.update',
  'user.list',
  'document.update',
  'impersonate.user',
  'statistics.company_storage',
  'statistics.company_users',
  'statistics.company_packages_unlimited',
  'statistics.company_packages_units',
  'statistics.company_codes',
  'administration.list',
  'banner.list',
  'packages_plans.list',
  'statistics.companies_storage',
  'statistics.companies_users',
  'statistics.companies_packages_unlimited',
  'statistics.companies_packages_units',
  'statistics.companies_codes',
  'notification.list',
  'document_download_logs.list',
  'support.list',
  'support_company.list',
  'email.tracker',
  'help_center.list',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Special access values of SPEC §6: logged in / not logged in. */
export const ACCESS_AUTH = 'auth';
export const ACCESS_GUEST = 'guest';

/** The top-level company (the platform itself). */
export const PLATFORM_COMPANY_ID = 1;

/** Role ids. 20 is fixed by the specification; the others are ours. */
export const ROLE = {
  administrator: 20,
  companyAdministrator: 21,
  operator: 22,
  auditor: 23,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

const companyAdministratorPermissions = [
  'signature_request.create',
  'signature_request.list',
  'signer.list',
  'document_template.list',
  'dashboard.list',
  'report.list',
  'signature.config',
  'configuration.list',
  'document_type.list',
  'document_group.list',
  'groups.list',
  'admin.list',
  'company.list',
  'company.update',
  'user.list',
  'document.update',
  'statistics.company_storage',
  'statistics.company_users',
  'statistics.company_packages_unlimited',
  'statistics.company_packages_units',
  'statistics.company_codes',
  'document_download_logs.list',
  'support_company.list',
  'email.tracker',
] as const satisfies readonly Permission[];

const operatorPermissions = [
  'signature_request.create',
  'signature_request.list',
  'signer.list',
  'document_template.list',
  'dashboard.list',
  'configuration.list',
  'document_type.list',
  'document_group.list',
  'support_company.list',
] as const satisfies readonly Permission[];

const auditorPermissions = [
  'signature_request.list',
  'signer.list',
  'dashboard.list',
  'report.list',
  'document_download_logs.list',
  'email.tracker',
  'statistics.company_storage',
  'statistics.company_users',
  'statistics.company_packages_unlimited',
  'statistics.company_packages_units',
  'statistics.company_codes',
] as const satisfies readonly Permission[];

/** The roles seeded at first start, with their permission sets (documented in the README). */
export const SEEDED_ROLES = [
  { id: ROLE.administrator, name: 'Administrador', permissions: PERMISSIONS },
  {
    id: ROLE.companyAdministrator,
    name: 'Administrador de empresa',
    permissions: companyAdministratorPermissions,
  },
  { id: ROLE.operator, name: 'Operador', permissions: operatorPermissions },
  { id: ROLE.auditor, name: 'Auditor', permissions: auditorPermissions },
] as const satisfies readonly { id: RoleId; name: string; permissions: readonly Permission[] }[];
