import { fireEvent, screen, within } from '@testing-library/react';
import type { DataProvider, GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { documentTypes } from '../documentTypes';
import { GeneratedListPage, rowActionsOf } from './GeneratedListPage';

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
