import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract';
import { listOptionsOf, listQueryInput } from './listQueryInput';

describe('listOptionsOf', () => {
  it("takes a list's filters (search apart) and sorts from its contract", () => {
    expect(listOptionsOf(endpoints.listBanners)).toEqual({
      filters: ['kind', 'audience', 'company_id', 'status', 'active_now'],
      sorts: ['id', 'title', 'starts_at', 'ends_at', 'created_at'],
    });
  });

  it('passes a declared sort and filter through, and leaves the others to the server', () => {
    const options = listOptionsOf(endpoints.listPlans);
    const params = {
      pagination: { page: 2, perPage: 15 },
      filter: { status: 'active', kind: 'x', q: ' oro ' },
    };
    expect(listQueryInput({ ...params, sort: { field: 'price_usd', order: 'ASC' } }, options)).toEqual({
      page: 2,
      itemsPerPage: 15,
      search: 'oro',
      status: 'active',
      sort: 'price_usd',
      order: 'ASC',
    });
    expect(
      listQueryInput({ ...params, sort: { field: 'description', order: 'ASC' } }, options),
    ).not.toHaveProperty('sort');
  });
});
