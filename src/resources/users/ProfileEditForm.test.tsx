import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { IDENTIFICATION_TYPES, signInAs } from '../../test/userSession';
import { changedFields, ProfileEditForm } from './ProfileEditForm';

afterEach(() => localStorage.clear());

describe('changedFields', () => {
  it('keeps only what the user changed', () => {
    expect(
      changedFields(
        { name: 'Ana', last_name: 'Pérez', phone: null },
        { name: 'Ana ', last_name: 'Gómez', phone: '' },
      ),
    ).toEqual({ last_name: 'Gómez' });
  });
});

describe('ProfileEditForm', () => {
  it('sends only the changed fields through update_user and shows server field errors', async () => {
    signInAs({ permissions: [] });
    let calls = 0;
    const callEndpoint = vi.fn(async (name: string) => {
      if (name === 'listIdentificationTypes') return IDENTIFICATION_TYPES;
      if (name === 'updateUser') {
        calls += 1;
        if (calls === 1) {
          throw new HttpError('Datos inválidos', 422, {
            message: 'Datos inválidos',
            errors: { phone: 'Solo se permiten números' },
          });
        }
        return { full_name: 'Ana María Gómez' };
      }
      return {};
    });
    renderWithAdmin(<ProfileEditForm profileQueryKey={['profile', 7]} />, {
      path: '/user/profile',
      dataProvider: { callEndpoint } as never,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar mis datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar mis datos' });
    // Without user.list the form starts from the full name.
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('Ana');
    expect(within(dialog).getByLabelText(/^Apellido/)).toHaveValue('María Pérez');
    await user.type(within(dialog).getByLabelText(/^Teléfono/), '3001234567');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Solo se permiten números')).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('updateUser', { id: 7, body: { phone: '3001234567' } });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
