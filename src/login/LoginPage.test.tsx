import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { HttpError } from 'react-admin';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '../../contract';
import { renderGuest } from '../test/guestHarness';
import { LoginPage } from './LoginPage';
import { signInOver } from './signIn';

function renderLogin(
  login: (params: unknown) => Promise<{ redirectTo: string }> = vi.fn(async () => ({ redirectTo: '/home' })),
  path = '/session/login',
) {
  const sendCode = vi.fn(async () => ({ sentTo: 'a***@empresa.co', expiresInSeconds: 600 }));
  const view = renderGuest((signIn) => <LoginPage signIn={signIn} />, { login, sendCode }, path);
  return { ...view, login };
}

// Required fields append an asterisk to their label.
const emailField = () => screen.getByLabelText(/^Correo electrónico/);
const passwordField = () => screen.getByLabelText(/^Contraseña/);
const submitButton = () => screen.getByRole('button', { name: 'Iniciar sesión' });

describe('LoginPage', () => {
  it('is in Spanish, with labelled fields and the password recovery link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute(
      'href',
      '/session/recover-password',
    );
    expect(document.title).toBe('Iniciar sesión · Rúbrica');
  });

  it('lets the user show the password, with a Spanish accessible label', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toBeInTheDocument();
  });

  it('shows "Campo requerido" under each empty field and does not call the server', async () => {
    const { login, user } = renderLogin();
    await user.click(submitButton());
    expect(await screen.findAllByText(VALIDATION_MESSAGES.required)).toHaveLength(2);
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail with the SPEC §5 message', async () => {
    const { login, user } = renderLogin();
    await user.type(emailField(), 'ana-sin-arroba');
    await user.type(passwordField(), 'secreta');
    await user.click(submitButton());
    expect(await screen.findByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the server message in an alert on 401 and stays on the page', async () => {
    const message = 'Correo o contraseña incorrectos';
    const login = vi.fn(async (): Promise<{ redirectTo: string }> => {
      throw new HttpError(message, 401, { message });
    });
    const { user, location } = renderLogin(login);

    await user.type(emailField(), 'ana@example.com');
    await user.type(passwordField(), 'equivocada');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'equivocada' });
    expect(location()?.pathname).toBe('/session/login');
    expect(submitButton()).toBeEnabled();
  });

  it('shows field errors the server sends back', async () => {
    const login = vi.fn(async (): Promise<{ redirectTo: string }> => {
      throw new HttpError('Datos inválidos', 422, {
        message: 'Datos inválidos',
        errors: { email: 'Ingrese un correo electrónico válido' },
      });
    });
    const { user } = renderLogin(login);
    await user.type(emailField(), 'ana@example.com');
    await user.type(passwordField(), 'x');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Datos inválidos');
    expect(await screen.findByText('Ingrese un correo electrónico válido')).toBeInTheDocument();
  });

  it('goes to /home after a successful login', async () => {
    const { user, location, login } = renderLogin();
    await user.type(emailField(), 'ana@example.com');
    await user.type(passwordField(), 'secreta');
    await user.click(submitButton());

    await waitFor(() => expect(location()?.pathname).toBe('/home'));
    expect(login).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
  });

  it('sends the token of an e-mailed unlock link with the credentials', async () => {
    const { user, login } = renderLogin(undefined, '/session/login?unlock=desbloqueo-de-prueba-0123456789');
    expect(
      screen.getByText('Inicie sesión con su contraseña para desbloquear su acceso.'),
    ).toBeInTheDocument();
    await user.type(emailField(), 'ana@example.com');
    await user.type(passwordField(), 'secreta');
    await user.click(submitButton());

    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({
        email: 'ana@example.com',
        password: 'secreta',
        unlock_token: 'desbloqueo-de-prueba-0123456789',
      }),
    );
  });

  it('keeps what was typed into the prerendered form before its code ran (login.html)', async () => {
    const login = vi.fn(async () => ({ redirectTo: '/home' }));
    const page = () => (
      <StrictMode>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: <LoginPage signIn={async () => signInOver({ login, sendCode: vi.fn() })} />,
            },
            { path: '/home', element: <h1>Inicio</h1> },
          ])}
        />
      </StrictMode>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const typeEarly = (id: string, value: string) => {
      const input = container.querySelector<HTMLInputElement>(`#${id}`);
      if (input) input.value = value;
    };
    typeEarly('email', 'ana@example.com');
    typeEarly('password', 'secreta');

    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    submitButton().click();
    await waitFor(() =>
      expect(login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'secreta' }),
    );
    // The sign-in ends on /home: wait for it, then unmount this root (Testing Library's cleanup
    // knows only the roots it rendered), or React would go on rendering after the test file's
    // window is gone, an error vitest fails the whole run for.
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    act(() => root?.unmount());
    container.remove();
  });
});
