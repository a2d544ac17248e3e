import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, fakeUser } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { ImpersonationPage } from './ImpersonationPage';
import { pageLoader } from './useImpersonation';

const companies = [
  {
    id: 3,
    fiscal_name: 'Notaría Central',
    tax_id: '900111222-3',
    parent_id: null,
    status: 'active',
    created_at: '',
  },
  {
    id: 4,
    fiscal_name: 'Constructora Andina',
    tax_id: '900333444-5',
    parent_id: null,
    status: 'active',
    created_at: '',
  },
];
const users = [
  {
    id: 42,
    full_name: 'Inés Suplantada',
    email: 'ines@notaria.co',
    role_id: 22,
    role_name: 'Operador',
    company_id: 3,
    status: 'active',
  },
  {
    id: 43,
    full_name: 'Bruno Bloqueado',
    email: 'bruno@notaria.co',
    role_id: 22,
    role_name: 'Operador',
    company_id: 3,
    status: 'locked',
  },
];

function renderPage(startImpersonation = vi.fn(async () => undefined)) {
  vi.spyOn(pageLoader, 'load').mockImplementation(() => undefined);
  // The platform administrator: the company picker searches within the session's scope.
  localStorage.setItem('access_token', fakeToken({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(
    'current_user',
    JSON.stringify(fakeUser({ id: 1, role_id: 20, company_id: 1, company_name: 'Rúbrica' })),
  );
  const callEndpoint = vi.fn(async (name: string, input: { body?: { search?: string } }) => {
    if (name === 'listCompanies') {
      const search = input.body?.search?.toLowerCase() ?? '';
      const items = companies.filter((company) => company.fiscal_name.toLowerCase().includes(search));
      return { items, total: items.length };
    }
    if (name === 'listCompanyUsers') return users;
    throw new Error(`inesperado: ${name}`);
  });
  renderWithAdmin(<ImpersonationPage />, {
    path: '/user/impersonate-user',
    authProvider: {
      getIdentity: async () => ({
        id: 1,
        fullName: 'Admin',
        roleId: 20,
        companyId: 1,
        isImpersonating: false,
      }),
      startImpersonation,
      stopImpersonation: vi.fn(),
    },
    dataProvider: { callEndpoint },
  });
  return { callEndpoint, startImpersonation, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

async function pickCompanyAndUser(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: /Empresa/ }), 'notar');
  // The server's filtered answer replaces the first page once typing settles.
  await waitFor(() =>
    expect(screen.queryByRole('option', { name: /Constructora Andina/ })).not.toBeInTheDocument(),
  );
  await user.click(await screen.findByRole('option', { name: /Notaría Central/ }));
  await user.click(await screen.findByRole('radio', { name: /Inés Suplantada/ }));
}

describe('ImpersonationPage', () => {
  it('searches companies with company_list, lists the chosen company’s users and impersonates one', async () => {
    const { user, callEndpoint, startImpersonation } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Suplantar usuario' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Suplantar' });
    expect(submit).toBeDisabled();

    await pickCompanyAndUser(user);
    expect(callEndpoint).toHaveBeenCalledWith(
      'listCompanies',
      {
        page: 1,
        itemsPerPage: 100,
        roleID: 20,
        companyID: 1,
        body: { search: 'notar', sort: 'fiscal_name', order: 'ASC' },
      },
      expect.anything(),
    );
    expect(callEndpoint).toHaveBeenCalledWith('listCompanyUsers', { company_id: 3 }, expect.anything());
    expect(screen.getByRole('heading', { name: 'Usuarios de Notaría Central' })).toBeInTheDocument();

    await user.click(submit);
    await waitFor(() => expect(startImpersonation).toHaveBeenCalledWith({ companyId: 3, userId: 42 }));
    await waitFor(() => expect(pageLoader.load).toHaveBeenCalledWith('/home'));
  });

  it('offers only active users', async () => {
    const { user } = renderPage();
    await user.type(screen.getByRole('combobox', { name: /Empresa/ }), 'notar');
    await user.click(await screen.findByRole('option', { name: /Notaría Central/ }));
    const blocked = await screen.findByRole('radio', { name: /Bruno Bloqueado/ });
    expect(blocked).toBeDisabled();
    expect(within(blocked.closest('label') as HTMLElement).getByText('Bloqueado')).toBeInTheDocument();
    expect(screen.getByText('Solo se pueden suplantar usuarios activos')).toBeInTheDocument();
  });

  it('shows the server’s message when it refuses', async () => {
    const { user } = renderPage(
      vi.fn(async () => {
        throw new HttpError('Solo se puede suplantar a un usuario activo', 422, {});
      }),
    );
    await pickCompanyAndUser(user);
    await user.click(screen.getByRole('button', { name: 'Suplantar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo se puede suplantar a un usuario activo');
    expect(pageLoader.load).not.toHaveBeenCalled();
  });
});
