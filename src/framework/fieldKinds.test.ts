import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { longText, money, nonEmpty, referenceTo } from '../../contract';
import { documentTypes } from '../resources/documentTypes';
import { inferredKindOf, kindOfSchema, resolvedFieldsOf, resolveField } from './fieldKinds';

const blankToNull = (value: unknown) => (value === '' ? null : value);

describe('field kinds from the contract schema', () => {
  it('reads every kind a schema implies, through optional, nullable, defaults and pipes', () => {
    expect(kindOfSchema(nonEmpty(120))).toEqual({ kind: 'text' });
    expect(kindOfSchema(z.string().max(499))).toEqual({ kind: 'text' });
    expect(
      kindOfSchema(z.preprocess(blankToNull, z.string().trim().max(1000).nullable().optional())),
    ).toEqual({ kind: 'longText' });
    expect(kindOfSchema(longText(200).optional())).toEqual({ kind: 'longText' });
    expect(kindOfSchema(z.number().int().nullable())).toEqual({ kind: 'number' });
    expect(kindOfSchema(z.coerce.number().min(0))).toEqual({ kind: 'number' });
    expect(kindOfSchema(z.enum(['active', 'inactive']).default('active'))).toEqual({
      kind: 'choice',
      values: ['active', 'inactive'],
    });
    expect(kindOfSchema(z.boolean().default(true))).toEqual({ kind: 'boolean' });
    expect(kindOfSchema(z.stringbool().optional())).toEqual({ kind: 'boolean' });
    expect(kindOfSchema(z.iso.date())).toEqual({ kind: 'date' });
    expect(kindOfSchema(z.iso.datetime().nullable())).toEqual({ kind: 'dateTime' });
    expect(kindOfSchema(money().optional())).toEqual({ kind: 'money' });
    expect(kindOfSchema(referenceTo('users').nullable().optional())).toEqual({
      kind: 'reference',
      references: 'users',
    });
    expect(kindOfSchema(z.object({ a: z.string() }))).toBeUndefined();
  });

  it('takes the first schema that tells, a company for the tenant column and text when none does', () => {
    expect(inferredKindOf('budget', [z.unknown(), money()])).toEqual({ kind: 'money' });
    expect(inferredKindOf('company_id', [z.number()])).toEqual({ kind: 'company' });
    expect(inferredKindOf('notes')).toEqual({ kind: 'text' });
  });

  it("gives an inferred choice the enum's values and the resource catalogue's labels", () => {
    const field = resolveField('cost_centers', 'status', { column: true }, [z.enum(['active', 'inactive'])]);
    expect(field).toEqual({
      source: 'status',
      kind: 'choice',
      column: true,
      choices: { values: ['active', 'inactive'], labels: 'resources.cost_centers.status' },
    });
  });

  it('lets what the declaration states win over the schema', () => {
    const schemas = [z.enum(['active', 'inactive'])];
    const declared = resolveField(
      'plans',
      'status',
      { choices: { labels: 'app.platform.common', colors: { active: 'success' } } },
      schemas,
    );
    expect(declared.choices).toEqual({
      values: ['active', 'inactive'],
      labels: 'app.platform.common',
      colors: { active: 'success' },
    });
    expect(resolveField('x', 'count', { kind: 'text' }, [z.number()]).kind).toBe('text');
    expect(
      resolveField('x', 'owner_id', { references: 'companies' }, [referenceTo('users')]).references,
    ).toBe('companies');
  });

  it("resolves a declared resource's fields against its endpoints", () => {
    const byName = Object.fromEntries(resolvedFieldsOf(documentTypes).map((field) => [field.source, field]));
    expect(byName.company_id?.kind).toBe('company');
    expect(byName.name?.kind).toBe('text');
    expect(byName.description?.kind).toBe('longText');
    expect(byName.status?.kind).toBe('choice');
    expect(byName.status?.choices?.values).toEqual(['active', 'inactive']);
  });
});
