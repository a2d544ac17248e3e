import { afterEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { fakeUser, recordingHttpClient } from '../../test/fakes';
import { branchesData, companiesData, companyFilters, exportCompaniesBody } from './companiesData';
import { validNit } from './companyValidation';

const resources = { companies: companiesData, company_branches: branchesData };

afterEach(() => localStorage.clear());

describe('companies data declaration', () => {
  it('lists through company_list/{page}/{itemsPerPage}/{roleID}/{companyID} with filters and sort in the body', async () => {
    localStorage.setItem('current_user', JSON.stringify(fakeUser({ role_id: 21, company_id: 3 })));
    const httpClient = recordingHttpClient({ data: { items: [{ id: 3 }], total: 1 } });
    const result = await createDataProvider({ httpClient, resources }).getList('companies', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'fiscal_name', order: 'DESC' },
      filter: { search: ' andina ', status: 'active', kind: 'bogus' },
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/company_list/2/50/21/3',
        body: { search: 'andina', status: 'active', sort: 'fiscal_name', order: 'DESC' },
      },
    ]);
    expect(result).toEqual({ data: [{ id: 3 }], total: 1 });
  });

  it('leaves out a sort the API does not know', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('companies', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'kind', order: 'ASC' },
      filter: {},
    });
    expect(httpClient.requests[0]).toMatchObject({ url: '/api/company_list/1/15/1/1', body: {} });
  });

  it('reads, creates, updates and deletes through the contract paths', async () => {
    const httpClient = recordingHttpClient();
    const provider = createDataProvider({ httpClient, resources });
    await provider.getOne('companies', { id: 9 });
    await provider.create('companies', {
      data: {
        fiscal_name: ' Andina ',
        tax_id: '800197268-4',
        department_id: 5,
        city_id: '',
        support_email: '',
      },
    });
    await provider.update('companies', {
      id: 9,
      data: { fiscal_name: 'Andina', status: 'inactive' },
      previousData: { id: 9 },
    });
    await provider.create('company_branches', { data: { fiscal_name: 'Norte', parent_id: '3' } });
    await provider.update('company_branches', {
      id: 12,
      data: { fiscal_name: 'Norte 2' },
      previousData: { id: 12 },
    });
    await provider.delete('companies', { id: 9, previousData: { id: 9 } });
    expect(httpClient.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/get_company/9',
      'POST /api/add_company',
      'PUT /api/update_company/9',
      'POST /api/add_company_branch',
      'PUT /api/update_company_branch/12',
      'DELETE /api/delete_company/9',
    ]);
    expect(httpClient.requests[1]?.body).toEqual({
      fiscal_name: 'Andina',
      tax_id: '800197268-4',
      country_code: 'CO',
      department_id: 5,
      city_id: null,
      support_email: null,
    });
    expect(httpClient.requests[3]?.body).toMatchObject({ fiscal_name: 'Norte', parent_id: 3 });
  });

  it('exports with the same filters as the list', () => {
    expect(exportCompaniesBody({ search: 'x', status: 'inactive', parent_id: '4' })).toEqual({
      search: 'x',
      status: 'inactive',
      parent_id: 4,
    });
    expect(companyFilters({ q: '  ' })).toEqual({});
  });
});

describe('NIT validation (DIAN modulo 11)', () => {
  const validate = validNit();
  it('accepts a NIT with its check digit and refuses a wrong digit or shape', () => {
    expect(validate('800197268-4', {}, {})).toBeUndefined();
    expect(validate('900.123.456-7', {}, {})).toBe('El dígito de verificación del NIT no es válido');
    expect(validate('900123456', {}, {})).toBe(
      'Escriba el NIT con su dígito de verificación, por ejemplo 900123456-7',
    );
    expect(validate('', {}, {})).toBeUndefined();
  });
});
