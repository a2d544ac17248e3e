import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratedListPage } from '../../framework/GeneratedListPage';
import { fakeToken, fakeUser } from '../../test/fakes';
import { renderWithAdmin } from '../../test/harness';
import { companies } from '.';

const company = {
  id: 3,
  fiscal_name: 'Notaría Central',
  tax_id: '800197268-4',
  parent_id: null,
  parent_name: null,
  is_branch: false,
  branch_count: 1,
  status: 'active',
  api_key_prefix: 'rk_live_ab',
  api_key_created_at: '2026-01-10T15:00:00.000Z',
  logo_url: null,
  storage_capacity_gb: 10,
  storage_used_gb: 2.5,
  support_phone: null,
  support_whatsapp: null,
  support_email: null,
  country_code: 'CO',
  department_id: null,
  department_name: null,
  city_id: null,
  city_name: null,
  postal_code: null,
  address: null,
  created_at: '2026-01-10T15:00:00.000Z',
  updated_at: '2026-01-10T15:00:00.000Z',
};
const branch = {
  ...company,
  id: 4,
  fiscal_name: 'Sucursal Norte',
  is_branch: true,
  parent_id: 3,
  parent_name: 'Notaría Central',
};

function signIn(overrides: Parameters<typeof fakeUser>[0]) {
  localStorage.setItem('access_token', fakeToken({ id: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem('current_user', JSON.stringify(fakeUser(overrides)));
}

function render(extra: Record<string, unknown> = {}) {
  const callEndpoint = vi.fn(async () => ({ items: [], total: 0 }));
  const dataProvider = {
    getList: async () => ({ data: [company, branch], total: 2 }),
    callEndpoint,
    ...extra,
  } as Partial<DataProvider>;
  return renderWithAdmin(<GeneratedListPage resource={companies} />, { path: '/user/company', dataProvider });
}

afterEach(() => localStorage.clear());

describe('the companies screen', () => {
  it('shows "Creación de Empresas" with every company to the administrator', async () => {
    signIn({ role_id: 20, company_id: 1, permissions: ['company.list', 'company.update'] });
    render();
    expect(await screen.findByRole('heading', { name: 'Creación de Empresas' })).toBeInTheDocument();
    const row = (await screen.findByText('Sucursal Norte')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sucursal')).toBeInTheDocument();
    expect(within(row).getByText('2,5 de 10 GB')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Razón social/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por razón social o NIT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
  });

  it('shows "Creación de Sucursales" to a company user, who cannot delete its own company', async () => {
    signIn({ role_id: 21, company_id: 3, permissions: ['company.list', 'company.update'] });
    render();
    expect(await screen.findByRole('heading', { name: 'Creación de Sucursales' })).toBeInTheDocument();
    const own = (await screen.findByText('Notaría Central', { selector: 'p' })).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    const branchRow = screen.getByText('Sucursal Norte', { selector: 'p' }).closest('tr') as HTMLElement;
    expect(within(branchRow).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });

  it('creates a company and shows its API key once', async () => {
    signIn({ role_id: 20, company_id: 1, permissions: ['company.list', 'company.update'] });
    const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...company, ...data, id: 9, api_key: 'rk_live_abcdef123456' },
    }));
    render({ create });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nueva empresa')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Razón social/), { target: { value: 'Andina Firmas' } });
    const nit = within(dialog).getByLabelText(/NIT/);

    fireEvent.change(nit, { target: { value: '800197268-4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0]).toBe('companies');
    expect(await screen.findByText('rk_live_abcdef123456')).toBeInTheDocument();
    expect(screen.getByText('Cópiela ahora: por seguridad no se volverá a mostrar.')).toBeInTheDocument();
  });

  it('refuses a NIT whose check digit is wrong, next to the field', async () => {
    signIn({ role_id: 20, company_id: 1, permissions: ['company.list', 'company.update'] });
    const create = vi.fn();
    render({ create });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Razón social/), { target: { value: 'Andina Firmas' } });
    fireEvent.change(within(dialog).getByLabelText(/NIT/), { target: { value: '800197268-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('El dígito de verificación del NIT no es válido'),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
