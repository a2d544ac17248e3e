import type { MessageKey } from './catalogue';
import { englishCompaniesMessages, englishCompaniesResources } from './en.companies';
import { englishDocumentGroupsMessages, englishDocumentGroupsResources } from './en.documentGroups';
import { englishListMessages } from './en.list';
import { englishPlatformApp, englishPlatformResources } from './en.platform';
import { englishSessionMessages } from './en.session';
import { englishStatisticsMessages } from './en.statistics';
import { englishTemplatesApp, englishTemplatesResources } from './en.templates';
import { englishUsersMessages, englishUsersResources } from './en.users';

/**
 * The application's own strings. English is the key source (STYLE 6): every other language
 * `satisfies CatalogueOf<typeof englishAppMessages>`, so a missing or extra key fails to compile.
 */
export const englishAppMessages = {
  app: {
    // --- Users, user groups, document types, profile form (./en.users.ts) ---
    ...englishUsersMessages,
    ...englishDocumentGroupsMessages,
    // --- Banners, plans, notifications, help center, FAQ (./en.platform.ts) ---
    ...englishPlatformApp,
    ...englishTemplatesApp,
    name: 'Rúbrica',
    tagline: 'Electronic and digital signatures with contract management',
    document_title: '%{page} · Rúbrica',
    login: {
      title: 'Sign in',
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
      forgot_password: 'Forgot your password?',
      unlock_hint: 'Sign in with your password to unlock your access.',
      show_password: 'Show password',
      hide_password: 'Hide password',
      error: 'Server error',
    },
    home: {
      title: 'Home',
      greeting: 'Hello, %{name}',
    },
    // --- Session, profile, impersonation and expiry pop-ups (./en.session.ts) ---
    ...englishSessionMessages,
    // --- Shared list framework (./en.list.ts) ---
    ...englishListMessages,
    // --- Companies, branches and company features (./en.companies.ts) ---
    ...englishCompaniesMessages,
    ...englishStatisticsMessages,
    // --- Application shell (navigation, layout, feedback) ---
    shell: {
      skip_to_content: 'Skip to content',
      open_menu: 'Open menu',
      close_menu: 'Close menu',
      collapse_menu: 'Collapse menu',
      expand_menu: 'Expand menu',
      navigation: 'Main navigation',
      home_link: 'Rúbrica, go to home',
      logout: 'Log out',
      sign_in: 'Sign in',
      loading: 'Loading',
      company_logo: 'Logo of %{company}',
      footer_certification:
        'Rúbrica holds ISO 9001 and ISO 27001 certification for electronic and digital signature, granted by a global certification body.',
      footer_rights: '© %{year} Rúbrica. All rights reserved.',
    },
    user_menu: {
      open: 'User menu',
      edit_profile: 'Edit profile',
      impersonate: 'Impersonate user',
      return_to_own_user: 'Return to my user',
      impersonating: 'Impersonating',
    },
    help: {
      open: 'Help',
      request_support: 'Request support',
      call_us: 'Call us',
      faq: 'Frequently asked questions',
      phone_title: 'Call us',
      phone_unavailable: 'The support phone number is not available.',
      phone_hours: 'Support is available Monday to Friday from 8:00 to 6:00 COT.',
      close: 'Close',
      support_form_title: 'Request support',
      support_form_subject: 'Subject',
      support_form_submit: 'Send request',
    },
    storage: {
      title: 'Storage',
      usage: '%{used} GB of %{total} GB',
      percent: '%{percent} % used',
      summary: 'Storage: %{percent} % used (%{used} GB of %{total} GB)',
    },
    feedback: {
      success: 'Operation successful',
      error: 'Server error',
      close: 'Close',
      undo: 'Undo',
    },
    menu: {
      requests: 'Create request',
      single_request: 'Single request',
      bulk_request: 'Bulk request',
      single_pdf_request: 'Send PDF for signature',
      bulk_pdf_request: 'Send bulk PDF for signature',
      request_history: 'Request history',
      dashboard: 'Dashboard',
      report: 'Report',
      report_companies: 'Companies report',
      signature_settings: 'Signature settings',
      signature_settings_administrator: 'Digital certificate signature',
      configuration: 'Configuration',
      document_types: 'Document types',
      document_templates: 'Document templates',
      document_groups: 'Document groups',
      user_groups: 'User groups',
      administration: 'Administration',
      branches: 'Branch creation',
      companies_administrator: 'Company creation',
      users: 'User creation',
      company_features: 'Feature settings',
      statistics: 'Statistics',
      statistics_storage: 'Storage',
      statistics_users: 'Users',
      statistics_unlimited_packages: 'Unlimited packages',
      statistics_unit_packages: 'Packages (units)',
      statistics_codes: 'Code validation',
      global_administration: 'Global administration',
      global_companies: 'Companies',
      global_users: 'Users',
      banners: 'Banner settings',
      plans: 'Package history',
      global_statistics: 'Global statistics',
      notifications: 'Notifications',
      document_downloads: 'Document downloads',
      supports: 'Support',
      company_supports: 'Company support',
      email_tracker: 'Email tracking',
      help_center: 'Help',
    },
    pages: {
      faq: 'Frequently asked questions',
      email_tracker: 'Email tracking',
      companies: 'Companies',
      plans: 'Package history',
      update_company: 'Update company',
      signature_settings: 'Signature settings',
      users: 'Users',
      dashboard: 'Dashboard',
      document_types: 'Document types',
      document_templates: 'Document templates',
      document_template: 'Document template',
      document_groups: 'Document groups',
      user_groups: 'User groups',
      document: 'Document',
      bulk_requests: 'Bulk request',
      single_request: 'Single request',
      bulk_pdf_requests: 'Send bulk PDF for signature',
      single_pdf_request: 'Send PDF for signature',
      request_history: 'Request history',
      update_request: 'Update signature request',
      banners: 'Banner settings',
      report: 'Report',
      report_companies: 'Companies report',
      notifications: 'Notifications',
      document_downloads: 'Document downloads',
      supports: 'Support',
      company_supports: 'Company support',
      company_features: 'Feature settings',
      help_center: 'Help center',
      statistics_companies_storage: 'Statistics: storage by company',
      statistics_company_storage: 'Statistics: storage',
      statistics_companies_users: 'Statistics: users by company',
      statistics_company_users: 'Statistics: users',
      statistics_companies_unlimited_packages: 'Statistics: unlimited packages by company',
      statistics_company_unlimited_packages: 'Statistics: unlimited packages',
      statistics_companies_unit_packages: 'Statistics: unit packages by company',
      statistics_company_unit_packages: 'Statistics: unit packages',
      statistics_companies_codes: 'Statistics: validation codes by company',
      statistics_company_codes: 'Statistics: validation codes',
      sign_request: 'Document signing',
      list_documents: 'Documents to sign',
      certificate_validation: 'Certificate validation',
      approval_packages: 'Package approval',
      public_notice: 'This page will be available soon.',
    },
    // --- End of application shell ---
  },
  resources: {
    ...englishCompaniesResources,
    ...englishUsersResources,
    ...englishDocumentGroupsResources,
    ...englishPlatformResources,
    ...englishTemplatesResources,
    roles: {
      name: 'Role |||| Roles',
      fields: {
        id: 'Id',
        name: 'Name',
        permissions: 'Permissions',
      },
    },
  },
} as const;

/**
 * A key of the app catalogue, or of a resource's own labels (`resources.<name>.*` from its
 * messages.ts, checked against both catalogues by src/i18n/resourceMessages.test.ts).
 */
export type AppMessageKey = MessageKey<typeof englishAppMessages> | `resources.${string}`;
