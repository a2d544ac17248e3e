import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { memoryStore, TestMemoryRouter } from 'react-admin';
import { createMemoryRouter, type Location, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AdminApp } from './AdminApp';
import { App, appRoutes } from './App';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from './authProvider/session';
import { createAppProviders } from './providers';
import { fakeToken, fakeUser } from './test/fakes';

/** The real app wiring (providers, routes) in a memory router; no request is needed for these paths. */
function renderApp(path: string) {
  let location: Location | undefined;
  render(
    <TestMemoryRouter
      initialEntries={[path]}
      locationCallback={(current) => {
        location = current;
      }}
    >
      <AdminApp providers={{ ...createAppProviders(localStorage), store: memoryStore() }} />
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

/** The top-level routes, as the browser gets them: guest pages before react-admin, which loads on demand. */
function renderTopLevel(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { location: () => router.state.location };
}

function logIn(permissions: string[] = ['user.list', 'company.list']) {
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: 7 }));
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(fakeUser({ permissions })));
}

describe('App routes', () => {
  it('sends a visitor from / to the Spanish login page', async () => {
    const { location } = renderTopLevel('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/session/login');
  });

  it('sends a visitor from /home to /session/login, not to react-admin’s /login', async () => {
    const { location } = renderTopLevel('/home');
    // The layout renders first; checkAuth then fails and react-admin logs out towards our page.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()?.pathname).toBe('/session/login');
  });

  it('sends a logged-in user from / to /home, greeted by name', async () => {
    logIn();
    const { location } = renderTopLevel('/');
    expect(await screen.findByText('Hola, Ana María Pérez', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/home');
  });

  it('guards every route: a missing permission sends home, a held one shows the titled page', async () => {
    logIn(['statistics.company_storage']);
    const allowed = renderApp('/statistics/company');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estadísticas: almacenamiento' }),
    ).toBeInTheDocument();
    expect(allowed.location()?.pathname).toBe('/statistics/company');
    cleanup();

    const refused = renderApp('/statistics/storage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(refused.location()?.pathname).toBe('/home');
  });

  it('sends a logged-in user away from a guests-only page, and a guest away from a restricted one', async () => {
    logIn();
    const loggedIn = renderApp('/session/recover-password');
    await waitFor(() => expect(loggedIn.location()?.pathname).toBe('/home'));
    cleanup();
    localStorage.clear();

    const guest = renderApp('/user/company');
    await waitFor(() => expect(guest.location()?.pathname).toBe('/session/login'));
  });

  it('opens routes without an access list to guests', async () => {
    const { location } = renderApp('/frequently-asked-questions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preguntas frecuentes' }),
    ).toBeInTheDocument();
    expect(location()?.pathname).toBe('/frequently-asked-questions');
  });

  it('accepts only create and update as template actions', async () => {
    renderApp('/document-template/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Plantilla de documento' }),
    ).toBeInTheDocument();
    cleanup();
    renderApp('/document-template/borrar/3');
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
  });

  it('answers "not found" under a resource\'s bare name and on an unknown path, never a blank page', async () => {
    logIn();
    for (const path of ['/users', '/companies/7', '/no-existe']) {
      renderApp(path);
      expect(await screen.findByText('No encontrado')).toBeInTheDocument();
      cleanup();
    }
  });
});

describe('App router', () => {
  it('serves the public signing pages without react-admin', async () => {
    window.history.pushState({}, '', '/signature-request/abc123');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma de documentos' })).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-shell', 'signing');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    window.history.pushState({}, '', '/');
  });
});
