import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './define.js';
import { endpoints } from './index.js';
import { ID_LIKE, idFieldsOf, ownershipGaps } from './ownershipCoverage.js';
import { id } from './schemas.js';

/** A company-scoped endpoint that names a cost centre and forgets to say who owns it. */
const forgetful = endpoint({
  method: 'PUT',
  path: 'update_cost_center/{id}',
  summary: 'Fixture: cambia un centro de costo.',
  area: 'Fixture',
  scope: 'company',
  permissions: [],
  params: z.object({ id }),
  body: z.preprocess(
    (value) => value,
    z.object({ name: z.string(), owner_user_ids: z.array(id).optional(), company_id: id.optional() }),
  ),
  reply: z.object({ id: z.number() }),
  owns: [{ entity: 'company', from: 'body', field: 'company_id' }],
});

describe('ownership declared for every id field', () => {
  it('finds no gap in the contract', () => {
    expect(ownershipGaps(endpoints)).toEqual([]);
  });

  it('fails for a non-public endpoint whose id fields have no ownership rule', () => {
    expect(ownershipGaps({ forgetful })).toEqual([
      'forgetful (PUT update_cost_center/{id}): params.id no tiene regla de propiedad (owns) ni marca notTenant',
      'forgetful (PUT update_cost_center/{id}): body.owner_user_ids no tiene regla de propiedad (owns) ni marca notTenant',
    ]);
  });

  it('accepts an explicit mark with its reason, and refuses a mark without one', () => {
    const marked = {
      ...forgetful,
      owns: [...forgetful.owns, { entity: 'user', from: 'body', field: 'owner_user_ids' }] as const,
      notTenant: { id: 'fixture: los centros de costo son un catálogo global' },
    };
    expect(ownershipGaps({ marked })).toEqual([]);
    expect(ownershipGaps({ lazy: { ...marked, notTenant: { id: '' } } })).toEqual([
      'lazy: la marca «id» no dice por qué no es de un tenant',
    ]);
  });

  it('leaves public and platform-only endpoints alone', () => {
    expect(ownershipGaps({ open: { ...forgetful, scope: 'public' } })).toEqual([]);
    expect(ownershipGaps({ platform: { ...forgetful, scope: 'global' } })).toEqual([]);
  });

  it('recognises every id-like spelling, and nothing else', () => {
    for (const name of [
      'id',
      'ids',
      'company_id',
      'user_ids',
      'companyId',
      'companyID',
      'bannerIds',
      'roleIDs',
    ])
      expect(name).toMatch(ID_LIKE);
    for (const name of ['paid', 'valid', 'id_type', 'id_number', 'identity', 'idle'])
      expect(name).not.toMatch(ID_LIKE);
  });

  it('reads fields through optional, default, preprocess, union and nested objects', () => {
    const nested = endpoint({
      ...forgetful,
      query: z.object({ filter: z.object({ groupId: id }).optional() }).default({ filter: undefined }),
      body: z.union([z.object({ a_id: id }), z.object({ b_id: id.array() })]),
    });
    expect(idFieldsOf(nested).map(({ from, field }) => `${from}.${field}`)).toEqual([
      'params.id',
      'query.filter.groupId',
      'body.a_id',
      'body.b_id',
    ]);
  });
});
