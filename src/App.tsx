import { useState } from 'react';
import { Admin, Authenticated, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router-dom';
import { PATHS } from './access/paths';
import { RootRedirect } from './access/RootRedirect';
import { HomePage } from './home/HomePage';
import { LoginPage } from './login/LoginPage';
import type { AppProviders } from './providers';
import { RESOURCES } from './resources/registry';
import { lightTheme } from './theme/theme';

export type AppProps = { providers: AppProviders };

/** The react-admin application: providers, resources and the routes of this issue. */
export function AdminApp({ providers }: AppProps) {
  const { authProvider, dataProvider, i18nProvider, store } = providers;
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      title="Rúbrica"
      // Our own page lives at /session/login (SPEC §2.1); react-admin's /login is not registered.
      loginPage={false}
      disableTelemetry
    >
      {RESOURCES.map(({ data, access, ...resource }) => (
        <Resource key={resource.name} {...resource} />
      ))}
      <CustomRoutes noLayout>
        <Route path={PATHS.root} element={<RootRedirect />} />
        <Route path={PATHS.login} element={<LoginPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route
          path={PATHS.home}
          element={
            <Authenticated>
              <HomePage />
            </Authenticated>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * Real paths (no hash URLs): a browser data router around react-admin, which then uses it instead
 * of its default hash router. A data router keeps react-admin's unsaved-changes guard working.
 */
export function App({ providers }: AppProps) {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <AdminApp providers={providers} /> }]),
  );
  return <RouterProvider router={router} />;
}
