import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeUser } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { ProfilePage } from './ProfilePage';

type Handler = (name: string, input: unknown) => Promise<unknown>;

function renderProfile(overrides: Record<string, Handler> = {}, user = fakeUser()) {
  const callEndpoint = vi.fn(async (name: string, input: unknown) => {
    const handler = overrides[name];
    if (handler) return handler(name, input);
    if (name === 'getUser') return user;
    if (name === 'twoFactorPreference')
      return { two_factor_enabled: (input as { body: { enabled: boolean } }).body.enabled };
    return {};
  });
  renderWithAdmin(
    <>
      <ProfilePage />
      <Notification />
    </>,
    { path: '/user/profile', dataProvider: { callEndpoint } },
  );
  return { callEndpoint, user: userEvent.setup() };
}

const currentField = () => screen.getByLabelText(/^Contraseña actual/);
const newField = () => screen.getByLabelText(/^Nueva contraseña/);
const confirmField = () => screen.getByLabelText(/^Confirmar contraseña/);
const submit = () => screen.getByRole('button', { name: 'Cambiar contraseña' });

describe('ProfilePage', () => {
  it('shows the user’s data read-only', async () => {
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
    const personal = await screen.findByRole('region', { name: 'Datos del usuario' });
    expect(await within(personal).findByText('Ana María Pérez')).toBeInTheDocument();
    expect(within(personal).getByText('Administrador de empresa')).toBeInTheDocument();
    expect(within(personal).getByText('Notaría Central')).toBeInTheDocument();
    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('changes the password with the current one and clears the form', async () => {
    const { user, callEndpoint } = renderProfile();
    await screen.findByText('Ana María Pérez');
    await user.type(currentField(), 'Actual-2026');
    await user.type(newField(), 'Nueva-Clave-2026');
    await user.type(confirmField(), 'Nueva-Clave-2026');
    await user.click(submit());
    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('changePassword', {
      body: { current_password: 'Actual-2026', new_password: 'Nueva-Clave-2026' },
    });
    await waitFor(() => expect(currentField()).toHaveValue(''));
  });

  it('shows the server’s field error for a wrong current password', async () => {
    const message = 'La contraseña actual es incorrecta';
    const { user } = renderProfile({
      changePassword: async () => {
        throw new HttpError(message, 422, { message, errors: { current_password: message } });
      },
    });
    await screen.findByText('Ana María Pérez');
    await user.type(currentField(), 'equivocada');
    await user.type(newField(), 'Nueva-Clave-2026');
    await user.type(confirmField(), 'Nueva-Clave-2026');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(currentField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the confirmation and the password rule before calling the server', async () => {
    const { user, callEndpoint } = renderProfile();
    await screen.findByText('Ana María Pérez');
    await user.type(currentField(), 'Actual-2026');
    await user.type(newField(), 'corta1');
    await user.type(confirmField(), 'otra');
    await user.click(submit());
    expect(await screen.findByText('Mínimo 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(callEndpoint).not.toHaveBeenCalledWith('changePassword', expect.anything());
  });

  it('turns two-step verification on with the switch', async () => {
    const { user, callEndpoint } = renderProfile();
    const toggle = await screen.findByRole('switch', { name: 'Verificación en dos pasos' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(callEndpoint).toHaveBeenCalledWith('twoFactorPreference', { body: { enabled: true } });
    expect(await screen.findByText('Verificación en dos pasos activada')).toBeInTheDocument();
  });

  it('disables the security settings while impersonating', async () => {
    renderProfile({}, fakeUser({ isImpersonating: true, two_factor_enabled: true }));
    expect(
      await screen.findByText(
        'Mientras suplanta a otro usuario no puede cambiar su contraseña ni la verificación en dos pasos.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Verificación en dos pasos' })).toBeDisabled();
    expect(submit()).toBeDisabled();
  });
});
