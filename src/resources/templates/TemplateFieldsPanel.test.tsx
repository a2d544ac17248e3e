import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TemplateField } from '../../../contract/endpoints/templateFields';
import { renderWithAdmin } from '../../test/harness';
import { TemplateFieldsPanel } from './TemplateFieldsPanel';

function Panel({ inserted, latest }: { inserted: string[]; latest?: TemplateField[][] }) {
  const [fields, setFields] = useState<TemplateField[]>([]);
  const change = (next: TemplateField[]) => {
    latest?.push(next);
    setFields(next);
  };
  return <TemplateFieldsPanel fields={fields} onChange={change} onInsert={(name) => inserted.push(name)} />;
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

  it('lets a date field print as 01/12/2026 instead of «1 de diciembre de 2026»', async () => {
    const latest: TemplateField[][] = [];
    renderWithAdmin(<Panel inserted={[]} latest={latest} />);
    fireEvent.change(screen.getByLabelText('Etiqueta'), { target: { value: 'Fecha de corte' } });
    await choose('Tipo', 'Fecha');
    expect(screen.getByRole('combobox', { name: 'Cómo se imprime la fecha' })).toHaveTextContent(
      '1 de diciembre de 2026',
    );
    await choose('Cómo se imprime la fecha', '01/12/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar campo' }));
    expect(latest.at(-1)).toEqual([
      expect.objectContaining({ name: 'fecha_de_corte', type: 'date', date_format: 'numeric' }),
    ]);
  });
});
