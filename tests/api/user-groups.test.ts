import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createUserGroup } from '../../server/db/factories.js';
import { createTenants } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Grupos-2026';
let t: TestApp;
let ids: Record<
  'andina' | 'branch' | 'caribe' | 'elena' | 'oscar' | 'bruno' | 'carla' | 'carlaGroup',
  number
>;
let tokens: Record<'admin' | 'elena' | 'oscar' | 'branch', string>;

type Group = {
  id: number;
  company_id: number;
  name: string;
  description: string | null;
  user_ids: number[];
  members: { id: number; full_name: string }[];
  member_count: number;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const tenants = await createTenants(t, { password: PASSWORD });
  tokens = tenants.tokens;
  const { caribe, carla } = tenants.ids;
  ids = {
    ...tenants.ids,
    carlaGroup: await createUserGroup(db, { companyId: caribe, name: 'Jurídica', userIds: [carla] }),
  };
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function list(token: string, companyId: number, query = '', page = 1, perPage = 15) {
  const response = await call(token, 'GET', `groups/${page}/${perPage}/${companyId}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: Group[]; total: number };
}

describe('user groups', () => {
  let ventas: Group;

  it('creates a group with members of its company', async () => {
    const response = await call(tokens.elena, 'POST', 'groups', {
      company_id: ids.andina,
      name: 'Ventas',
      description: 'Firman contratos comerciales',
      user_ids: [ids.oscar, ids.elena, ids.oscar],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Grupo creado');
    ventas = response.json().data;
    expect(ventas).toMatchObject({
      company_id: ids.andina,
      company_name: 'Andina Firmas',
      name: 'Ventas',
      user_ids: [ids.elena, ids.oscar],
      member_count: 2,
      members: [{ id: ids.elena, full_name: 'Elena Prueba' }, { id: ids.oscar }],
    });
    const detail = await call(tokens.elena, 'GET', `get_group/${ventas.id}`);
    expect(detail.json().data).toEqual(ventas);
  });

  it('refuses members of another company (even a branch) with 422 and a repeated name with 409', async () => {
    for (const outsider of [ids.bruno, ids.carla, 999_999]) {
      const response = await call(tokens.elena, 'POST', 'groups', {
        company_id: ids.andina,
        name: 'Mixto',
        user_ids: [ids.oscar, outsider],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        user_ids: 'Todos los miembros deben ser usuarios de la empresa del grupo',
      });
    }
    const repeated = await call(tokens.elena, 'POST', 'groups', { company_id: ids.andina, name: ' VENTAS ' });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().errors).toEqual({ name: 'Ya existe un grupo con este nombre en la empresa' });
    // The same name is free in another company.
    const branchGroup = await call(tokens.elena, 'POST', 'groups', {
      company_id: ids.branch,
      name: 'Ventas',
      user_ids: [ids.bruno],
    });
    expect(branchGroup.statusCode).toBe(200);
    const invalid = await call(tokens.elena, 'POST', 'groups', {
      company_id: ids.andina,
      name: '',
      user_ids: ['x'],
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      name: 'Campo requerido',
      'user_ids.0': 'Solo se permiten números',
    });
  });

  it('lists one company’s groups with search, sort and pages; the users that can join', async () => {
    await call(tokens.elena, 'POST', 'groups', { company_id: ids.andina, name: 'Auditoría', user_ids: [] });
    const all = await list(tokens.elena, ids.andina);
    expect(all.items.map((group) => group.name)).toEqual(['Auditoría', 'Ventas']);
    expect(all.total).toBe(2);
    expect((await list(tokens.elena, ids.andina, '?search=comerciales')).items.map((g) => g.name)).toEqual([
      'Ventas',
    ]);
    const bySize = await list(tokens.elena, ids.andina, '?sort=member_count&order=DESC');
    expect(bySize.items.map((group) => group.member_count)).toEqual([2, 0]);
    expect((await list(tokens.elena, ids.andina, '', 2, 1)).items.map((group) => group.name)).toEqual([
      'Ventas',
    ]);
    expect((await list(tokens.branch, ids.branch)).total).toBe(1);
    expect((await list(tokens.admin, ids.caribe)).items.map((group) => group.id)).toEqual([ids.carlaGroup]);

    const candidates = await call(tokens.elena, 'GET', `groups/users/${ids.andina}`);
    expect(candidates.json().data.map((user: { id: number }) => user.id)).toEqual([ids.elena, ids.oscar]);
  });

  it('updates name, description and the whole member list', async () => {
    const response = await call(tokens.elena, 'PUT', `groups/${ventas.id}`, {
      name: 'Ventas nacionales',
      description: '',
      user_ids: [ids.oscar],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Grupo actualizado',
      data: { name: 'Ventas nacionales', description: null, user_ids: [ids.oscar], member_count: 1 },
    });
    const kept = await call(tokens.elena, 'PUT', `groups/${ventas.id}`, { description: 'Equipo' });
    expect(kept.json().data).toMatchObject({ name: 'Ventas nacionales', user_ids: [ids.oscar] });
    const clash = await call(tokens.elena, 'PUT', `groups/${ventas.id}`, { name: 'auditoría' });
    expect(clash.statusCode).toBe(409);
    const foreignMember = await call(tokens.elena, 'PUT', `groups/${ventas.id}`, { user_ids: [ids.carla] });
    expect(foreignMember.statusCode).toBe(422);
  });

  it('keeps groups apart between companies and between a branch and its parent', async () => {
    expect((await call(tokens.elena, 'GET', `get_group/${ids.carlaGroup}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'PUT', `groups/${ids.carlaGroup}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(tokens.elena, 'DELETE', `groups/${ids.carlaGroup}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `groups/1/15/${ids.caribe}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `groups/users/${ids.caribe}`)).statusCode).toBe(404);
    expect((await call(tokens.branch, 'GET', `get_group/${ventas.id}`)).statusCode).toBe(404);
    expect(
      (await call(tokens.branch, 'POST', 'groups', { company_id: ids.andina, name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call(tokens.oscar, 'GET', `groups/1/15/${ids.andina}`)).statusCode).toBe(403);
  });

  it('drops a user who moves to another company from the old company’s groups', async () => {
    const moved = await call(tokens.elena, 'POST', 'users/saveUser', {
      id: ids.oscar,
      name: 'Oscar',
      last_name: 'Prueba',
      email: 'oscar@andina.test',
      role_id: ROLE.operator,
      company_id: ids.branch,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(tokens.elena, 'GET', `get_group/${ventas.id}`)).json().data.user_ids).toEqual([]);
  });

  it('deletes a group, leaving its users', async () => {
    const response = await call(tokens.elena, 'DELETE', `groups/${ventas.id}`);
    expect(response.json()).toEqual({ data: { id: ventas.id }, message: 'Grupo eliminado' });
    expect((await call(tokens.elena, 'GET', `get_group/${ventas.id}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `users/get_user/${ids.oscar}`)).statusCode).toBe(200);
  });
});
