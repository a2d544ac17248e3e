import { describe, expect, it } from 'vitest';
import { canAccess } from './canAccess';

const rules = {
  roles: { list: ['user.list'] },
  companies: { list: ['admin.list', 'company.list'], show: [] },
};

describe('canAccess', () => {
  it('allows an action when the user holds every required permission', () => {
    expect(canAccess({ permissions: ['user.list'], rules, resource: 'roles', action: 'list' })).toBe(true);
    expect(
      canAccess({
        permissions: ['company.list', 'admin.list'],
        rules,
        resource: 'companies',
        action: 'list',
      }),
    ).toBe(true);
  });

  it('refuses when one required permission is missing', () => {
    expect(canAccess({ permissions: ['company.list'], rules, resource: 'companies', action: 'list' })).toBe(
      false,
    );
    expect(canAccess({ permissions: [], rules, resource: 'roles', action: 'list' })).toBe(false);
  });

  it('allows an action whose rule requires nothing', () => {
    expect(canAccess({ permissions: [], rules, resource: 'companies', action: 'show' })).toBe(true);
  });

  it('refuses an action or resource without a rule, including inherited object keys', () => {
    expect(canAccess({ permissions: ['user.list'], rules, resource: 'roles', action: 'delete' })).toBe(false);
    expect(canAccess({ permissions: ['user.list'], rules, resource: 'unknown', action: 'list' })).toBe(false);
    expect(canAccess({ permissions: ['user.list'], rules, resource: 'roles', action: 'constructor' })).toBe(
      false,
    );
    expect(canAccess({ permissions: ['user.list'], rules, resource: 'toString', action: 'list' })).toBe(
      false,
    );
  });
});
