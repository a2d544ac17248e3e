import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import type { DataProvider, GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTypes } from '../resources/documentTypes';
import { plans } from '../resources/plans';
import { fakeToken, fakeUser } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { resourcePageOf } from './contributions';
import { GeneratedListPage, rowActionsOf, type ScreenResource } from './GeneratedListPage';

const SLOW = { timeout: 15_000 };

const record = {
  id: 4,
  company_id: 2,
  company_name: 'Andina Firmas',
  name: 'Contrato marco',
  code: 'CM-1',
  description: null,
  status: 'active',
  created_at: '2026-03-01T15:00:00.000Z',
  updated_at: '2026-03-01T15:00:00.000Z',
};

const provider = (methods: Record<string, unknown>) => methods as Partial<DataProvider>;

describe('the screens generated from a declaration', () => {
  it('lists the declared columns, chips and row actions, sorted and paged as declared', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
      data: [record],
      total: 1,
    }));
    renderWithAdmin(<GeneratedListPage resource={documentTypes} />, {
      path: '/document-type',
      dataProvider: provider({ getList }),
    });
    const row = (await screen.findByText('Contrato marco', {}, SLOW)).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('CM-1')).toBeInTheDocument();
    expect(cells.getByText('Activo')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: 'Ver detalles' })).toBeInTheDocument();
    expect(cells.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(cells.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    for (const header of ['Nombre', 'Código', 'Descripción', 'Estado']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const params = getList.mock.calls[0]?.[1];
    expect(params?.sort).toEqual({ field: 'name', order: 'ASC' });
    expect(params?.pagination).toEqual({ page: 1, perPage: 15 });
    expect(screen.getByPlaceholderText('Buscar por nombre, código o descripción')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
  });

  it('marks the fields the contract requires in the generated form', async () => {
    renderWithAdmin(<GeneratedListPage resource={documentTypes} />, {
      path: '/document-type',
      dataProvider: provider({ getList: async () => ({ data: [], total: 0 }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de documento' }, SLOW);
    // react-admin marks a required input's label with an asterisk.
    expect(within(dialog).getByLabelText(/^Nombre\s*\*$/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Código$/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Código\s*\*$/)).toBeNull();
  });

  it('offers the actions whose data methods are bound', () => {
    expect(rowActionsOf(documentTypes)).toEqual(['show', 'edit', 'delete']);
    expect(rowActionsOf({ ...documentTypes, data: { getList: documentTypes.data.getList } })).toEqual([]);
  });
});

function signInAsAdministrator() {
  localStorage.setItem('access_token', fakeToken({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }));
  localStorage.setItem(
    'current_user',
    JSON.stringify(fakeUser({ id: 1, role_id: 20, company_id: 3, company_name: 'Notaría Central' })),
  );
}

afterEach(() => localStorage.clear());

describe('generated screens and their overrides', () => {
  it('moves the list to the company of a record created for another one, so it is visible', async () => {
    signInAsAdministrator();
    const getList = vi.fn(async (_resource: string, params: GetListParams) => ({
      data: params.filter.company_id === 5 ? [{ ...record, id: 9, company_id: 5, name: 'Acta' }] : [],
      total: params.filter.company_id === 5 ? 1 : 0,
    }));
    // The server answers with the company the form picked (here another one than the list's).
    const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...record, ...data, id: 9, company_id: 5, company_name: 'Constructora Andina' },
    }));
    const callEndpoint = vi.fn(async () => ({ items: [], total: 0 }));
    renderWithAdmin(<GeneratedListPage resource={documentTypes} />, {
      path: '/document-type',
      dataProvider: provider({ getList, create, callEndpoint }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de documento' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Acta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(create).toHaveBeenCalled(), SLOW);
    expect(await screen.findByText('Acta', {}, SLOW)).toBeInTheDocument();
    expect(getList).toHaveBeenLastCalledWith(
      'document_types',
      expect.objectContaining({ filter: expect.objectContaining({ company_id: 5 }) }),
    );
  });

  it('labels choices by value, aligns and keeps on one line the declared columns', async () => {
    const plan = {
      id: 2,
      name: 'Plan Andino',
      signatures: null,
      price_usd: 120,
      validity_days: 365,
      status: 'inactive',
      assignments_count: 3,
      created_at: '2026-03-01T15:00:00.000Z',
    };
    renderWithAdmin(<GeneratedListPage resource={plans} />, {
      path: '/user/plans',
      dataProvider: provider({ getList: async () => ({ data: [plan], total: 1 }) }),
    });
    const row = (await screen.findByText('Plan Andino', {}, SLOW)).closest('tr') as HTMLElement;
    const cells = within(row);
    // `labels` maps each value to its own key (app.platform.common.inactive).
    expect(cells.getByText('Inactivo')).toBeInTheDocument();
    expect(cells.getByText('Ilimitado')).toBeInTheDocument();
    expect(cells.getByText('365 días').closest('td')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(cells.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });

  it('applies the per-user adjustments of a declaration: title, hidden filters, extra content', async () => {
    const adjusted: ScreenResource = {
      ...documentTypes,
      screens: {
        ...documentTypes.screens,
        perCompany: false,
        overrides: {
          useAdjustments: () => ({
            title: 'app.menu.user_groups',
            hiddenFilters: ['status'],
            extra: createElement('p', null, 'contenido adicional'),
          }),
        },
      },
    };
    renderWithAdmin(<GeneratedListPage resource={adjusted} />, {
      path: '/sin-menu',
      dataProvider: provider({ getList: async () => ({ data: [record], total: 1 }) }),
    });
    expect(await screen.findByText('Contrato marco', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grupos de usuarios' })).toBeInTheDocument();
    expect(screen.getByText('contenido adicional')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Estado/ })).toBeNull();
  });

  it('serves a route once: a screen shown inside another page does not claim it', () => {
    expect(plans.screens.partOf).toBe('plan_assignments');
    const page = resourcePageOf('admin.plans.items-crud');
    expect(page).toBeTypeOf('function');
    // The page is the assignments' override (the tabs), not the plans' generated list.
    expect(page?.().type).not.toBe(GeneratedListPage);
  });
});
