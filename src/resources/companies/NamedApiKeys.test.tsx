import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { NamedApiKeys } from './NamedApiKeys';

const live = {
  id: 7,
  name: 'ERP de nómina',
  prefix: 'rk_AbCdEfGh',
  created_at: '2026-11-20T15:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const retired = { ...live, id: 6, name: 'CRM antiguo', revoked_at: '2026-11-21T15:00:00.000Z' };

function render() {
  const handlers: Record<string, (input: never) => unknown> = {
    listCompanyApiKeys: () => [live, retired],
    createCompanyApiKey: () => ({ ...live, id: 8, name: 'CRM', api_key: 'rk_clave_de_prueba_unica' }),
    revokeCompanyApiKey: () => ({ ...live, revoked_at: '2026-11-22T15:00:00.000Z' }),
  };
  const callEndpoint = vi.fn(async (name: string, input: never) => handlers[name]!(input));
  renderWithAdmin(<NamedApiKeys companyId={3} />, { dataProvider: { callEndpoint } as never });
  return callEndpoint;
}

describe('the named API keys of a company', () => {
  it('lists each key with its prefix and last use, revocable unless already revoked', async () => {
    render();
    expect(await screen.findByText('ERP de nómina')).toBeInTheDocument();
    expect(screen.getByText(/Empieza por rk_AbCdEfGh… · creada .* · último uso: nunca/)).toBeInTheDocument();
    expect(screen.getByText(/Revocada /)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Revocar la clave/ })).toHaveLength(1);
  });

  it('creates a named key and shows it once; revokes one after a confirmation', async () => {
    const callEndpoint = render();
    await screen.findByText('ERP de nómina');
    fireEvent.click(screen.getByRole('button', { name: 'Crear clave' }));
    const naming = await screen.findByRole('dialog', { name: 'Crear clave' });
    fireEvent.change(within(naming).getByLabelText('Nombre de la clave'), { target: { value: ' CRM ' } });
    fireEvent.click(within(naming).getByRole('button', { name: 'Crear clave' }));
    const shown = await screen.findByRole('dialog', { name: 'Nueva clave de API' });
    expect(within(shown).getByText('rk_clave_de_prueba_unica')).toBeInTheDocument();
    expect(callEndpoint).toHaveBeenCalledWith('createCompanyApiKey', { companyId: 3, body: { name: 'CRM' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Cerrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Revocar la clave ERP de nómina' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/«ERP de nómina» dejará de funcionar/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(callEndpoint).toHaveBeenCalledWith('revokeCompanyApiKey', { id: 7 }));
  });
});
