import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract';
import { RESOURCE_ACCESS_RULES } from '../resources/registry';
import { accessRulesOf } from './accessRules';

describe('accessRulesOf', () => {
  it('decides each action by the declaration of the contract endpoint behind it', () => {
    expect(RESOURCE_ACCESS_RULES.roles).toEqual({ list: endpoints.listRoles, export: endpoints.listRoles });
    expect(RESOURCE_ACCESS_RULES.banners?.list).toBe(endpoints.listBanners);
    // Global: a customer company's user holding banner.list still may not.
    expect(RESOURCE_ACCESS_RULES.banners?.create).toMatchObject({
      scope: 'global',
      permissions: ['banner.list'],
    });
  });

  it('prefers the endpoint a resource names for an action', () => {
    const rules = accessRulesOf([
      {
        name: 'users',
        data: { getList: { endpoint: 'listRoles' }, getOne: { endpoint: 'getUser' } },
        access: { export: 'exportUsers', edit: 'updateUser' },
      },
    ]);
    expect(rules).toEqual({
      users: {
        list: endpoints.listRoles,
        show: endpoints.getUser,
        edit: endpoints.updateUser,
        export: endpoints.exportUsers,
      },
    });
  });

  it('names the editor endpoints for the actions of resources edited on pages of their own', () => {
    expect(RESOURCE_ACCESS_RULES.document_groups?.edit).toBe(endpoints.updateDocumentPackage);
    expect(RESOURCE_ACCESS_RULES.document_templates?.create).toBe(endpoints.addTemplate);
  });
});
