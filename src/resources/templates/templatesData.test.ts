import { describe, expect, it } from 'vitest';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { listTemplatesInput } from './templatesData';

describe('listTemplatesInput', () => {
  it('sends page, search, status and sort in the body of POST templates', () => {
    const input = listTemplatesInput({
      pagination: { page: 2, perPage: 50 },
      filter: { search: '  contrato ', status: 'inactive', document_type_id: '4' },
      sort: { field: 'updated_at', order: 'DESC' },
    });
    expect(buildEndpointRequest('listTemplates', input)).toEqual({
      method: 'POST',
      url: '/api/templates',
      body: {
        page: 2,
        itemsPerPage: 50,
        search: 'contrato',
        status: 'inactive',
        document_type_id: 4,
        sort: 'updated_at',
        order: 'DESC',
      },
    });
  });

  it('leaves out empty filters and sorts it cannot send', () => {
    const input = listTemplatesInput({
      pagination: { page: 1, perPage: 15 },
      filter: { search: ' ', status: 'otro' },
      sort: { field: 'company_name', order: 'ASC' },
    });
    expect(input).toEqual({ body: { page: 1, itemsPerPage: 15 } });
  });
});
