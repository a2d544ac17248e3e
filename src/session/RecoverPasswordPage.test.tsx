import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../test/harness';
import { RecoverPasswordPage } from './RecoverPasswordPage';

const CONFIRMATION =
  'Si existe una cuenta con ese correo, le enviamos un enlace para restablecer la contraseña. Revise su bandeja de entrada y la carpeta de correo no deseado.';

function renderRecover(path = '/session/recover-password', callEndpoint = vi.fn(async () => ({}))) {
  const view = renderWithAdmin(<RecoverPasswordPage />, {
    path,
    route: '/session/recover-password',
    dataProvider: { callEndpoint },
  });
  return { ...view, callEndpoint, user: userEvent.setup() };
}

describe('RecoverPasswordPage, asking for the link', () => {
  it.each(['ana@empresa.co', 'nadie@ninguna.co'])(
    'sends %s to passwordReset and shows the same confirmation whatever the e-mail',
    async (address) => {
      const { user, callEndpoint } = renderRecover();
      expect(screen.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Correo electrónico/), address);
      await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

      expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
      expect(screen.getByRole('heading', { level: 1, name: 'Revise su correo' })).toBeInTheDocument();
      expect(callEndpoint).toHaveBeenCalledWith('passwordReset', { body: { email: address } });
      expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toHaveAttribute(
        'href',
        '/session/login',
      );
    },
  );

  it('validates the e-mail before calling the server', async () => {
    const { user, callEndpoint } = renderRecover();
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'sin-arroba');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Ingrese un correo electrónico válido')).toBeInTheDocument();
    expect(callEndpoint).not.toHaveBeenCalled();
  });

  it('shows the server’s message when the request is refused (e.g. too many attempts)', async () => {
    const callEndpoint = vi.fn(async () => {
      throw new HttpError('Demasiados intentos. Intente más tarde.', 429, {});
    });
    const { user } = renderRecover(undefined, callEndpoint);
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@empresa.co');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Intente más tarde.');
  });
});

describe('RecoverPasswordPage, from the e-mailed link', () => {
  const token = 'k7Qm2pX9vL4sR8tY1uW3zA5bC6dE0fG';
  const path = `/session/recover-password?token=${token}`;
  const newPassword = () => screen.getByLabelText(/^Nueva contraseña/);
  const confirmation = () => screen.getByLabelText(/^Confirmar contraseña/);

  it('sets the new password with the token and links to the login page', async () => {
    const { user, callEndpoint } = renderRecover(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Crear una nueva contraseña' })).toBeInTheDocument();
    await user.type(newPassword(), 'Nueva-Clave-2026');
    await user.type(confirmation(), 'Nueva-Clave-2026');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Su contraseña fue actualizada. Ya puede iniciar sesión con ella.',
    );
    expect(callEndpoint).toHaveBeenCalledWith('passwordResetConfirm', {
      body: { token, password: 'Nueva-Clave-2026' },
    });
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute(
      'href',
      '/session/login',
    );
  });

  it('checks the password rule and the confirmation before calling the server', async () => {
    const { user, callEndpoint } = renderRecover(path);
    await user.type(newPassword(), 'solo-letras');
    await user.type(confirmation(), 'otra-cosa');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Debe incluir al menos un número')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(callEndpoint).not.toHaveBeenCalled();
  });

  it('shows the server’s message for a used or expired link', async () => {
    const message = 'El enlace ya no es válido. Solicite uno nuevo.';
    const callEndpoint = vi.fn(async () => {
      throw new HttpError(message, 400, { message });
    });
    const { user } = renderRecover(path, callEndpoint);
    await user.type(newPassword(), 'Nueva-Clave-2026');
    await user.type(confirmation(), 'Nueva-Clave-2026');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
