import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORIGINAL_TOKEN_KEY } from '../authProvider/session';
import { renderWithAdmin } from '../test/harness';
import { pageLoader, useImpersonation } from './useImpersonation';

let queryClient: QueryClient | undefined;

function Probe() {
  const { isImpersonating, startImpersonation, returnToOwnUser } = useImpersonation();
  queryClient = useQueryClient();
  return (
    <>
      <p>{isImpersonating ? 'suplantando' : 'propio'}</p>
      <button
        type="button"
        onClick={() => startImpersonation({ companyId: 3, userId: 42 }).catch(() => undefined)}
      >
        suplantar
      </button>
      <button type="button" onClick={() => returnToOwnUser()}>
        volver
      </button>
    </>
  );
}

function renderProbe(overrides: Record<string, unknown> = {}, isImpersonating = false) {
  const load = vi.spyOn(pageLoader, 'load').mockImplementation(() => undefined);
  const startImpersonation = vi.fn(async () => undefined);
  const stopImpersonation = vi.fn(async () => undefined);
  renderWithAdmin(<Probe />, {
    path: '/user/impersonate-user',
    authProvider: {
      getIdentity: async () => ({ id: 1, fullName: 'Admin', isImpersonating }),
      startImpersonation,
      stopImpersonation,
      ...overrides,
    },
  });
  // Data of the current user, as any screen would have cached it.
  queryClient?.setQueryData(['users', 'getList'], { data: [{ id: 1, full_name: 'Admin' }] });
  return { load, startImpersonation, stopImpersonation, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

describe('useImpersonation', () => {
  it('is not impersonating for an ordinary session', async () => {
    renderProbe();
    expect(await screen.findByText('propio')).toBeInTheDocument();
  });

  it('is impersonating when the identity says so or an original token is stored', async () => {
    renderProbe({}, true);
    expect(await screen.findByText('suplantando')).toBeInTheDocument();
  });

  it('reads original_token too', async () => {
    localStorage.setItem(ORIGINAL_TOKEN_KEY, 'administrador');
    renderProbe();
    expect(await screen.findByText('suplantando')).toBeInTheDocument();
  });

  it('starting switches through the auth provider, clears the query cache and reloads /home', async () => {
    const { user, load, startImpersonation } = renderProbe();
    await user.click(screen.getByRole('button', { name: 'suplantar' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/home'));
    expect(startImpersonation).toHaveBeenCalledWith({ companyId: 3, userId: 42 });
    expect(queryClient?.getQueryCache().getAll()).toEqual([]);
  });

  it('a refused start changes nothing: no reload, the cache stays', async () => {
    const { user, load } = renderProbe({
      startImpersonation: vi.fn(async () => {
        throw new HttpError('Solo se puede suplantar a un usuario activo', 422, {});
      }),
    });
    await user.click(screen.getByRole('button', { name: 'suplantar' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    expect(queryClient?.getQueryData(['users', 'getList'])).toBeDefined();
  });

  it('"Volver a mi usuario" restores through the auth provider, clears the cache and reloads /home', async () => {
    const { user, load, stopImpersonation } = renderProbe({}, true);
    await user.click(screen.getByRole('button', { name: 'volver' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/home'));
    expect(stopImpersonation).toHaveBeenCalledOnce();
    expect(queryClient?.getQueryCache().getAll()).toEqual([]);
  });

  it('goes to the login page when the administrator session is over too', async () => {
    const { user, load } = renderProbe(
      {
        stopImpersonation: vi.fn(async () => {
          throw new HttpError('Sesión vencida', 401, {});
        }),
      },
      true,
    );
    await user.click(screen.getByRole('button', { name: 'volver' }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/session/login'));
  });
});
