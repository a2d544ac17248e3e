import { type EndpointName, type Permission, ROLE } from '../../contract';
import type { AppMessageKey } from '../i18n/en';
import type { RouteName } from './routes';

/** Icons the menu can show; the layout maps each name to an icon component. */
export type MenuIconName =
  | 'requests'
  | 'history'
  | 'dashboard'
  | 'report'
  | 'reportCompanies'
  | 'signatureSettings'
  | 'configuration'
  | 'administration'
  | 'statistics'
  | 'globalAdministration'
  | 'globalStatistics'
  | 'notifications'
  | 'downloads'
  | 'supports'
  | 'emailTracker'
  | 'help';

/** The two groups the menu is split into (dividers between them). */
export type MenuSection = 'work' | 'management';

/** A link of the menu: one route, shown when the user holds every listed permission. */
export type MenuItemDefinition = {
  id: string;
  label: AppMessageKey;
  /** The label role 20 (administrator) sees instead (SPEC §2.6). */
  administratorLabel?: AppMessageKey;
  route: RouteName;
  /** The URL, for a route a resource declares beyond the SPEC table. */
  path?: string;
  permissions: readonly Permission[];
  /** The call the linked screen is built on: hidden from whom the contract refuses it. */
  endpoint?: EndpointName;
  /** Kept in the table but never shown (SPEC §2.6 "marked hidden"). */
  hidden?: boolean;
};

export type MenuEntryDefinition = { section: MenuSection; icon: MenuIconName } & (
  | ({ kind: 'item' } & MenuItemDefinition)
  | { kind: 'group'; id: string; label: AppMessageKey; children: readonly MenuItemDefinition[] }
);

/**
 * SPEC §2.6 as data (STYLE 3). Company-level entries pair with `admin.list`, global-level ones with
 * `administration.list`, following the group names.
 */
