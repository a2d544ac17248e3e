import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type DataProvider, TextInput, useRefresh } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/harness';
import { RecordFormDialog } from './RecordDialog';

/** Calls react-admin's refresh, as a save elsewhere or the window regaining focus would. */
function RefreshNow() {
  const refresh = useRefresh();
  return (
    <button type="button" onClick={refresh}>
      Actualizar ahora
    </button>
  );
}

describe('RecordFormDialog', () => {
  it('keeps what the person typed when the record is fetched again, and takes the rest from the server', async () => {
    const versions = [
      { id: 1, name: 'Andina', city: 'Bogotá' },
      { id: 1, name: 'Andina (servidor)', city: 'Medellín' },
    ];
    let reads = 0;
    const getOne = async () => ({ data: versions[Math.min(reads++, 1)]! });
    renderWithAdmin(
      <>
        <RefreshNow />
        <RecordFormDialog mode="edit" resource="things" id={1} open onClose={() => {}} title="Editar cosa">
          <TextInput source="name" label="Nombre" />
          <TextInput source="city" label="Ciudad" />
        </RecordFormDialog>
      </>,
      { dataProvider: { getOne } as unknown as Partial<DataProvider> },
    );
    const name = await screen.findByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveValue('Andina'));
    fireEvent.change(name, { target: { value: 'Andina Firmas S.A.S.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Actualizar ahora', hidden: true }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ciudad' })).toHaveValue('Medellín'));
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Andina Firmas S.A.S.');
  });
});
