import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createCompany, createUser } from '../../server/db/factories.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const companyId = await createCompany(db, { fiscalName: 'Andina', taxId: '800197268-4' });
  // The auditor role: location answers any signed-in user, whatever its permissions.
  await createUser(db, {
    companyId,
    roleId: ROLE.auditor,
    name: 'Ana',
    lastName: 'Auditora',
    email: 'ana@andina.test',
    password: 'Ubicacion-2026',
  });
  token = await t.signin('ana@andina.test', 'Ubicacion-2026');
});
afterAll(() => t.close());

const get = (url: string, auth = true) =>
  t.app.inject({ url: `/api/${url}`, headers: auth ? bearer(token) : {} });

describe('location', () => {
  it('lists Colombia’s 33 departments by name, by ISO alpha-2 or numeric code', async () => {
    const byAlpha = (await get('get_departments/CO')).json().data;
    expect(byAlpha.total).toBe(33);
    expect(byAlpha.items[0]).toEqual({ id: 91, country_code: 'CO', name: 'Amazonas' });
    expect((await get('get_departments/170')).json().data).toEqual(byAlpha);
    expect((await get('get_departments/co')).json().data.total).toBe(33);
    expect((await get('get_departments/PE')).json().data).toEqual({ items: [], total: 0 });
    const malformed = await get('get_departments/Colombia');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({
      country_id: 'Indique el país con su código ISO, como CO o 170',
    });
  });

  it('lists the municipalities of a department with their DANE codes', async () => {
    const antioquia = (await get('get_cities/5')).json().data;
    expect(antioquia.total).toBe(125);
    expect(antioquia.items).toContainEqual({
      id: 5001,
      department_id: 5,
      department_name: 'Antioquia',
      name: 'Medellín',
    });
    expect((await get('get_cities/11')).json().data.items).toEqual([
      { id: 11001, department_id: 11, department_name: 'Bogotá D.C.', name: 'Bogotá D.C.' },
    ]);
    const unknown = await get('get_cities/4');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El departamento solicitado no existe');
  });

  it('lists the Colombian identification types and finds one by id or code', async () => {
    const types = (await get('get_identification_types')).json().data;
    expect(types.items.map((type: { code: string }) => type.code)).toEqual([
      'CC',
      'CE',
      'NIT',
      'TI',
      'PP',
      'PEP',
      'PPT',
    ]);
    const nit = types.items[2];
    expect(nit).toMatchObject({
      code: 'NIT',
      name: 'Número de identificación tributaria',
      applies_to: 'company',
    });
    expect((await get(`get_identification_type_by_id/${nit.id}`)).json().data).toEqual(nit);
    expect((await get('get_identification_type_by_id/nit')).json().data).toEqual(nit);
    expect((await get('get_identification_type_by_id/XYZ')).statusCode).toBe(404);
  });

  it('asks for a session', async () => {
    expect((await get('get_departments/CO', false)).statusCode).toBe(401);
    expect((await get('get_identification_types', false)).statusCode).toBe(401);
  });
});
