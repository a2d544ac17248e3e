import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratedListPage } from '../../framework/GeneratedListPage';
import { renderWithAdmin } from '../../test/harness';
import { COMPANIES_PAGE, IDENTIFICATION_TYPES, signInAs } from '../../test/userSession';
import { users } from '.';

/** Fake data provider methods, typed loosely: react-admin's are generic over the record type. */
const provider = (methods: Record<string, unknown>) => methods as Partial<DataProvider>;

const ANA = {
  id: 9,
  name: 'Ana',
  last_name: 'Pérez',
  full_name: 'Ana Pérez',
  email: 'ana@notaria.test',
  phone: '3001234567',
  id_type: 'CC',
  id_number: '1020304050',
  role_id: 22,
  role_name: 'Operador',
  company_id: 3,
  company_name: 'Notaría Central',
  status: 'active',
  invitation_pending: true,
  invited_at: '2026-03-01T15:00:00.000Z',
  last_login_at: null,
  created_at: '2026-03-01T15:00:00.000Z',
  updated_at: '2026-03-01T15:00:00.000Z',
};
const BRUNO = {
  ...ANA,
  id: 10,
  full_name: 'Bruno Bloqueado',
  email: 'bruno@notaria.test',
  status: 'locked',
  invitation_pending: false,
};
const ROLES = [
  { id: 21, name: 'Administrador de empresa', permissions: [], assignable: true },
  { id: 22, name: 'Operador', permissions: [], assignable: true },
  { id: 20, name: 'Administrador', permissions: [], assignable: false },
];

function renderUsers() {
  signInAs();
  const getList = vi.fn(async (resource: string) =>
    resource === 'roles' ? { data: ROLES, total: 3 } : { data: [ANA, BRUNO], total: 2 },
  );
  const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
    data: { ...ANA, ...data, id: 11 },
  }));
  const callEndpoint = vi.fn(async (name: string) => {
    if (name === 'listCompanies') return COMPANIES_PAGE;
    if (name === 'listIdentificationTypes') return IDENTIFICATION_TYPES;
    if (name === 'unlockUser') return { ...BRUNO, status: 'active' };
    return {};
  });
  renderWithAdmin(
    <>
      <GeneratedListPage resource={users} />
      <Notification />
    </>,
    { path: '/user/user', dataProvider: provider({ getList, create, callEndpoint }) },
  );
  return { getList, create, callEndpoint, user: userEvent.setup() };
}

afterEach(() => localStorage.clear());

describe('the users screen', () => {
  it('lists users with their role, company and status, 15 per page', async () => {
    const { getList } = renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeInTheDocument();
    const row = (await screen.findByText('Ana Pérez')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ana@notaria.test')).toBeInTheDocument();
    expect(within(row).getByText('Activo')).toBeInTheDocument();
    expect(within(row).getByText('Invitación pendiente')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reenviar invitación' })).toBeInTheDocument();
    expect(within(row).getByText('Nunca')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({
        pagination: { page: 1, perPage: 15 },
        sort: { field: 'full_name', order: 'ASC' },
      }),
    );
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
  });

  it('unlocks a locked user and says so', async () => {
    const { callEndpoint, user } = renderUsers();
    const row = (await screen.findByText('Bruno Bloqueado')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bloqueado')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Desbloquear' }));
    expect(callEndpoint).toHaveBeenCalledWith('unlockUser', { id: 10 });
    expect(await screen.findByText('Usuario desbloqueado')).toBeInTheDocument();
  });

  it('creates a user with the §5 rules and announces the invitation', async () => {
    const { create, user } = renderUsers();
    await screen.findByText('Ana Pérez');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Carla');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await within(dialog).findAllByText('Campo requerido')).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/^Apellido/), 'Gómez');
    await user.type(within(dialog).getByLabelText(/^Teléfono/), '300-123 4567');
    expect(within(dialog).getByLabelText(/^Teléfono/)).toHaveValue('3001234567');
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'carla@');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ingrese un correo electrónico válido')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'notaria.test');
    await user.click(within(dialog).getByLabelText(/^Rol/));
    await user.click(await screen.findByRole('option', { name: 'Operador' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[1].data).toMatchObject({
      name: 'Carla',
      last_name: 'Gómez',
      phone: '3001234567',
      email: 'carla@notaria.test',
      role_id: 22,
      company_id: 3,
      status: 'active',
    });
    expect(
      await screen.findByText(
        'Usuario creado. Enviamos una invitación a carla@notaria.test para que defina su contraseña.',
      ),
    ).toBeInTheDocument();
    // Typing a whole form takes a while on a busy machine.
  }, 90_000);

  it('marks the required fields, and the document type once a number is typed', async () => {
    const { user } = renderUsers();
    await screen.findByText('Ana Pérez');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    // react-admin ends a required field's label with an asterisk.
    for (const label of ['Nombre', 'Apellido', 'Correo electrónico', 'Rol', 'Estado']) {
      expect(within(dialog).getByLabelText(new RegExp(`^${label}\\s*\\*$`))).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText(/^Teléfono$/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Tipo de documento$/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Número de documento/), '1020304050');
    expect(await within(dialog).findByLabelText(/^Tipo de documento\s*\*$/)).toBeInTheDocument();
  }, 90_000);
});

describe('the users screen, editing', () => {
  it('edits a user in a dialog and sends the whole form through update', async () => {
    signInAs();
    const getOne = vi.fn(async () => ({ data: ANA }));
    const update = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data,
    }));
    const getList = vi.fn(async (resource: string) =>
      resource === 'roles' ? { data: ROLES, total: 3 } : { data: [ANA], total: 1 },
    );
    const callEndpoint = vi.fn(async (name: string) => {
      if (name === 'listCompanies') return COMPANIES_PAGE;
      if (name === 'listIdentificationTypes') return IDENTIFICATION_TYPES;
      return {};
    });
    renderWithAdmin(<GeneratedListPage resource={users} />, {
      path: '/user/user',
      dataProvider: provider({ getList, getOne, update, callEndpoint }),
    });
    const user = userEvent.setup();
    const row = (await screen.findByText('Ana Pérez')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    const lastName = await within(dialog).findByLabelText(/^Apellido/);
    await user.clear(lastName);
    await user.type(lastName, 'Gómez');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]?.[1].data).toMatchObject({ last_name: 'Gómez', role_id: 22, company_id: 3 });
  });
});
