import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser, createUserGroup } from '../../server/db/factories.js';
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

/**
 * A company of its own with its branch, for a test that counts every group: Ana administers it,
 * Beto works there, Rita administers the branch; Ana and Rita signed in.
 */
async function countedCompany() {
  const db = t.deps.database.db;
  const companyId = await createCompany(db, { fiscalName: 'Sierra Firmas', taxId: '901444555-6' });
  const branchId = await createCompany(db, {
    fiscalName: 'Sierra Pasto',
    taxId: '901444555-6',
    parentId: companyId,
  });
  const person = (company: number, name: string, roleId: number) =>
    createUser(db, {
      companyId: company,
      roleId,
      name,
      lastName: 'Sierra',
      email: `${name.toLowerCase()}@sierra.test`,
      password: PASSWORD,
    });
  const ana = await person(companyId, 'Ana', ROLE.companyAdministrator);
  const beto = await person(companyId, 'Beto', ROLE.operator);
  const rita = await person(branchId, 'Rita', ROLE.companyAdministrator);
  return {
    companyId,
    branchId,
    people: { ana, beto, rita },
    tokens: {
      ana: await t.signin('ana@sierra.test', PASSWORD),
      rita: await t.signin('rita@sierra.test', PASSWORD),
    },
  };
}

describe('user groups', () => {
  /** Andina's "Ventas" (Elena and Oscar) and "Auditoría", for the tests that need groups to exist. */
  let ventas: number;

  beforeAll(async () => {
    const db = t.deps.database.db;
    ventas = await createUserGroup(db, {
      companyId: ids.andina,
      name: 'Ventas',
      description: 'Firman contratos comerciales',
      userIds: [ids.elena, ids.oscar],
    });
    await createUserGroup(db, { companyId: ids.andina, name: 'Auditoría' });
  });

  it('creates a group with members of its company', async () => {
    const response = await call(tokens.elena, 'POST', 'groups', {
      company_id: ids.andina,
      name: 'Compras',
      description: 'Firman órdenes de compra',
      user_ids: [ids.oscar, ids.elena, ids.oscar],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Grupo creado');
    const created: Group = response.json().data;
    expect(created).toMatchObject({
      company_id: ids.andina,
      company_name: 'Andina Firmas',
      name: 'Compras',
      user_ids: [ids.elena, ids.oscar],
      member_count: 2,
      members: [{ id: ids.elena, full_name: 'Elena Prueba' }, { id: ids.oscar }],
    });
    const detail = await call(tokens.elena, 'GET', `get_group/${created.id}`);
    expect(detail.json().data).toEqual(created);
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
    const sierra = await countedCompany();
    const db = t.deps.database.db;
    await createUserGroup(db, {
      companyId: sierra.companyId,
      name: 'Ventas',
      description: 'Firman contratos comerciales',
      userIds: [sierra.people.ana, sierra.people.beto],
    });
    await createUserGroup(db, { companyId: sierra.branchId, name: 'Ventas', userIds: [sierra.people.rita] });
    await call(sierra.tokens.ana, 'POST', 'groups', {
      company_id: sierra.companyId,
      name: 'Auditoría',
      user_ids: [],
    });
    const all = await list(sierra.tokens.ana, sierra.companyId);
    expect(all.items.map((group) => group.name)).toEqual(['Auditoría', 'Ventas']);
    expect(all.total).toBe(2);
    expect(
      (await list(sierra.tokens.ana, sierra.companyId, '?search=comerciales')).items.map((g) => g.name),
    ).toEqual(['Ventas']);
    const bySize = await list(sierra.tokens.ana, sierra.companyId, '?sort=member_count&order=DESC');
    expect(bySize.items.map((group) => group.member_count)).toEqual([2, 0]);
    expect(
      (await list(sierra.tokens.ana, sierra.companyId, '', 2, 1)).items.map((group) => group.name),
    ).toEqual(['Ventas']);
    expect((await list(sierra.tokens.rita, sierra.branchId)).total).toBe(1);
    expect((await list(tokens.admin, ids.caribe)).items.map((group) => group.id)).toEqual([ids.carlaGroup]);

    const candidates = await call(sierra.tokens.ana, 'GET', `groups/users/${sierra.companyId}`);
    expect(candidates.json().data.map((user: { id: number }) => user.id)).toEqual([
      sierra.people.ana,
      sierra.people.beto,
    ]);
  });

  it('updates name, description and the whole member list', async () => {
    const groupId = await createUserGroup(t.deps.database.db, {
      companyId: ids.andina,
      name: 'Ventas regionales',
      description: 'Zona sur',
      userIds: [ids.elena, ids.oscar],
    });
    const response = await call(tokens.elena, 'PUT', `groups/${groupId}`, {
      name: 'Ventas nacionales',
      description: '',
      user_ids: [ids.oscar],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Grupo actualizado',
      data: { name: 'Ventas nacionales', description: null, user_ids: [ids.oscar], member_count: 1 },
    });
    const kept = await call(tokens.elena, 'PUT', `groups/${groupId}`, { description: 'Equipo' });
    expect(kept.json().data).toMatchObject({ name: 'Ventas nacionales', user_ids: [ids.oscar] });
    const clash = await call(tokens.elena, 'PUT', `groups/${groupId}`, { name: 'auditoría' });
    expect(clash.statusCode).toBe(409);
    const foreignMember = await call(tokens.elena, 'PUT', `groups/${groupId}`, { user_ids: [ids.carla] });
    expect(foreignMember.statusCode).toBe(422);
  });

  it('keeps groups apart between companies and between a branch and its parent', async () => {
    expect((await call(tokens.elena, 'GET', `get_group/${ids.carlaGroup}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'PUT', `groups/${ids.carlaGroup}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(tokens.elena, 'DELETE', `groups/${ids.carlaGroup}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `groups/1/15/${ids.caribe}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `groups/users/${ids.caribe}`)).statusCode).toBe(404);
    expect((await call(tokens.branch, 'GET', `get_group/${ventas}`)).statusCode).toBe(404);
    expect(
      (await call(tokens.branch, 'POST', 'groups', { company_id: ids.andina, name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call(tokens.oscar, 'GET', `groups/1/15/${ids.andina}`)).statusCode).toBe(403);
  });

  it('drops a user who moves to another company from the old company’s groups', async () => {
    const db = t.deps.database.db;
    const mario = await createUser(db, {
      companyId: ids.andina,
      name: 'Mario',
      lastName: 'Mudanza',
      email: 'mario@andina.test',
    });
    const groupId = await createUserGroup(db, { companyId: ids.andina, name: 'Traslados', userIds: [mario] });
    const moved = await call(tokens.elena, 'POST', 'users/saveUser', {
      id: mario,
      name: 'Mario',
      last_name: 'Mudanza',
      email: 'mario@andina.test',
      role_id: ROLE.operator,
      company_id: ids.branch,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(tokens.elena, 'GET', `get_group/${groupId}`)).json().data.user_ids).toEqual([]);
  });

  it('deletes a group, leaving its users', async () => {
    const groupId = await createUserGroup(t.deps.database.db, {
      companyId: ids.andina,
      name: 'Temporal',
      userIds: [ids.oscar],
    });
    const response = await call(tokens.elena, 'DELETE', `groups/${groupId}`);
    expect(response.json()).toEqual({ data: { id: groupId }, message: 'Grupo eliminado' });
    expect((await call(tokens.elena, 'GET', `get_group/${groupId}`)).statusCode).toBe(404);
    expect((await call(tokens.elena, 'GET', `users/get_user/${ids.oscar}`)).statusCode).toBe(200);
  });
});
