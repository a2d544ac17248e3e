import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_PROMPT_KEY } from '../authProvider/session';
import { renderWithAdmin } from '../test/harness';
import { TwoFactorPrompt } from './TwoFactorPrompt';

function renderPrompt(
  callEndpoint = vi.fn(async () => ({ two_factor_enabled: true })),
  identity: Record<string, unknown> = { id: 7, fullName: 'Ana María Pérez', isImpersonating: false },
) {
  const view = renderWithAdmin(
    <>
      <TwoFactorPrompt />
      <Notification />
    </>,
    {
      path: '/home',
      authProvider: { getIdentity: async () => ({ id: 7, ...identity }) },
      dataProvider: { callEndpoint },
    },
  );
  return { ...view, callEndpoint, user: userEvent.setup() };
}

const title = '¿Activar la verificación en dos pasos?';

describe('TwoFactorPrompt', () => {
  it('stays hidden unless the last sign-in asked to offer two-factor to this user', async () => {
    localStorage.setItem(TWO_FACTOR_PROMPT_KEY, '8');
    const { callEndpoint } = renderPrompt();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callEndpoint).not.toHaveBeenCalled();
  });

  it('is not shown to an impersonated user', async () => {
    localStorage.setItem(TWO_FACTOR_PROMPT_KEY, '7');
    renderPrompt(undefined, { isImpersonating: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Activar" sends enabled: true, forgets the prompt and confirms', async () => {
    localStorage.setItem(TWO_FACTOR_PROMPT_KEY, '7');
    const { user, callEndpoint } = renderPrompt();
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callEndpoint).toHaveBeenCalledWith('twoFactorPreference', { body: { enabled: true } });
    expect(localStorage.getItem(TWO_FACTOR_PROMPT_KEY)).toBeNull();
    expect(await screen.findByText('Verificación en dos pasos activada')).toBeInTheDocument();
  });

  it('"Ahora no" sends enabled: false (the server remembers the answer)', async () => {
    localStorage.setItem(TWO_FACTOR_PROMPT_KEY, '7');
    const { user, callEndpoint } = renderPrompt(vi.fn(async () => ({ two_factor_enabled: false })));
    await user.click(await screen.findByRole('button', { name: 'Ahora no' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callEndpoint).toHaveBeenCalledWith('twoFactorPreference', { body: { enabled: false } });
  });

  it('keeps the question open with the server’s message when saving fails', async () => {
    localStorage.setItem(TWO_FACTOR_PROMPT_KEY, '7');
    const { user } = renderPrompt(
      vi.fn(async () => {
        throw new HttpError('Error del servidor', 500, {});
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Activar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error del servidor');
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    expect(localStorage.getItem(TWO_FACTOR_PROMPT_KEY)).toBe('7');
  });
});
