import type { ReactElement } from 'react';
import { type EndpointName, endpoints, type Permission } from '../../contract';
import { MENU, type MenuEntryDefinition, type MenuItemDefinition } from '../access/menu';
import { ROUTES, type RouteAccess, type RouteDefinition } from '../access/routes';
import { RESOURCES } from '../resources/registry';
import { GeneratedListPage, type ScreenResource } from './GeneratedListPage';

/** The resources with generated screens. */
export const screenResources = (): readonly ScreenResource[] =>
  RESOURCES.filter((resource): resource is ScreenResource => resource.screens !== undefined);

/** The resources that serve their route themselves (not shown inside another resource's page). */
const routeResources = () => screenResources().filter((resource) => !resource.screens.partOf);

/** A route a resource serves, with who may open it and the call its screen is built on. */
export type ResourceRoute = { name: string; path: string; access: RouteAccess; endpoint?: EndpointName };

/** A resource's route: the declared access, else the permissions of its list endpoint. */
export function routeOfResource(resource: ScreenResource): ResourceRoute {
  const { route } = resource.screens;
  const list = resource.data.getList?.endpoint;
  const access: readonly Permission[] = route.access ?? (list ? endpoints[list].permissions : []);
  return { name: route.name, path: route.path, access, endpoint: list };
}

const resourceServing = (routeName: string) =>
  routeResources().find((candidate) => candidate.screens.route.name === routeName);

/**
 * The call the screen at `routeName` is built on (the list of the resource serving it): the guard
 * and the menu refuse the screen to whom the contract refuses that call (a platform-only list).
 */
export const screenEndpointOf = (routeName: string): EndpointName | undefined =>
  resourceServing(routeName)?.data.getList?.endpoint ?? bespokeScreenEndpoint(routeName);

const bespokeScreenEndpoint = (routeName: string): EndpointName | undefined =>
  (ROUTES as readonly RouteDefinition[]).find((route) => route.name === routeName)?.screenEndpoint;

const tableRouteNames = new Set<string>(ROUTES.map((route) => route.name));

/** Routes resources add beyond the SPEC §2.1 table (a new resource brings its own). */
export const contributedRoutes = (): readonly ResourceRoute[] =>
  routeResources()
    .map(routeOfResource)
    .filter((route) => !tableRouteNames.has(route.name));

/** The generated page of the resource that serves `routeName`, if one does. */
export function resourcePageOf(routeName: string): (() => ReactElement) | undefined {
  const resource = resourceServing(routeName);
  if (!resource) return undefined;
  if (resource.screens.overrides?.page) return resource.screens.overrides.page;
  return () => <GeneratedListPage resource={resource} />;
}

/** The menu table with the links resources add to its groups (SPEC §2.6 stays data). */
export function menuWithResources(menu: readonly MenuEntryDefinition[]): MenuEntryDefinition[] {
  return menu.map((entry) => {
    if (entry.kind !== 'group') return withScreenEndpoint(entry);
    const added: MenuItemDefinition[] = routeResources().flatMap((resource) => {
      const contribution = resource.screens.menu;
      if (contribution?.group !== entry.id) return [];
      const route = routeOfResource(resource);
      return [
        {
          id: resource.name,
          label: contribution.label,
          route: route.name as MenuItemDefinition['route'],
          path: route.path,
          permissions: Array.isArray(route.access) ? (route.access as readonly Permission[]) : [],
          endpoint: route.endpoint,
        },
      ];
    });
    const children = [...entry.children.map(withScreenEndpoint), ...added];
    return { ...entry, children };
  });
}

function withScreenEndpoint<Item extends MenuItemDefinition>(item: Item): Item {
  const endpoint = item.endpoint ?? screenEndpointOf(item.route);
  return endpoint ? { ...item, endpoint } : item;
}

let menuWithResourcesCache: MenuEntryDefinition[] | undefined;
/** SPEC §2.6 with the entries declared resources add (built once, on first use). */
export function menuOfApp(): readonly MenuEntryDefinition[] {
  menuWithResourcesCache ??= menuWithResources(MENU);
  return menuWithResourcesCache;
}
