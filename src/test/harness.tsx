import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  AdminContext,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  memoryStore,
  type Store,
  TestMemoryRouter,
  testDataProvider,
} from 'react-admin';
import { type Location, Route, Routes } from 'react-router-dom';
import { PATHS } from '../access/paths';
import { createI18nProvider, type DEFAULT_LOCALE } from '../i18n/i18nProvider';
import { lightTheme } from '../theme/theme';

/** The identity the fake auth provider reports. */
export const TEST_IDENTITY = { id: 7, fullName: 'Ana María Pérez', avatar: undefined } as const;

/** A logged-in auth provider that allows everything; override what a test is about. */
export function fakeAuthProvider(overrides: Partial<AuthProvider> = {}): AuthProvider {
  return {
    login: async () => ({ redirectTo: PATHS.home }),
    logout: async () => PATHS.login,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => TEST_IDENTITY,
    getPermissions: async () => [],
    canAccess: async () => true,
    ...overrides,
  };
}

export type HarnessOptions = {
  /** The URL the test starts at. */
  path?: string;
  /** The route pattern `ui` is mounted on; defaults to `path`. */
  route?: string;
  /** Other routes, e.g. where the screen navigates to. */
  routes?: ReactNode;
  authProvider?: Partial<AuthProvider>;
  dataProvider?: Partial<DataProvider>;
  locale?: typeof DEFAULT_LOCALE;
  /** Instead of the app's catalogues in `locale` (e.g. with a resource the test declares). */
  i18nProvider?: I18nProvider;
  store?: Store;
};

/**
 * Renders `ui` as users see it (STYLE 8): react-admin context with a memory store, fake providers,
 * the real Spanish catalogue and theme, inside a memory router. `location()` gives the current
 * location, to assert navigation.
 */
export function renderWithAdmin(ui: ReactElement, options: HarnessOptions = {}) {
  const { path = '/', route = path, routes, locale = 'es' } = options;
  let location: Location | undefined;
  const result = render(
    <TestMemoryRouter
      initialEntries={[path]}
      locationCallback={(current) => {
        location = current;
      }}
    >
      <AdminContext
        authProvider={fakeAuthProvider(options.authProvider)}
        dataProvider={testDataProvider(options.dataProvider)}
        i18nProvider={options.i18nProvider ?? createI18nProvider(locale)}
        store={options.store ?? memoryStore()}
        theme={lightTheme}
      >
        <Routes>
          <Route path={route} element={ui} />
          {routes}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => location };
}
