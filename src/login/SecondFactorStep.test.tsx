import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { LoginParams } from '../authProvider/authProvider';
import { SecondFactorRequired } from '../authProvider/authProvider';
import { renderGuest } from '../test/guestHarness';
import { LoginPage } from './LoginPage';

const challenge = '1b4e28ba-2fa1-4d3b-9c1a-7d1e5c7f0a11';
const pending = new SecondFactorRequired({ challenge, sentTo: 'a***@empresa.co', expiresInSeconds: 600 });

function renderTwoStepLogin(
  checkCode: (code: string) => Promise<{ redirectTo: string }> = async () => ({ redirectTo: '/home' }),
) {
  const login = vi.fn(async (params: LoginParams) => {
    if ('challenge' in params) return checkCode(params.code);
    throw pending;
  });
  const callEndpoint = vi.fn(async (_name: string, _input: unknown) => ({
    sentTo: 'a***@empresa.co',
    expiresInSeconds: 600,
  }));
  const view = renderGuest((signIn) => <LoginPage signIn={signIn} />, {
    login,
    sendCode: (challenge) => callEndpoint('sendCode', { body: { challenge } }),
  });
  return { ...view, login, callEndpoint };
}

async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@empresa.co');
  await user.type(screen.getByLabelText(/^Contraseña/), 'secreta-123');
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  await screen.findByRole('heading', { level: 1, name: 'Verificación en dos pasos' });
}

const codeField = () => screen.getByLabelText(/^Código de verificación/);

describe('LoginPage, two-factor step', () => {
  it('asks for the 6-digit code, says where it went, and signs in with it', async () => {
    const { user, login, location } = renderTwoStepLogin();
    await reachCodeStep(user);

    expect(
      screen.getByText('Enviamos un código de 6 dígitos a a***@empresa.co. Vence en 10 minutos.'),
    ).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(document.title).toBe('Verificación en dos pasos · Rúbrica');

    await user.type(codeField(), '12 34-56');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));

    await waitFor(() => expect(location()?.pathname).toBe('/home'));
    expect(login).toHaveBeenLastCalledWith({ challenge, code: '123456' });
  });

  it('refuses a code that is not six digits without calling the server', async () => {
    const { user, login } = renderTwoStepLogin();
    await reachCodeStep(user);
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Ingrese el código de 6 dígitos')).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s Spanish error for a wrong code and stays on the step', async () => {
    const message = 'El código no es válido. Le quedan 4 intentos.';
    const { user, location } = renderTwoStepLogin(async () => {
      throw new HttpError(message, 400, { message });
    });
    await reachCodeStep(user);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location()?.pathname).toBe('/session/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' })).toBeInTheDocument();
  });

  it('"Reenviar código" asks the server for a new code and says so', async () => {
    const { user, callEndpoint } = renderTwoStepLogin();
    await reachCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Enviamos un nuevo código a a***@empresa.co.',
    );
    expect(callEndpoint).toHaveBeenCalledWith('sendCode', { body: { challenge } });
  });

  it('shows the server’s error when the code cannot be resent', async () => {
    const { user, callEndpoint } = renderTwoStepLogin();
    callEndpoint.mockRejectedValueOnce(new HttpError('Demasiados intentos. Espere un momento.', 429, {}));
    await reachCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Espere un momento.');
  });

  it('"Usar otra cuenta" goes back to the credentials', async () => {
    const { user } = renderTwoStepLogin();
    await reachCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Usar otra cuenta' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
