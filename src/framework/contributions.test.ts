import { describe, expect, it } from 'vitest';
import { type AuthenticatedUser, endpoints, PERMISSIONS, PLATFORM_COMPANY_ID } from '../../contract';
import { mayCallEndpoint } from '../access/endpointAccess';
import { decideAccess } from '../access/guard';
import { buildMenu } from '../access/menuModel';
import { ROUTES } from '../access/routes';
import type { AppMessageKey } from '../i18n/en';
import { createI18nProvider } from '../i18n/i18nProvider';
import { RESOURCES } from '../resources/registry';
import {
  contributedRoutes,
  menuOfApp,
  routeOfResource,
  screenEndpointOf,
  screenResources,
} from './contributions';

describe('resources by declaration', () => {
  it('finds every resource folder without a shared list', () => {
    const names = RESOURCES.map((resource) => resource.name);
    for (const name of ['companies', 'users', 'roles', 'user_groups', 'document_types', 'banners', 'plans']) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('serves each declared route at its SPEC §2.1 path with the list permissions', () => {
    for (const resource of screenResources()) {
      const route = routeOfResource(resource);
      const spec = ROUTES.find((candidate) => candidate.name === route.name);
      if (spec) {
        expect(route.path, route.name).toBe(spec.path);
        expect(route.access, route.name).toEqual(spec.access);
      }
      const list = resource.data.getList?.endpoint;
      if (list && !resource.screens.route.access) expect(route.access).toEqual(endpoints[list].permissions);
    }
  });

  it('adds no route twice and keeps the SPEC table whole', () => {
    const paths = [...ROUTES.map((route) => route.path), ...contributedRoutes().map((route) => route.path)];
    expect(new Set(paths).size).toBe(paths.length);
    expect(menuOfApp().length).toBeGreaterThan(0);
  });
});

describe('screens whose own call the contract refuses', () => {
  // A customer company's user holding every permission: the platform's lists stay the platform's.
  const customer = {
    id: 9,
    name: 'Tomasa',
    email: 'todo@empresa.test',
    role_id: 22,
    company_id: 77,
    permissions: [...PERMISSIONS],
    isImpersonating: false,
  } as unknown as AuthenticatedUser;
  const platformOnly = ['admin.banner.items-crud', 'admin.notifications', 'admin.help_center'];

  it('knows the list each resource screen is built on', () => {
    expect(screenEndpointOf('admin.banner.items-crud')).toBe('listBanners');
    expect(screenEndpointOf('admin.notifications')).toBe('listNotifications');
    expect(screenEndpointOf('admin.help_center')).toBe('listHelpArticles');
    expect(screenEndpointOf('home')).toBeUndefined();
  });

  it('sends a customer company home from a platform list it holds the permission for', () => {
    for (const name of platformOnly) {
      const route = ROUTES.find((candidate) => candidate.name === name);
      const endpoint = screenEndpointOf(name);
      if (!route || !endpoint) throw new Error(`sin ruta o sin lista: ${name}`);
      const visitor = { loggedIn: true, permissions: customer.permissions };
      expect(decideAccess(route.access, visitor)).toEqual({ allow: true });
      expect(
        decideAccess(route.access, { ...visitor, mayCallScreen: mayCallEndpoint(customer, endpoint) }),
      ).toEqual({ allow: false, redirectTo: '/home' });
    }
  });

  it("hides those screens from the customer company's menu, and shows them to the platform", () => {
    const i18n = createI18nProvider('es');
    const translate = (key: AppMessageKey) => i18n.translate(key);
    const pathsFor = (user: AuthenticatedUser) =>
      buildMenu(
        {
          roleId: user.role_id,
          permissions: user.permissions,
          mayCall: (name) => mayCallEndpoint(user, name),
        },
        translate,
        menuOfApp(),
      )
        .flat()
        .flatMap((node) => node.children ?? [node])
        .map((link) => link.path);
    const customerPaths = pathsFor(customer);
    const platformPaths = pathsFor({ ...customer, company_id: PLATFORM_COMPANY_ID });
    for (const path of ['/notifications', '/help_center']) {
      expect(customerPaths).not.toContain(path);
      expect(platformPaths).toContain(path);
    }
  });
});
