import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type SignInParts, signInOver } from '../login/signIn';

/**
 * Renders a guest screen (no react-admin: it loads before it) in a memory router with `/home`
 * beside it, over a sign-in made of the given parts. `location()` gives the current location.
 */
export function renderGuest(
  page: (signIn: () => Promise<ReturnType<typeof signInOver>>) => ReactElement,
  parts: SignInParts,
  path = '/session/login',
) {
  const signIn = signInOver(parts);
  const router = createMemoryRouter(
    [
      { path: '/session/login', element: page(async () => signIn) },
      { path: '/home', element: <h1>Inicio</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, location: () => router.state.location, user: userEvent.setup() };
}