export const MENU = [
  {
    kind: 'group',
    id: 'requests',
    section: 'work',
    icon: 'requests',
    label: 'app.menu.requests',
    children: [
      {
        id: 'single-request',
        label: 'app.menu.single_request',
        route: 'admin.single-signature-request',
        permissions: ['signature_request.create'],
      },
      {
        id: 'bulk-request',
        label: 'app.menu.bulk_request',
        route: 'admin.bulk-requests',
        permissions: ['signature_request.create'],
      },
      {
        id: 'single-pdf-request',
        label: 'app.menu.single_pdf_request',
        route: 'admin.single-pdf-request',
        permissions: ['signature_request.create', 'document_template.list'],
      },
      {
        id: 'bulk-pdf-request',
        label: 'app.menu.bulk_pdf_request',
        route: 'admin.bulk-pdf-requests',
        permissions: ['signature_request.create'],
      },
    ],
  },
  {
    kind: 'item',
    id: 'request-history',
    section: 'work',
    icon: 'history',
    label: 'app.menu.request_history',
    route: 'admin.list-signature-request.list',
    permissions: ['signature_request.list'],
  },
  {
    kind: 'item',
    id: 'dashboard',
    section: 'work',
    icon: 'dashboard',
    label: 'app.menu.dashboard',
    route: 'user.dashboard',
    permissions: ['dashboard.list'],
  },
  {
    kind: 'item',
    id: 'report',
    section: 'work',
    icon: 'report',
    label: 'app.menu.report',
    route: 'admin.reports.report',
    permissions: ['report.list'],
  },
  {
    kind: 'item',
    id: 'report-companies',
    section: 'work',
    icon: 'reportCompanies',
    label: 'app.menu.report_companies',
    route: 'admin.reports.report_companies',
    permissions: ['report_companies.list'],
  },
  {
    kind: 'item',
    id: 'signature-settings',
    section: 'management',
    icon: 'signatureSettings',
    label: 'app.menu.signature_settings',
    administratorLabel: 'app.menu.signature_settings_administrator',
    route: 'admin.update-signature.signature',
    permissions: ['signature.config'],
  },
  {
    kind: 'group',
    id: 'configuration',
    section: 'management',
    icon: 'configuration',
    label: 'app.menu.configuration',
    children: [
      {
        id: 'document-types',
        label: 'app.menu.document_types',
        route: 'user.documentType.items-crud',
        permissions: ['configuration.list', 'document_type.list'],
      },
      {
        id: 'document-templates',
        label: 'app.menu.document_templates',
        route: 'user.documentTemplate.items-crud',
        permissions: ['configuration.list', 'document_template.list'],
      },
      {
        id: 'document-groups',
        label: 'app.menu.document_groups',
        route: 'admin.documentGroup.items-crud',
        permissions: ['configuration.list', 'document_group.list'],
      },
      {
        id: 'user-groups',
        label: 'app.menu.user_groups',
        route: 'admin.groups.items-crud',
        permissions: ['configuration.list', 'groups.list'],
      },
    ],
  },
  {
    kind: 'group',
    id: 'administration',
    section: 'management',
    icon: 'administration',
    label: 'app.menu.administration',
    children: [
      {
        id: 'companies',
        label: 'app.menu.branches',
        administratorLabel: 'app.menu.companies_administrator',
        route: 'admin.company.items-crud',
        permissions: ['admin.list', 'company.list'],
      },
      {
        id: 'users',
        label: 'app.menu.users',
        route: 'admin.user.items-crud',
        permissions: ['admin.list', 'user.list'],
      },
      {
        id: 'company-features',
        label: 'app.menu.company_features',
        route: 'admin.company_features',
        permissions: ['admin.list', 'user.list'],
      },
    ],
  },
  {
    kind: 'group',
    id: 'statistics',
    section: 'management',
    icon: 'statistics',
    label: 'app.menu.statistics',
    children: [
      {
        id: 'company-storage',
        label: 'app.menu.statistics_storage',
        route: 'admin.getCompanyStorageStatistics',
        permissions: ['statistics.company_storage'],
      },
      {
        id: 'company-users',
        label: 'app.menu.statistics_users',
        route: 'admin.getUsersCompanyStorageStatistics',
        permissions: ['statistics.company_users'],
      },
      {
        id: 'company-unlimited-packages',
        label: 'app.menu.statistics_unlimited_packages',
        route: 'admin.getCompanyUnlimitedPackagesStatistics',
        permissions: ['statistics.company_packages_unlimited'],
      },
      {
        id: 'company-unit-packages',
        label: 'app.menu.statistics_unit_packages',
        route: 'admin.getCompanyUnitsPackagesStatistics',
        permissions: ['statistics.company_packages_units'],
      },
      {
        id: 'company-codes',
        label: 'app.menu.statistics_codes',
        route: 'admin.getCompanyValidationCodes',
        permissions: ['statistics.company_codes'],
      },
    ],
  },
  {
    kind: 'group',
    id: 'global-administration',
    section: 'management',
    icon: 'globalAdministration',
    label: 'app.menu.global_administration',
    children: [
      {
        id: 'global-companies',
        label: 'app.menu.global_companies',
        route: 'admin.company.items-crud',
        permissions: ['administration.list', 'company.list'],
      },
      {
        id: 'global-users',
        label: 'app.menu.global_users',
        route: 'admin.user.items-crud',
        permissions: ['administration.list', 'user.list'],
      },
      {
        id: 'banners',
        label: 'app.menu.banners',
        route: 'admin.banner.items-crud',
        permissions: ['administration.list', 'banner.list'],
        hidden: true,
      },
      {
        id: 'plans',
        label: 'app.menu.plans',
        route: 'admin.plans.items-crud',
        permissions: ['administration.list', 'packages_plans.list'],
      },
    ],
  },
  {
    kind: 'group',
    id: 'global-statistics',
    section: 'management',
    icon: 'globalStatistics',
    label: 'app.menu.global_statistics',
    children: [
      {
        id: 'companies-storage',
        label: 'app.menu.statistics_storage',
        route: 'admin.getStorageStatistics',
        permissions: ['statistics.companies_storage'],
      },
      {
        id: 'companies-users',
        label: 'app.menu.statistics_users',
        route: 'admin.getUsersCompaniesStorageStatistics',
        permissions: ['statistics.companies_users'],
      },
      {
        id: 'companies-unlimited-packages',
        label: 'app.menu.statistics_unlimited_packages',
        route: 'admin.getCompaniesUnlimitedPackagesStatistics',
        permissions: ['statistics.companies_packages_unlimited'],
      },
      {
        id: 'companies-unit-packages',
        label: 'app.menu.statistics_unit_packages',
        route: 'admin.getCompaniesUnitsPackagesStatistics',
        permissions: ['statistics.companies_packages_units'],
      },
      {
        id: 'companies-codes',
        label: 'app.menu.statistics_codes',
        route: 'admin.getCompaniesValidationCodes',
        permissions: ['statistics.companies_codes'],
      },
    ],
  },
  {
    kind: 'item',
    id: 'notifications',
    section: 'work',
    icon: 'notifications',
    label: 'app.menu.notifications',
    route: 'admin.notifications',
    permissions: ['notification.list'],
  },
  {
    kind: 'item',
    id: 'document-downloads',
    section: 'work',
    icon: 'downloads',
    label: 'app.menu.document_downloads',
    route: 'admin.document_download_logs',
    permissions: ['document_download_logs.list'],
  },
  {
    kind: 'item',
    id: 'supports',
    section: 'management',
    icon: 'supports',
    label: 'app.menu.supports',
    route: 'admin.supports',
    permissions: ['support.list'],
  },
  {
    kind: 'item',
    id: 'company-supports',
    section: 'management',
    icon: 'supports',
    label: 'app.menu.company_supports',
    route: 'admin.company_supports',
    permissions: ['support_company.list'],
  },
  {
    kind: 'item',
    id: 'email-tracker',
    section: 'work',
    icon: 'emailTracker',
    label: 'app.menu.email_tracker',
    route: 'email.tracker',
    permissions: ['email.tracker'],
  },
  {
    kind: 'item',
    id: 'help-center',
    section: 'management',
    icon: 'help',
    label: 'app.menu.help_center',
    route: 'admin.help_center',
    permissions: ['help_center.list'],
  },
] as const satisfies readonly MenuEntryDefinition[];

/** SPEC §2.6: for role 20, these entries come first, in this order; everything else follows. */
export const ADMINISTRATOR_PRIORITY = [
  'administration',
  'signature-settings',
  'dashboard',
  'report',
] as const;

export const ADMINISTRATOR_ROLE_ID = ROLE.administrator;
