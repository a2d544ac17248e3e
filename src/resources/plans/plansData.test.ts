import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import {
  assignmentExportBody,
  planAssignmentsData,
  planTransactionsData,
} from '../planAssignments/planAssignmentsData';
import { plansData } from './plansData';

const resources = {
  plans: plansData,
  plan_assignments: planAssignmentsData,
  plan_transactions: planTransactionsData,
};

describe('plans data declarations', () => {
  it('lists plans through get_packages_plans with search, status and sort', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('plans', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'price_usd', order: 'DESC' },
      filter: { q: 'Plan', status: 'active' },
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'GET',
      url: '/api/get_packages_plans?page=1&itemsPerPage=15&search=Plan&status=active&sort=price_usd&order=DESC',
    });
  });

  it('creates an unlimited plan with signatures null and the price as text', async () => {
    const httpClient = recordingHttpClient({ data: { id: 3 } });
    await createDataProvider({ httpClient, resources }).create('plans', {
      data: {
        name: ' Ilimitado ',
        unlimited: true,
        signatures: 50,
        price_usd: '120.5',
        validity_days: '30',
        status: 'active',
      },
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'POST',
      url: '/api/save_package_plan',
      body: { name: 'Ilimitado', signatures: null, price_usd: '120.5', validity_days: 30, status: 'active' },
    });
  });

  it('updates and deletes by id in the path', async () => {
    const httpClient = recordingHttpClient({ data: { id: 3 } }, { data: { id: 3 } });
    const dataProvider = createDataProvider({ httpClient, resources });
    await dataProvider.update('plans', {
      id: 3,
      data: { name: 'Plan 100', unlimited: false, signatures: 100, price_usd: '49.90', validity_days: 365 },
      previousData: { id: 3 },
    });
    await dataProvider.delete('plans', { id: 3, previousData: { id: 3 } });
    expect(httpClient.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PUT /api/update_package_plan/3',
      'DELETE /api/delete_package_plan/3',
    ]);
    expect(httpClient.requests[0]?.body).toMatchObject({ signatures: 100, status: 'active' });
  });

  it('lists assignments with filters in the body of get_packages_assignments', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('plan_assignments', {
      pagination: { page: 3, perPage: 100 },
      sort: { field: 'company_name', order: 'ASC' },
      filter: { company_id: 7, plan_id: 2, status: 'active', date_from: '2026-01-01', search: '' },
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'POST',
      url: '/api/get_packages_assignments',
      body: {
        page: 3,
        itemsPerPage: 100,
        company_id: 7,
        plan_id: 2,
        status: 'active',
        date_from: '2026-01-01',
        sort: 'company_name',
        order: 'ASC',
      },
    });
  });

  it('reads an assignment’s details and assigns a plan', async () => {
    const httpClient = recordingHttpClient({ data: { id: 8 } }, { data: { id: 9 } });
    const dataProvider = createDataProvider({ httpClient, resources });
    await dataProvider.getOne('plan_assignments', { id: 8 });
    await dataProvider.create('plan_assignments', {
      data: { company_id: '4', plan_id: 2, starts_at: '2026-02-01', expired_at: '2026-12-31' },
    });
    expect(httpClient.requests).toEqual([
      { method: 'POST', url: '/api/get_packages_assignments_details', body: { assignment_id: 8 } },
      {
        method: 'POST',
        url: '/api/save_package_plan_assignment',
        body: { company_id: 4, plan_id: 2, starts_at: '2026-02-01', expired_at: '2026-12-31T23:59:59' },
      },
    ]);
  });

  it('lists a package’s transactions by assignment_id', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getManyReference('plan_transactions', {
      target: 'assignment_id',
      id: 8,
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(httpClient.requests[0]).toEqual({
      method: 'POST',
      url: '/api/get_packages_transactions',
      body: { assignment_id: 8, page: 1, itemsPerPage: 15, sort: 'created_at', order: 'DESC' },
    });
  });

  it('exports with the list’s filters only', () => {
    expect(assignmentExportBody({ search: 'Andes', status: '', company_id: 4, other: 1 })).toEqual({
      search: 'Andes',
      company_id: 4,
    });
  });
});
