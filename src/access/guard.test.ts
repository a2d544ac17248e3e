import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contract';
import { decideAccess } from './guard';
import { pathOf, ROUTES } from './routes';

/** SPEC §2.1 (and the statistics mapping of §2.6), written out again as the test's reference. */
const SPEC_TABLE: Record<string, [path: string, access: 'open' | 'auth' | 'guest' | readonly string[]]> = {
  login: ['/', 'open'],
  home: ['/home', 'auth'],
  'signature-request.sign': ['/signature-request/:token', 'open'],
  'list-documents.sign': ['/list_documents', 'open'],
  'certificate.validation': ['/certificate_validation', 'open'],
  'approval.packages': ['/approval_packages', 'open'],
  'faq.asked-questions': ['/frequently-asked-questions', 'open'],
  'email.tracker': ['/email-tracker', ['email.tracker']],
  'session.login': ['/session/login', 'guest'],
  'session.recover-password': ['/session/recover-password', 'guest'],
  'admin.company.items-crud': ['/user/company', ['company.list']],
  'admin.impersonation': ['/user/impersonate-user', ['impersonate.user']],
  'admin.plans.items-crud': ['/user/plans', ['packages_plans.list']],
  'admin.update-company.item-crud': ['/user/company/update/:id', ['company.update']],
  'admin.update-signature.signature': ['/user/signature', ['signature.config']],
  'admin.user.items-crud': ['/user/user', ['user.list']],
  'user.dashboard': ['/user/dashboard', 'open'],
  'user.user.item-crud': ['/user/profile', 'auth'],
  'user.documentType.items-crud': ['/document-type', ['document_type.list']],
  'user.documentTemplate.items-crud': ['/document-template', ['document_template.list']],
  'user.documentTemplate.item-crud': ['/document-template/:action/:id?', 'open'],
  'admin.documentGroup.items-crud': ['/document-group', ['document_group.list']],
  'admin.groups.items-crud': ['/user_groups', ['groups.list']],
  'admin.document.item-crud': ['/document/:id', ['document.update']],
  'admin.bulk-requests': ['/bulk-signature-requests', ['signature_request.create']],
  'admin.single-signature-request': ['/single-signature-request', ['signature_request.create']],
  'admin.bulk-pdf-requests': ['/bulk-pdf-requests', ['signature_request.create']],
  'admin.single-pdf-request': ['/single-pdf-request', ['signature_request.create']],
  'admin.list-signature-request.list': ['/list-signature-request', ['signer.list']],
  'admin.update-signature-request.update': ['/update-signature-request/update/:id?', 'open'],
  'admin.banner.items-crud': ['/list-banner/banner', ['banner.list']],
  'admin.reports.report': ['/reports', ['report.list']],
  'admin.reports.report_companies': ['/reports/companies', ['report_companies.list']],
  'admin.notifications': ['/notifications', ['notification.list']],
  'admin.document_download_logs': ['/document_download_logs', ['document_download_logs.list']],
  'admin.supports': ['/supports', ['support.list']],
  'admin.company_supports': ['/company_supports', ['support_company.list']],
  'admin.company_features': ['/company_features', ['user.list']],
  'admin.help_center': ['/help_center', ['help_center.list']],
  'admin.getStorageStatistics': ['/statistics/storage', ['statistics.companies_storage']],
  'admin.getCompanyStorageStatistics': ['/statistics/company', ['statistics.company_storage']],
  'admin.getUsersCompaniesStorageStatistics': ['/statistics/users', ['statistics.companies_users']],
  'admin.getUsersCompanyStorageStatistics': ['/statistics/users/company', ['statistics.company_users']],
  'admin.getCompaniesUnlimitedPackagesStatistics': [
    '/statistics/packages',
    ['statistics.companies_packages_unlimited'],
  ],
  'admin.getCompanyUnlimitedPackagesStatistics': [
    '/statistics/packages/company',
    ['statistics.company_packages_unlimited'],
  ],
  'admin.getCompaniesUnitsPackagesStatistics': [
    '/statistics/packages_units',
    ['statistics.companies_packages_units'],
  ],
  'admin.getCompanyUnitsPackagesStatistics': [
    '/statistics/packages_units/company',
    ['statistics.company_packages_units'],
  ],
  'admin.getCompaniesValidationCodes': ['/statistics/validation_codes', ['statistics.companies_codes']],
  'admin.getCompanyValidationCodes': ['/statistics/validation_codes/company', ['statistics.company_codes']],
};

