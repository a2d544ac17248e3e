import { render, screen } from '@testing-library/react';
import { memoryStore, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AdminApp } from './App';
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

function logIn() {
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: 7 }));
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(fakeUser()));
}

describe('App routes', () => {
  it('sends a visitor from / to the Spanish login page', async () => {
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/session/login');
  });

  it('sends a visitor from /home to /session/login, not to react-admin’s /login', async () => {
    const { location } = renderApp('/home');
    // The layout renders first; checkAuth then fails and react-admin logs out towards our page.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()?.pathname).toBe('/session/login');
  });

  it('sends a logged-in user from / to /home, greeted by name', async () => {
    logIn();
    const { location } = renderApp('/');
    expect(await screen.findByText('Hola, Ana María Pérez')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/home');
  });
});
