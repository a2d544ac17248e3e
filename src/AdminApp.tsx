import { Admin, CustomRoutes, NotFound, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { RouteGuard } from './access/RouteGuard';
import {
  type AppRoute,
  GUEST_ROUTE_NAMES,
  NO_LAYOUT_ROUTE_NAMES,
  PUBLIC_SIGNING_ROUTE_NAMES,
  ROUTES,
} from './access/routes';
import { AppNotification } from './feedback/AppNotification';
import { FeedbackBridge, FeedbackBusContext } from './feedback/FeedbackBridge';
import {
  contributedRoutes,
  menuOfApp,
  type ResourceRoute,
  screenEndpointOf,
} from './framework/contributions';
import { AppLayout } from './layout/AppLayout';
import { AppMenuContext } from './layout/appMenu';
import { SessionStoreContext } from './layout/useSessionUser';
import { pageElement } from './pages/adminPages';
import type { AppProviders } from './providers';
import { RESOURCES } from './resources/registry';
import { lightTheme } from './theme/theme';

export type AdminAppProps = { providers: AppProviders };

const isNoLayout = (name: string) => (NO_LAYOUT_ROUTE_NAMES as readonly string[]).includes(name);
const servedBeforeAdmin: readonly string[] = [...PUBLIC_SIGNING_ROUTE_NAMES, ...GUEST_ROUTE_NAMES];
const isAdminRoute = (route: AppRoute) => !servedBeforeAdmin.includes(route.name);

/** Every route react-admin renders (the public and guest pages are served before it), then the resources' own. */
const adminRoutes: readonly ResourceRoute[] = [...ROUTES.filter(isAdminRoute), ...contributedRoutes()];

/** A route of the table, behind the guard of SPEC §2.2. */
function guardedRoute({ name, path, access, endpoint = screenEndpointOf(name) }: ResourceRoute) {
  const screen = (
    <RouteGuard access={access} endpoint={endpoint}>
      {pageElement(name)}
    </RouteGuard>
  );
  return <Route key={name} path={path} element={screen} />;
}

/** Toasts (5 s, close button) and the bridge that turns bespoke calls' reports into them. */
function Notifications() {
  return (
    <>
      <FeedbackBridge />
      <AppNotification />
    </>
  );
}

/** The react-admin application: providers, resources, the route table and the shell. */
export function AdminApp({ providers }: AdminAppProps) {
  const { authProvider, dataProvider, i18nProvider, store, session, feedback } = providers;
  return (
    <AppMenuContext.Provider value={menuOfApp()}>
      <SessionStoreContext.Provider value={session}>
        <FeedbackBusContext.Provider value={feedback}>
          <Admin
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            store={store}
            theme={lightTheme}
            layout={AppLayout}
            notification={Notifications}
            title="Rúbrica"
            // Our own page lives at /session/login (SPEC §2.1); react-admin's /login is not registered.
            loginPage={false}
            disableTelemetry
          >
            {/* Registered for react-admin's data hooks only: their screens live on the SPEC routes, so a
              path under a resource's bare name (/users, /companies/7) is "not found", never blank. */}
            {RESOURCES.map(({ data, access, screens, ...resource }) => (
              <Resource key={resource.name} {...resource}>
                <Route path="*" element={<NotFound />} />
              </Resource>
            ))}
            <CustomRoutes noLayout>
              {adminRoutes.filter((route) => isNoLayout(route.name)).map(guardedRoute)}
            </CustomRoutes>
            <CustomRoutes>
              {adminRoutes.filter((route) => !isNoLayout(route.name)).map(guardedRoute)}
            </CustomRoutes>
          </Admin>
        </FeedbackBusContext.Provider>
      </SessionStoreContext.Provider>
    </AppMenuContext.Provider>
  );
}
