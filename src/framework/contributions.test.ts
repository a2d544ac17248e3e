import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract';
import { ROUTES } from '../access/routes';
import { RESOURCES } from '../resources/registry';
import { contributedRoutes, menuOfApp, routeOfResource, screenResources } from './contributions';

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
