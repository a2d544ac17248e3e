import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router-dom';
import { PATHS } from './access/paths';
import { PUBLIC_SIGNING_ROUTE_NAMES, routeNamed } from './access/routes';
import { hasLiveToken } from './authProvider/sessionKeys';
import { PUBLIC_PAGES } from './pages/publicPages';

// Everything else is react-admin, loaded on demand (this module must not import it).
const AdminRoot = lazy(() => import('./AdminRoot').then((module) => module.prepareAdminApp()));
// The login page loads without react-admin or MUI: a guest's first screen stays small.
const LoginPage = lazy(() => import('./login/LoginPage').then((module) => ({ default: module.LoginPage })));

/** A guest page, or home for a browser that holds a live session (the admin app checks it). */
function GuestOnly({ children }: { children: ReactNode }) {
  // No storage when the login page is prerendered at build time (src/login/prerender.tsx).
  const storage: Storage | undefined = globalThis.localStorage;
  return storage && hasLiveToken(storage) ? <Navigate to={PATHS.home} replace /> : children;
}

/** Public pages first (no react-admin, no chrome), then the guest pages, then react-admin for every other path. */
export function appRoutes(): RouteObject[] {
  return [
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
    // `/` only redirects: home with a session, else the login page.
    {
      path: routeNamed('login').path,
      element: (
        <GuestOnly>
          <Navigate to={PATHS.login} replace />
        </GuestOnly>
      ),
    },
    {
      path: routeNamed('session.login').path,
      element: (
        <GuestOnly>
          <Suspense fallback={null}>
            <LoginPage />
          </Suspense>
        </GuestOnly>
      ),
    },
    {
      path: '*',
      element: (
        <Suspense fallback={null}>
          <AdminRoot />
        </Suspense>
      ),
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());

/**
 * Real paths (no hash URLs): a browser data router; react-admin then uses it instead of its default
 * hash router, and a data router keeps react-admin's unsaved-changes guard working.
 */
export function App() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
