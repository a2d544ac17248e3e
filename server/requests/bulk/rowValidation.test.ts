import { describe, expect, it } from 'vitest';
import { normaliseRow, validateRow } from './rowValidation.js';
import type { SheetColumn } from './sheetColumns.js';

const signer = (
  attribute: 'name' | 'email' | 'phone' | 'id_type' | 'id_number',
  required = false,
): SheetColumn => ({
  header: `firmante_1_${{ name: 'nombre', email: 'correo', phone: 'telefono', id_type: 'tipo_identificacion', id_number: 'numero_identificacion' }[attribute]}`,
  label: attribute,
  kind: 'signer',
  signer: 1,
  attribute,
  required,
});
const COLUMNS: SheetColumn[] = [
  {
    header: 'fecha',
    label: 'Fecha',
    kind: 'field',
    field: { type: 'date', name: 'fecha', label: 'Fecha', required: false, filled_by: 0 },
  },
  signer('name', true),
  signer('email', true),
  signer('phone', true),
  signer('id_type'),
  signer('id_number'),
];
const CODES = ['CC', 'CE', 'NIT'];
const valid = {
  fecha: '2026-02-28',
  firmante_1_nombre: 'Ana',
  firmante_1_correo: 'ANA@Correo.Test ',
  firmante_1_telefono: '+57 300 123 4567',
  firmante_1_tipo_identificacion: 'cc',
  firmante_1_numero_identificacion: '1020304050',
};

describe('validateRow', () => {
  it('checks each column with its type’s schema and names the column', () => {
    expect(
      validateRow(COLUMNS, CODES, { ...valid, fecha: '30/02/2026', firmante_1_telefono: 'llamar' }),
    ).toEqual([
      { column: 'fecha', message: 'Ingrese una fecha válida (AAAA-MM-DD)' },
      {
        column: 'firmante_1_telefono',
        message: 'Ingrese un teléfono válido (7 a 15 dígitos, con + opcional)',
      },
    ]);
  });

  it('asks for required columns, known identification types, and type and number together', () => {
    expect(
      validateRow(COLUMNS, CODES, {
        ...valid,
        firmante_1_nombre: ' ',
        firmante_1_tipo_identificacion: 'XX',
      }),
    ).toEqual([
      { column: 'firmante_1_nombre', message: 'Este campo es obligatorio' },
      {
        column: 'firmante_1_tipo_identificacion',
        message: 'Elija un tipo de identificación de la lista (CC, CE, NIT)',
      },
    ]);
    expect(validateRow(COLUMNS, CODES, { ...valid, firmante_1_numero_identificacion: '' })).toEqual([
      {
        column: 'firmante_1_numero_identificacion',
        message: 'Indique el tipo y el número de identificación juntos',
      },
    ]);
  });

  it('normalises what a request takes: trimmed, e-mail in lower case, type in upper case', () => {
    expect(normaliseRow(COLUMNS, valid)).toMatchObject({
      firmante_1_correo: 'ana@correo.test',
      firmante_1_tipo_identificacion: 'CC',
    });
  });
});
