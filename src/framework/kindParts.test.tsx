import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider, DataProvider, GetListParams, GetManyParams } from 'react-admin';
import { Form, SaveButton } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { documentTypes } from '../resources/documentTypes';
import { renderWithAdmin } from '../test/harness';
import { FieldInput, type NamedField } from './fieldParts';
import { GeneratedListPage, type ScreenResource } from './GeneratedListPage';
import { formatMoneyInput, parseMoneyInput } from './kindParts';

const SLOW = { timeout: 15_000 };
const provider = (methods: Record<string, unknown>) => methods as Partial<DataProvider>;

describe('money as typed and shown', () => {
  it('reads Colombian thousands and decimals, and a lone decimal point', () => {
    expect(parseMoneyInput('1.234.567,89')).toBe(1234567.89);
    expect(parseMoneyInput('US$ 1.234')).toBe(1234);
    expect(parseMoneyInput('1234,5')).toBe(1234.5);
    expect(parseMoneyInput('1234.5')).toBe(1234.5);
    expect(parseMoneyInput('1.234.567')).toBe(1234567);
    expect(parseMoneyInput('  ')).toBeNull();
    expect(parseMoneyInput('doce')).toBeNaN();
    expect(formatMoneyInput(1234567.89)).toBe('1.234.567,89');
  });
});

/** Document types with a yes/no, a money and a reference field (kinds stated: no contract has them). */
const withNewKinds: ScreenResource = {
  ...documentTypes,
  screens: {
    ...documentTypes.screens,
    perCompany: false,
    fields: {
      name: { column: true },
      active: { kind: 'boolean', column: true, filter: true, label: 'app.platform.common.active' },
      budget: { kind: 'money', column: true },
      parent_id: { kind: 'reference', references: 'document_types', column: true },
    },
  },
};

const rows = [
  { id: 4, name: 'Contrato marco', active: true, budget: 1234567.89, parent_id: 3 },
  { id: 5, name: 'Acta', active: false, budget: null, parent_id: null },
];

describe('the boolean, money and reference kinds in a generated list', () => {
  it('shows Sí / No, dollars Colombian style and the referenced record by name; filters Todos/Sí/No', async () => {
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      const active = params.filter.active;
      const data = active === undefined ? rows : rows.filter((row) => String(row.active) === active);
      return { data, total: data.length };
    });
    const getMany = vi.fn(async (_resource: string, { ids }: GetManyParams) => ({
      data: ids.map((id) => ({ id, name: id === 3 ? 'Tipo padre' : 'Otro' })),
    }));
    renderWithAdmin(<GeneratedListPage resource={withNewKinds} />, {
      path: '/document-type',
      dataProvider: provider({ getList, getMany }),
    });
    const row = within((await screen.findByText('Contrato marco', {}, SLOW)).closest('tr') as HTMLElement);
    expect(row.getByText('Sí')).toBeInTheDocument();
    expect(row.getByText(/^US\$\s1\.234\.567,89$/)).toBeInTheDocument();
    expect(await row.findByText('Tipo padre', {}, SLOW)).toBeInTheDocument();
    expect(getMany).toHaveBeenCalledWith('document_types', expect.objectContaining({ ids: [3] }));
    const other = within(screen.getByText('Acta').closest('tr') as HTMLElement);
    expect(other.getByText('No')).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: /Activo/ });
    fireEvent.mouseDown(filter);
    const options = within(await screen.findByRole('listbox'));
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos', 'Sí', 'No']);
    fireEvent.click(options.getByRole('option', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Contrato marco')).toBeNull(), SLOW);
    expect(getList).toHaveBeenLastCalledWith(
      'document_types',
      expect.objectContaining({ filter: expect.objectContaining({ active: 'false' }) }),
    );
  });
});

function renderInput(
  field: NamedField,
  dataProvider: Partial<DataProvider> = {},
  authProvider: Partial<AuthProvider> = {},
) {
  const onSubmit = vi.fn();
  renderWithAdmin(
    <Form onSubmit={onSubmit} record={{ company_id: 2 }}>
      <FieldInput field={field} required={false} editing={false} />
      <SaveButton alwaysEnable />
    </Form>,
    { path: '/form', dataProvider, authProvider },
  );
  const save = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), SLOW);
    return onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
  };
  return { save };
}

describe('the boolean, money and reference inputs', () => {
  it('a switch stores true or false', async () => {
    const { save } = renderInput({ source: 'active', kind: 'boolean', label: 'app.platform.common.active' });
    fireEvent.click(await screen.findByLabelText('Activo', {}, SLOW));
    expect(await save()).toMatchObject({ active: true });
  });

  it('a money input takes «1.234.567,89», stores the number and shows it formatted once left', async () => {
    const { save } = renderInput({ source: 'budget', kind: 'money', label: 'app.platform.common.active' });
    const input = await screen.findByRole('textbox', {}, SLOW);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1234567,89' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('1.234.567,89');
    expect(await save()).toMatchObject({ budget: 1234567.89 });
  });

  it("a reference picks a record by name among the form company's records", async () => {
    const getList = vi.fn(async (_resource: string, params: GetListParams) => ({
      data: [{ id: 3, name: 'Tipo padre' }].filter((item) => item.name.includes(params.filter.search ?? '')),
      total: 1,
    }));
    const getMany = vi.fn(async () => ({ data: [] }));
    const { save } = renderInput(
      {
        source: 'parent_id',
        kind: 'reference',
        references: 'document_types',
        label: 'app.platform.common.active',
      },
      provider({ getList, getMany }),
    );
    const input = await screen.findByRole('combobox', {}, SLOW);
    fireEvent.change(input, { target: { value: 'padre' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Tipo padre' }, SLOW));
    expect(getList).toHaveBeenCalledWith(
      'document_types',
      expect.objectContaining({ filter: expect.objectContaining({ company_id: 2 }) }),
    );
    expect(await save()).toMatchObject({ parent_id: 3 });
  });

  it('a reference to a list the user may not call is not offered (no call refused with 403)', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    const canAccess = vi.fn(async ({ resource }: { resource: string }) => resource !== 'plans');
    const { save } = renderInput(
      { source: 'plan_id', kind: 'reference', references: 'plans', label: 'app.platform.common.active' },
      provider({ getList }),
      { canAccess },
    );
    await waitFor(() => expect(canAccess).toHaveBeenCalled(), SLOW);
    expect(await save()).not.toHaveProperty('plan_id');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });
});
