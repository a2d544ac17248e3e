import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TemplateField } from '../../../contract/endpoints/templateFields';
import { renderWithAdmin } from '../../test/harness';
import { TemplateFieldsPanel } from './TemplateFieldsPanel';

function Panel({ inserted }: { inserted: string[] }) {
  const [fields, setFields] = useState<TemplateField[]>([]);
  return (
    <TemplateFieldsPanel fields={fields} onChange={setFields} onInsert={(name) => inserted.push(name)} />
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TemplateFieldsPanel', () => {
  it('adds fields of several types, named from their label, and inserts each at the cursor', async () => {
    const inserted: string[] = [];
    renderWithAdmin(<Panel inserted={inserted} />);
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: 'Número de cédula' } });
    await choose('Tipo', 'Número');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar campo' }));
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: 'Firma' } });
    await choose('Tipo', 'Firma');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar campo' }));
    const list = await screen.findByRole('list', { name: 'Campos combinados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Número de cédula'), expect.stringMatching(/Firma.*Firmante 1/)]);
    expect(inserted).toEqual(['numero_de_cedula', 'firma']);
    fireEvent.click(screen.getByRole('button', { name: 'Insertar «firma»' }));
    expect(inserted.at(-1)).toBe('firma');
  });

  it('asks a list of options for a select field, in Spanish', async () => {
    renderWithAdmin(<Panel inserted={[]} />);
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: 'Plan' } });
    await choose('Tipo', 'Lista de opciones');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar campo' }));
    expect(await screen.findByText('Indique al menos una opción')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Campos combinados' })).toBeNull();
  });
});
