import { describe, expect, it } from 'vitest';
import { PLATFORM_COMPANY_ID } from '../../contract/permissions';
import { callerOf, canAccess } from './canAccess';

const rules = {
  roles: { list: { scope: 'company', permissions: ['user.list'] } },
  companies: {
    list: { scope: 'company', permissions: ['admin.list', 'company.list'] },
    show: { scope: 'company', permissions: [] },
    create: { scope: 'global', permissions: ['company.update'] },
  },
} as const;
const caller = (permissions: string[], companyId = 40) => ({ permissions, companyId, impersonating: false });

describe('canAccess', () => {
  it('allows an action when the user may call the endpoint behind it', () => {
    expect(canAccess({ caller: caller(['user.list']), rules, resource: 'roles', action: 'list' })).toBe(true);
    expect(
      canAccess({
        caller: caller(['company.list', 'admin.list']),
        rules,
        resource: 'companies',
        action: 'list',
      }),
    ).toBe(true);
  });

  it('refuses when one required permission is missing, or nobody is signed in', () => {
    expect(
      canAccess({ caller: caller(['company.list']), rules, resource: 'companies', action: 'list' }),
    ).toBe(false);
    expect(canAccess({ caller: caller([]), rules, resource: 'roles', action: 'list' })).toBe(false);
    expect(canAccess({ caller: null, rules, resource: 'companies', action: 'show' })).toBe(false);
  });

  it("refuses a global endpoint's action to a customer company's user who holds its permissions", () => {
    const create = { rules, resource: 'companies', action: 'create' };
    expect(canAccess({ ...create, caller: caller(['company.update']) })).toBe(false);
    expect(canAccess({ ...create, caller: caller(['company.update'], PLATFORM_COMPANY_ID) })).toBe(true);
  });

  it('allows an action whose endpoint requires nothing', () => {
    expect(canAccess({ caller: caller([]), rules, resource: 'companies', action: 'show' })).toBe(true);
  });

  it('refuses an action or resource without a rule, including inherited object keys', () => {
    const user = caller(['user.list']);
    expect(canAccess({ caller: user, rules, resource: 'roles', action: 'delete' })).toBe(false);
    expect(canAccess({ caller: user, rules, resource: 'unknown', action: 'list' })).toBe(false);
    expect(canAccess({ caller: user, rules, resource: 'roles', action: 'constructor' })).toBe(false);
    expect(canAccess({ caller: user, rules, resource: 'toString', action: 'list' })).toBe(false);
  });
});

describe('callerOf', () => {
  it('reads the permissions, company and impersonation of the cached user', () => {
    expect(callerOf(null)).toBeNull();
    expect(
      callerOf({
        id: 3,
        full_name: 'Ana',
        role_name: 'Auditor',
        role_id: 23,
        company_id: 9,
        company_name: 'Andina',
        company_avatar: null,
        permissions: ['signature_request.list'],
        isImpersonating: true,
        two_factor_enabled: false,
        features: [],
        support: { email: null, phone: null, whatsapp: null },
      }),
    ).toEqual({ permissions: ['signature_request.list'], companyId: 9, impersonating: true });
  });
});
