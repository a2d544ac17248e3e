import { beforeAll, describe, expect, it } from 'vitest';
import { installSpanishZodMessages } from '../validation.js';
import {
  FIELD_TYPES,
  fieldTypeCatalogue,
  fieldValueSchema,
  sampleValue,
  templateField,
} from './templateFields.js';

beforeAll(() => installSpanishZodMessages());

const field = (input: object) => templateField.parse({ name: 'campo', label: 'Campo', ...input });

describe('template field types', () => {
  it('gives every type a sample value its own schema accepts (boxes have none)', () => {
    for (const type of FIELD_TYPES) {
      const signerOnly = ['signature', 'initials', 'signing_date'].includes(type);
      const definition = field({ type, options: ['Uno'], filled_by: signerOnly ? 1 : 0 });
      const sample = sampleValue(definition);
      if (signerOnly) expect(sample).toBeUndefined();
      else expect(fieldValueSchema(definition).safeParse(sample).success, type).toBe(true);
    }
    expect(fieldTypeCatalogue()).toHaveLength(FIELD_TYPES.length);
  });

  it('applies each type rules with Spanish messages', () => {
    const number = fieldValueSchema(field({ type: 'number', min: 10, max: 20, integer: true }));
    expect(number.safeParse('15').success).toBe(true);
    expect(number.safeParse('9').error?.issues[0]?.message).toBe('Debe ser mayor o igual a 10');
    expect(number.safeParse('1.5').error?.issues[0]?.message).toBe('Solo se permiten números enteros');
    const date = fieldValueSchema(field({ type: 'date', min_date: '2026-01-01' }));
    expect(date.safeParse('2025-12-31').error?.issues[0]?.message).toMatch(/anterior a 2026-01-01/);
    expect(date.safeParse('2026-02-28').success).toBe(true);
    expect(date.safeParse('2026-02-30').success).toBe(false);
    expect(date.safeParse('2028-02-29').success).toBe(true);
    expect(fieldValueSchema(field({ type: 'select', options: ['A', 'B'] })).safeParse('C').success).toBe(
      false,
    );
    expect(fieldValueSchema(field({ type: 'identification' })).safeParse('CC 1020304050').success).toBe(true);
    expect(fieldValueSchema(field({ type: 'phone' })).safeParse('abc').success).toBe(false);
    expect(fieldValueSchema(field({ type: 'image' })).safeParse('javascript:alert(1)').success).toBe(false);
    const text = fieldValueSchema(field({ type: 'text', max_length: 3 }));
    expect(text.safeParse('abcd').error?.issues[0]?.message).toBe('Máximo 3 caracteres');
  });

  it('refuses a sender-filled signature and a minimum above the maximum', () => {
    expect(templateField.safeParse({ name: 'f', label: 'F', type: 'initials', filled_by: 0 }).success).toBe(
      false,
    );
    expect(templateField.safeParse({ name: 'n', label: 'N', type: 'number', min: 5, max: 1 }).success).toBe(
      false,
    );
    expect(templateField.safeParse({ name: 'con espacio', label: 'N', type: 'text' }).success).toBe(false);
  });
});
