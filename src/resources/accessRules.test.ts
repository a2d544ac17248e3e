import { describe, expect, it } from 'vitest';
import { accessRulesOf } from './accessRules';
import { RESOURCE_ACCESS_RULES } from './registry';

describe('accessRulesOf', () => {
  it('derives each action from the permissions of the contract endpoint behind it', () => {
    expect(RESOURCE_ACCESS_RULES.roles).toEqual({ list: ['user.list'], export: ['user.list'] });
    expect(RESOURCE_ACCESS_RULES.banners?.list).toEqual(['banner.list']);
  });

  it('prefers the permissions a resource declares for an action', () => {
    const rules = accessRulesOf([
      {
        name: 'users',
        data: { getList: { endpoint: 'listRoles' }, getOne: { endpoint: 'getUser' } },
        access: { list: ['admin.list', 'user.list'] },
      },
    ]);
    expect(rules).toEqual({ users: { list: ['admin.list', 'user.list'], show: [], export: ['user.list'] } });
  });
});
