import { describe, expect, it } from 'vitest';
import { buildEndpointRequest } from '../../dataProvider/callEndpoint';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { recordingHttpClient } from '../../test/fakes';
import { documentTypesData, exportDocumentTypesBody } from '../documentTypes/documentTypesData';
import { userGroupsData } from '../userGroups/userGroupsData';
import { exportUsersBody, usersData } from './usersData';

const resources = { users: usersData, user_groups: userGroupsData, document_types: documentTypesData };
const page = { data: { items: [], total: 0 } };

function provider(...replies: unknown[]) {
  const httpClient = recordingHttpClient(...replies);
  return { httpClient, dataProvider: createDataProvider({ httpClient, resources }) };
}

describe('users data declaration', () => {
  it('lists with page, filters and sort in the POST body, leaving empty filters out', async () => {
    const { httpClient, dataProvider } = provider(page);
    await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'email', order: 'DESC' },
      filter: { q: ' ana ', company_id: '4', role_id: '', status: 'locked' },
    });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/users',
        body: {
          page: 2,
          itemsPerPage: 50,
          search: 'ana',
          company_id: 4,
          status: 'locked',
          sort: 'email',
          order: 'DESC',
        },
      },
    ]);
  });

  it('ignores a sort the API does not offer', async () => {
    const { httpClient, dataProvider } = provider(page);
    await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'phone', order: 'ASC' },
    });
    expect(httpClient.requests[0]?.body).toEqual({ page: 1, itemsPerPage: 15 });
  });

  it('reads one user, creates and updates through saveUser, deletes through delete_user', async () => {
    const { httpClient, dataProvider } = provider(
      { data: { id: 9 } },
      { data: { id: 10 } },
      { data: { id: 9 } },
      { data: { id: 9 } },
    );
    await dataProvider.getOne('users', { id: 9 });
    const form = {
      name: 'Ana',
      last_name: 'Pérez',
      email: 'ana@example.com',
      phone: '3001234567',
      id_type: 'CC',
      id_number: '1020304050',
      role_id: 22,
      company_id: 3,
      status: 'active',
      full_name: 'read-only',
    };
    await dataProvider.create('users', { data: form });
    await dataProvider.update('users', {
      id: 9,
      data: { ...form, status: 'locked' },
      previousData: { id: 9 },
    });
    await dataProvider.delete('users', { id: 9 });
    const { full_name: _readOnly, ...sent } = form;
    expect(httpClient.requests).toEqual([
      { method: 'GET', url: '/api/users/get_user/9' },
      { method: 'POST', url: '/api/users/saveUser', body: sent },
      // A locked user's state is not sent: unlocking is an action of its own.
      { method: 'POST', url: '/api/users/saveUser', body: { ...sent, status: undefined, id: 9 } },
      { method: 'DELETE', url: '/api/delete_user/9' },
    ]);
  });

  it('exports with the list filters', () => {
    expect(
      buildEndpointRequest('exportUsers', { body: exportUsersBody({ q: 'ana', status: 'active' }) }),
    ).toEqual({
      method: 'POST',
      url: '/api/export_users',
      body: { search: 'ana', status: 'active' },
    });
  });
});

describe('user groups data declaration', () => {
  it('lists one company’s groups with search and sort in the query', async () => {
    const { httpClient, dataProvider } = provider(page);
    await dataProvider.getList('user_groups', {
      pagination: { page: 1, perPage: 15 },
      sort: { field: 'member_count', order: 'DESC' },
      filter: { company_id: 3, q: 'ventas' },
    });
    expect(httpClient.requests[0]?.url).toBe('/api/groups/1/15/3?search=ventas&sort=member_count&order=DESC');
  });

  it('refuses to list without a company', async () => {
    const { httpClient, dataProvider } = provider(page);
    await expect(dataProvider.getList('user_groups', { filter: {} })).rejects.toThrow(
      'Seleccione una empresa',
    );
    expect(httpClient.requests).toEqual([]);
  });

  it('creates with the company and members, updates the members of one group', async () => {
    const { httpClient, dataProvider } = provider(
      { data: { id: 5 } },
      { data: { id: 5 } },
      { data: { id: 5 } },
    );
    await dataProvider.create('user_groups', {
      data: { company_id: 3, name: 'Ventas', description: '', user_ids: [7, 8, 7] },
    });
    await dataProvider.update('user_groups', {
      id: 5,
      data: { company_id: 3, name: 'Ventas', description: 'Equipo', user_ids: [8], members: [] },
      previousData: { id: 5 },
    });
    await dataProvider.delete('user_groups', { id: 5 });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/groups',
        body: { company_id: 3, name: 'Ventas', description: '', user_ids: [7, 8] },
      },
      { method: 'PUT', url: '/api/groups/5', body: { name: 'Ventas', description: 'Equipo', user_ids: [8] } },
      { method: 'DELETE', url: '/api/groups/5' },
    ]);
  });
});

describe('document types data declaration', () => {
  it('lists with «-» as the key when there is no search', async () => {
    const { httpClient, dataProvider } = provider(page, page);
    await dataProvider.getList('document_types', {
      pagination: { page: 1, perPage: 15 },
      filter: { company_id: 1 },
    });
    await dataProvider.getList('document_types', {
      pagination: { page: 3, perPage: 100 },
      sort: { field: 'code', order: 'ASC' },
      filter: { company_id: 4, q: 'contrato marco', status: 'inactive' },
    });
    expect(httpClient.requests.map(({ url }) => url)).toEqual([
      '/api/document_types_list/1/1/15/-',
      '/api/document_types_list/4/3/100/contrato%20marco?status=inactive&sort=code&order=ASC',
    ]);
  });

  it('creates, updates and deletes', async () => {
    const { httpClient, dataProvider } = provider(
      { data: { id: 2 } },
      { data: { id: 2 } },
      { data: { id: 2 } },
    );
    await dataProvider.create('document_types', {
      data: { company_id: 4, name: 'Contrato', code: 'CTR', description: null, status: 'active' },
    });
    await dataProvider.update('document_types', {
      id: 2,
      data: { company_id: 4, name: 'Contrato', code: 'CTR', description: 'Marco', status: 'inactive' },
      previousData: { id: 2 },
    });
    await dataProvider.delete('document_types', { id: 2 });
    expect(httpClient.requests).toEqual([
      {
        method: 'POST',
        url: '/api/add_document_type',
        body: { company_id: 4, name: 'Contrato', code: 'CTR', description: null, status: 'active' },
      },
      {
        method: 'PUT',
        url: '/api/update_document_type/2',
        body: { name: 'Contrato', code: 'CTR', description: 'Marco', status: 'inactive' },
      },
      { method: 'DELETE', url: '/api/delete_document_type/2' },
    ]);
  });

  it('exports with the list filters', () => {
    expect(exportDocumentTypesBody({ company_id: 4, q: 'ctr', status: 'active' })).toEqual({
      company_id: 4,
      search: 'ctr',
      status: 'active',
    });
  });
});
