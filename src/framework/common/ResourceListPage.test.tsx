import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DataProvider, DataTable, type GetListParams, TextInput } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { UpdateButton, ViewDetailsButton } from './ActionButtons';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { ResourceListPage, searchFilter } from './ResourceListPage';

const rows = [
  { id: 1, name: 'Andina Firmas' },
  { id: 2, name: 'Notaría Central' },
];

/** Fake data provider methods, typed loosely: react-admin's are generic over the record type. */
const provider = (methods: Record<string, unknown>) => methods as Partial<DataProvider>;

function page(extra: Partial<Parameters<typeof ResourceListPage>[0]> = {}) {
  return (
    <ResourceListPage
      resource="things"
      title="Cosas"
      filters={[searchFilter()]}
      create={{ title: 'Nueva cosa', content: <TextInput source="name" /> }}
      show={{ title: 'Detalle', content: <p>contenido del detalle</p> }}
      {...extra}
    >
      <DataTable.Col source="name" label="Nombre" />
      <DataTable.Col label="Acciones">
        <ViewDetailsButton />
        <UpdateButton to={(record) => `/things/update/${record.id}`} />
        <ConfirmDeleteButton />
      </DataTable.Col>
    </ResourceListPage>
  );
}

describe('ResourceListPage', () => {
  it('lists the first page of 15 with the Spanish heading, search box and page sizes 15/50/100', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: 2 }));
    renderWithAdmin(page(), { path: '/things', dataProvider: provider({ getList }) });

    expect(await screen.findByRole('heading', { name: 'Cosas' })).toBeInTheDocument();
    expect(await screen.findByText('Notaría Central')).toBeInTheDocument();
    expect(getList.mock.calls[0]?.[1]?.pagination).toEqual({ page: 1, perPage: 15 });
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['15', '50', '100']);
  });

  it('shows the Spanish empty state', async () => {
    renderWithAdmin(page(), {
      path: '/things',
      dataProvider: provider({ getList: async () => ({ data: [], total: 0 }) }),
    });
    expect(await screen.findByText('Aún no hay registros')).toBeInTheDocument();
  });

  it('deletes after a confirmation whose confirm button is red', async () => {
    const deleteOne = vi.fn(async () => ({ data: rows[0] }));
    renderWithAdmin(page(), {
      path: '/things',
      dataProvider: provider({ getList: async () => ({ data: rows, total: 2 }), delete: deleteOne }),
    });
    const row = (await screen.findByText('Andina Firmas')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta acción no se puede deshacer.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Eliminar' });
    expect(confirm.className).toMatch(/MuiButton-colorError/);
    fireEvent.click(confirm);
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('things', expect.objectContaining({ id: 1 })));
  });

  it('opens the details dialog and goes to a fixed update route', async () => {
    const { location } = renderWithAdmin(page(), {
      path: '/things',
      dataProvider: provider({
        getList: async () => ({ data: rows, total: 2 }),
        getOne: async () => ({ data: rows[1] }),
      }),
    });
    const row = (await screen.findByText('Notaría Central')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Ver detalles' }));
    expect(await screen.findByText('contenido del detalle')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Cerrar' })[0] as HTMLElement);

    fireEvent.click(within(row).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(location()?.pathname).toBe('/things/update/2'));
  });

  it('creates in a dialog and shows the server field errors next to the input', async () => {
    const create = vi.fn(async () => {
      const error = Object.assign(new Error('Revise los campos'), {
        body: { errors: { name: 'Ya existe una cosa con ese nombre' } },
      });
      throw error;
    });
    renderWithAdmin(page(), {
      path: '/things',
      dataProvider: provider({ getList: async () => ({ data: rows, total: 2 }), create }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Andina' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya existe una cosa con ese nombre')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith('things', expect.objectContaining({ data: { name: 'Andina' } }));
  });
});
