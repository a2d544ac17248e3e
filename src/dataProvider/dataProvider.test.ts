import { describe, expect, it } from 'vitest';
import { recordingHttpClient } from '../test/fakes';
import { createDataProvider, replyMessageOf } from './dataProvider';
import type { ResourceDataDeclarations } from './types';

const roles = [
  { id: 21, name: 'Administrador de empresa', permissions: ['user.list'] },
  { id: 22, name: 'Operador', permissions: [] },
];

// `roles` as the app declares it, plus a made-up `people` resource over the user endpoints to
// exercise the other methods and the lifecycle callbacks.
const resources: ResourceDataDeclarations = {
  roles: { getList: { endpoint: 'listRoles' } },
  people: {
    getOne: { endpoint: 'getUser' },
    update: { endpoint: 'getUser' },
    delete: { endpoint: 'logout', toInput: () => ({}) },
    getList: {
      endpoint: 'listRoles',
      toInput: ({ pagination }) => ({ page: pagination?.page ?? 1, itemsPerPage: 100 }),
      fromReply: (reply) => ({
        data: reply.items.map((role) => ({ ...role, label: role.name })),
        total: reply.total,
      }),
    },
  },
};

describe('dataProvider', () => {
  it('getList maps pagination to page/itemsPerPage and {items,total} to {data,total}', async () => {
    const httpClient = recordingHttpClient({ data: { items: roles, total: 17 }, message: '' });
    const dataProvider = createDataProvider({ httpClient, resources });

    const result = await dataProvider.getList('roles', {
      pagination: { page: 2, perPage: 15 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'adm' },
    });

    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/roles/2/15' }]);
    expect(result).toEqual({ data: roles, total: 17 });
  });

  it('getList says in meta when the total is not an exact count', async () => {
    const httpClient = recordingHttpClient({ data: { items: roles, total: 1015, total_kind: 'at_least' } });
    const result = await createDataProvider({ httpClient, resources }).getList('roles', {});
    expect(result).toEqual({ data: roles, total: 1015, meta: { totalKind: 'at_least' } });
  });

  it('getList asks for the first page of 15 when react-admin gives no pagination', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    await createDataProvider({ httpClient, resources }).getList('roles', {});
    expect(httpClient.requests[0]?.url).toBe('/api/roles/1/15');
  });

  it('forwards the abort signal', async () => {
    const httpClient = recordingHttpClient({ data: { items: [], total: 0 } });
    const signal = new AbortController().signal;
    await createDataProvider({ httpClient, resources }).getList('roles', { signal });
    expect(httpClient.requests[0]?.signal).toBe(signal);
  });

  it('applies a resource’s toInput and fromReply callbacks', async () => {
    const httpClient = recordingHttpClient({ data: { items: roles, total: 2 } });
    const result = await createDataProvider({ httpClient, resources }).getList('people', {
      pagination: { page: 3, perPage: 15 },
    });
    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/roles/3/100' }]);
    expect(result.data[0]).toMatchObject({ id: 21, label: 'Administrador de empresa' });
  });

  it('getOne fills the id in the path and returns the reply as the record', async () => {
    const user = { id: 7, full_name: 'Ana Pérez' };
    const httpClient = recordingHttpClient({ data: user });
    const result = await createDataProvider({ httpClient, resources }).getOne('people', { id: 7 });
    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/get_users/7' }]);
    expect(result).toEqual({ data: user });
  });

  it('getMany falls back to one getOne per id when the resource has no batch endpoint', async () => {
    const httpClient = recordingHttpClient({ data: { id: 7 } }, { data: { id: 8 } });
    const result = await createDataProvider({ httpClient, resources }).getMany('people', { ids: [7, 8] });
    expect(httpClient.requests.map(({ url }) => url)).toEqual(['/api/get_users/7', '/api/get_users/8']);
    expect(result).toEqual({ data: [{ id: 7 }, { id: 8 }] });
  });

  it('update sends the id in the path and keeps a whole record when the reply is empty', async () => {
    const httpClient = recordingHttpClient({ data: {} });
    const result = await createDataProvider({ httpClient, resources }).update('people', {
      id: 7,
      data: { full_name: 'Ana María' },
      previousData: { id: 7, full_name: 'Ana', role_id: 22 },
    });
    // getUser is a GET, so the body is not sent: this only checks the generic mapping.
    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/get_users/7' }]);
    expect(result).toEqual({ data: { id: 7, full_name: 'Ana María', role_id: 22 } });
  });

  it("keeps the server's reply to a save or delete on the record, out of its fields", async () => {
    const saved = () => ({ data: { id: 7, full_name: 'Ana' }, message: 'Persona actualizada' });
    const httpClient = recordingHttpClient(saved(), saved());
    const { data } = await createDataProvider({ httpClient, resources }).update('people', {
      id: 7,
      data: { full_name: 'Ana' },
      previousData: { id: 7, full_name: 'Ana', role_id: 22 },
    });
    expect(replyMessageOf(data)).toBe('Persona actualizada');
    expect(Object.keys(data)).toEqual(['id', 'full_name']);
    expect(JSON.parse(JSON.stringify(data))).toEqual({ id: 7, full_name: 'Ana' });
    const read = await createDataProvider({ httpClient, resources }).getOne('people', { id: 7 });
    expect(replyMessageOf(read.data)).toBeUndefined();
  });

  it('delete returns the previous record when the reply has none', async () => {
    const httpClient = recordingHttpClient({ data: {} });
    const result = await createDataProvider({ httpClient, resources }).delete('people', {
      id: 7,
      previousData: { id: 7, full_name: 'Ana' },
    });
    expect(httpClient.requests).toEqual([{ method: 'POST', url: '/api/logout' }]);
    expect(result).toEqual({ data: { id: 7, full_name: 'Ana' } });
  });

  it('updateMany and deleteMany run the single-record endpoint for each id', async () => {
    const httpClient = recordingHttpClient();
    const dataProvider = createDataProvider({ httpClient, resources });
    await expect(dataProvider.updateMany('people', { ids: [1, 2], data: {} })).resolves.toEqual({
      data: [1, 2],
    });
    await expect(dataProvider.deleteMany('people', { ids: [3] })).resolves.toEqual({ data: [3] });
    expect(httpClient.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/get_users/1',
      'GET /api/get_users/2',
      'POST /api/logout',
    ]);
  });

  it('rejects a method the resource does not declare, and an unknown resource, without a request', async () => {
    const httpClient = recordingHttpClient();
    const dataProvider = createDataProvider({ httpClient, resources });
    await expect(dataProvider.getOne('roles', { id: 1 })).rejects.toThrow(
      'El recurso «roles» no admite la operación getOne',
    );
    await expect(dataProvider.create('companies', { data: {} })).rejects.toThrow('«companies»');
    await expect(dataProvider.getList('toString', {})).rejects.toThrow('«toString»');
    expect(httpClient.requests).toEqual([]);
  });

  it('exposes callEndpoint as a typed custom method', async () => {
    const httpClient = recordingHttpClient({ data: { items: roles, total: 2 } });
    const reply = await createDataProvider({ httpClient, resources }).callEndpoint('listRoles', {
      page: 1,
      itemsPerPage: 50,
    });
    expect(httpClient.requests).toEqual([{ method: 'GET', url: '/api/roles/1/50' }]);
    expect(reply.items.map((role) => role.name)).toEqual(['Administrador de empresa', 'Operador']);
  });
});
