import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companyRecord, crudEndpoints } from './crud.js';
import { fieldMetaIn, money, nonEmpty, referenceTo } from './schemas.js';
import { installSpanishZodMessages, withoutControlCharacters } from './validation.js';

describe('shared text schemas', () => {
  it('refuse control characters with a Spanish message, so forms show it by the field', () => {
    installSpanishZodMessages();
    const result = nonEmpty().safeParse('Acme\u0000 S.A.S.');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('No se permiten caracteres de control');
    expect(nonEmpty().safeParse('Acme S.A.S. ✍️').success).toBe(true);
  });

  it('allow tab, line feed and carriage return only in multi-line text', () => {
    expect(withoutControlCharacters('a\r\n\tb', true)).toBe(true);
    expect(withoutControlCharacters('a\tb')).toBe(false);
    expect(withoutControlCharacters('a\u007fb', true)).toBe(false);
    expect(withoutControlCharacters('a\u001bb', true)).toBe(false);
  });
});

describe('field marks the screens read', () => {
  it('money takes amounts with up to 2 decimals and says so in Spanish otherwise', () => {
    expect(money().safeParse(1234567.89).success).toBe(true);
    expect(money().safeParse(-1).success).toBe(false);
    const result = money().safeParse(10.005);
    expect(result.error?.issues[0]?.message).toBe('Use como máximo 2 decimales');
    expect(fieldMetaIn(money().nullable().optional())).toEqual({ kind: 'money' });
  });

  it('a reference is a positive id that names its resource, seen through optional and nullable', () => {
    const manager = referenceTo('users', 'user').nullable().optional();
    expect(manager.safeParse('7').data).toBe(7);
    expect(manager.safeParse(0).success).toBe(false);
    expect(fieldMetaIn(manager)).toEqual({ kind: 'reference', resource: 'users', entity: 'user' });
    expect(fieldMetaIn(nonEmpty())).toBeUndefined();
  });

  it('a reference with an owned entity gets its tenant check on create and update', () => {
    const table = crudEndpoints({
      names: { list: 'l', get: 'g', create: 'c', update: 'u', delete: 'd' },
      base: 'things',
      area: 'Things',
      plural: 'cosas',
      permissions: ['configuration.list'],
      entity: 'company',
      record: companyRecord({ name: z.string() }),
      body: {
        name: nonEmpty(),
        owner_id: referenceTo('users', 'user').optional(),
        plain_id: referenceTo('x'),
      },
      sort: ['name'],
      createExample: {},
    });
    const rule = { entity: 'user', from: 'body', field: 'owner_id' };
    expect(table.c.owns).toContainEqual(rule);
    expect(table.u.owns).toContainEqual(rule);
    expect(table.c.owns?.map((owns) => owns.field)).not.toContain('plain_id');
  });
});
