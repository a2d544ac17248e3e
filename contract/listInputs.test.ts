import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './define.js';
import { listInputsOf, sortKeysOf } from './listInputs.js';
import { paginated } from './schemas.js';

const common = { summary: 'Prueba', area: 'Prueba', scope: 'company', permissions: [] } as const;

describe('listInputsOf', () => {
  it('reads the sort and the optional fields of the part that holds the sort as its filters', () => {
    const list = endpoint({
      ...common,
      method: 'POST',
      path: 'probes',
      body: z.object({
        page: z.number(),
        itemsPerPage: z.number(),
        company_id: z.number(),
        search: z.string().optional(),
        status: z.enum(['active', 'inactive']).optional(),
        kind: z.preprocess((value) => value, z.enum(['a', 'b']).optional()),
        sort: z.enum(['name', 'created_at']).default('name'),
        order: z.enum(['ASC', 'DESC']).optional(),
      }),
      reply: paginated(z.object({ id: z.number() })),
    });
    const inputs = listInputsOf(list);
    expect(inputs).toMatchObject({ from: 'body', sorts: ['name', 'created_at'] });
    expect(Object.keys(inputs?.filters ?? {})).toEqual(['search', 'status', 'kind']);
    expect(sortKeysOf(list)).toEqual(['name', 'created_at']);
  });

  it('takes a page without sort as a list, its query holding its filters', () => {
    const page = endpoint({
      ...common,
      method: 'GET',
      path: 'probes/{page}',
      params: z.object({ page: z.coerce.number() }),
      query: z.object({ unread: z.enum(['true', 'false']).optional() }),
      reply: paginated(z.object({ id: z.number() })),
    });
    expect(listInputsOf(page)).toMatchObject({ from: 'query', sorts: [] });
    expect(Object.keys(listInputsOf(page)?.filters ?? {})).toEqual(['unread']);
  });

  it('finds no list in an endpoint that neither sorts nor answers a page', () => {
    const one = endpoint({
      ...common,
      method: 'GET',
      path: 'probes/{id}',
      params: z.object({ id: z.coerce.number() }),
      reply: z.object({ items: z.string() }),
    });
    expect(listInputsOf(one)).toBeNull();
    expect(sortKeysOf(one)).toEqual([]);
  });
});