const guest = { loggedIn: false, permissions: [] };
const nobody = { loggedIn: true, permissions: [] };
const everyone = { loggedIn: true, permissions: PERMISSIONS };

describe('the route table', () => {
  it('holds the 39 routes of SPEC §2.1 and the 10 statistics paths with their permissions', () => {
    // Present with their paths and permissions, not counted: resources may add routes of their own.
    const table = Object.fromEntries(
      ROUTES.map(({ name, path, access }) => [name, [path, access === null ? 'open' : access] as const]),
    );
    expect(table).toMatchObject(SPEC_TABLE);
    expect(
      Object.keys(SPEC_TABLE).filter((name) => SPEC_TABLE[name]?.[0].startsWith('/statistics/')),
    ).toHaveLength(10);
  });

  it('has unique names and paths, and only known permissions', () => {
    expect(new Set(ROUTES.map(({ name }) => name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map(({ path }) => path)).size).toBe(ROUTES.length);
    for (const { access } of ROUTES) {
      if (Array.isArray(access)) for (const permission of access) expect(PERMISSIONS).toContain(permission);
    }
  });

  it('builds URLs, dropping an absent optional segment', () => {
    expect(pathOf('home')).toBe('/home');
    expect(pathOf('login')).toBe('/');
    expect(pathOf('signature-request.sign', { token: 'a b' })).toBe('/signature-request/a%20b');
    expect(pathOf('user.documentTemplate.item-crud', { action: 'create' })).toBe('/document-template/create');
    expect(pathOf('admin.update-signature-request.update', { id: 4 })).toBe(
      '/update-signature-request/update/4',
    );
    expect(() => pathOf('admin.document.item-crud')).toThrow('Falta el parámetro id');
  });
});

describe('decideAccess over the whole table (SPEC §2.2)', () => {
  for (const { name, access } of ROUTES) {
    it(`${name}`, () => {
      if (access === null) {
        // No access list: open to everyone.
        for (const visitor of [guest, nobody, everyone])
          expect(decideAccess(access, visitor)).toEqual({ allow: true });
        return;
      }
      if (access === 'guest') {
        expect(decideAccess(access, guest)).toEqual({ allow: true });
        expect(decideAccess(access, nobody)).toEqual({ allow: false, redirectTo: '/home' });
        expect(decideAccess(access, everyone)).toEqual({ allow: false, redirectTo: '/home' });
        return;
      }
      // Restricted, not logged in → the login screen.
      expect(decideAccess(access, guest)).toEqual({ allow: false, redirectTo: '/session/login' });
      if (access === 'auth') {
        expect(decideAccess(access, nobody)).toEqual({ allow: true });
        return;
      }
      // Exactly the required permissions pass; a user lacking any one of them goes home.
      expect(decideAccess(access, { loggedIn: true, permissions: [...access] })).toEqual({ allow: true });
      expect(decideAccess(access, everyone)).toEqual({ allow: true });
      expect(decideAccess(access, nobody)).toEqual({ allow: false, redirectTo: '/home' });
      for (const missing of access) {
        const others = PERMISSIONS.filter((permission) => permission !== missing);
        expect(decideAccess(access, { loggedIn: true, permissions: others })).toEqual({
          allow: false,
          redirectTo: '/home',
        });
      }
    });
  }

  it('needs every permission of a list with several', () => {
    const access = ['admin.list', 'company.list'] as const;
    expect(decideAccess(access, { loggedIn: true, permissions: ['company.list'] })).toEqual({
      allow: false,
      redirectTo: '/home',
    });
    expect(decideAccess(access, { loggedIn: true, permissions: ['company.list', 'admin.list'] })).toEqual({
      allow: true,
    });
  });
});
