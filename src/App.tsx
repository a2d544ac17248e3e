import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PUBLIC_SIGNING_ROUTE_NAMES, routeNamed } from './access/routes';
import { PUBLIC_PAGES } from './pages/publicPages';

// Everything else is react-admin, loaded on demand (this module must not import it).
const AdminRoot = lazy(() => import('./AdminRoot').then((module) => module.prepareAdminApp()));

/** Public pages first (no react-admin, no chrome), then react-admin for every other path. */
export function createAppRouter() {
  return createBrowserRouter([
    ...PUBLIC_SIGNING_ROUTE_NAMES.map((name) => {
      const Page = PUBLIC_PAGES[name];
      return {
        path: routeNamed(name).path,
        element: (
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        ),
      };
    }),
    {
      path: '*',
      element: (
        <Suspense fallback={null}>
          <AdminRoot />
        </Suspense>
      ),
    },
  ]);
}

/**
 * Real paths (no hash URLs): a browser data router; react-admin then uses it instead of its default
 * hash router, and a data router keeps react-admin's unsaved-changes guard working.
 */
export function App() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
