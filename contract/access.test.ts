import { describe, expect, it } from 'vitest';
import { type CallRequirement, mayCall, refusalOf } from './access.js';
import { endpoints } from './index.js';
import { PLATFORM_COMPANY_ID, SEEDED_ROLES } from './permissions.js';

const companyUser = (permissions: readonly string[]) => ({
  permissions,
  companyId: 55,
  impersonating: false,
});
const roleNamed = (name: string) => SEEDED_ROLES.find((role) => role.name === name)!.permissions;

describe('refusalOf / mayCall', () => {
  const update: CallRequirement = {
    scope: 'company',
    permissions: ['document_group.list', 'document.update'],
  };

  it('needs every permission the endpoint lists', () => {
    expect(refusalOf(update, companyUser(['document_group.list', 'document.update']))).toBeNull();
    expect(refusalOf(update, companyUser(['document_group.list']))).toBe('missing_permission');
    expect(refusalOf(update, { ...companyUser([]), permissions: new Set(update.permissions) })).toBeNull();
  });

  it('keeps a global endpoint for the platform company, whatever the permissions', () => {
    const global: CallRequirement = { scope: 'global', permissions: ['company.update'] };
    expect(refusalOf(global, companyUser(['company.update']))).toBe('platform_only');
    expect(
      refusalOf(global, { ...companyUser(['company.update']), companyId: PLATFORM_COMPANY_ID }),
    ).toBeNull();
  });

  it('refuses what an impersonating session may not do', () => {
    const own: CallRequirement = { scope: 'authenticated', permissions: [], refuseWhileImpersonating: true };
    expect(refusalOf(own, companyUser([]))).toBeNull();
    expect(refusalOf(own, { ...companyUser([]), impersonating: true })).toBe('impersonating');
  });

  it('lets anyone call a public endpoint, and nobody signed out call another', () => {
    expect(mayCall({ scope: 'public', permissions: [] }, null)).toBe(true);
    expect(mayCall({ scope: 'authenticated', permissions: [] }, null)).toBe(false);
    expect(mayCall({ scope: 'authenticated', permissions: [] }, companyUser([]))).toBe(true);
  });

  it("answers the tour's cases from the seeded roles and the endpoints' declarations", () => {
    const auditor = companyUser(roleNamed('Auditor'));
    const operator = companyUser(roleNamed('Operador'));
    for (const name of ['extendTimeLimit', 'cancelSignatureRequest', 'resendSignatureRequest'] as const) {
      expect(mayCall(endpoints[name], auditor)).toBe(false);
      expect(mayCall(endpoints[name], operator)).toBe(true);
    }
    expect(mayCall(endpoints.viewSignatureRequestHistory, auditor)).toBe(true);
    expect(mayCall(endpoints.addDocumentPackage, operator)).toBe(false);
    expect(mayCall(endpoints.listDocumentPackages, operator)).toBe(true);
  });
});
