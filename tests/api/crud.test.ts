import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudEndpoints } from '../../contract/crud.js';
import { createCompany } from '../../server/db/factories.js';
import { crudMessages, crudService } from '../../server/modules/common/crud.js';
import { createTestApp, type TestApp } from './support/testApp.js';

/** Two tables of the common shape, created by the test: one soft-deleted, one another refers to. */
const probes = pgTable('crud_probes', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
  code: text('code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
const kept = pgTable('crud_kept', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull(),
  name: text('name').notNull(),
});

const record = z.object({
  id: z.number(),
  company_id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
});
/** The contract of the probes: its list's sorts and filters are the service's, declared only here. */
const probeEndpoints = crudEndpoints({
  names: {
    list: 'listProbes',
    get: 'getProbe',
    create: 'addProbe',
    update: 'updateProbe',
    delete: 'deleteProbe',
  },
  base: 'crud_probes',
  area: 'Prueba',
  plural: 'registros de prueba',
  permissions: [],
  entity: 'company',
  record,
  body: { name: z.string(), code: z.string().nullable() },
  filters: { code: z.string().optional() },
  sort: ['name', 'code', 'created_at'],
  createExample: {},
});
const keptEndpoints = crudEndpoints({
  names: { list: 'listKept', get: 'getKept', create: 'addKept', update: 'updateKept', delete: 'deleteKept' },
  base: 'crud_kept',
  area: 'Prueba',
  plural: 'registros guardados',
  permissions: [],
  entity: 'company',
  record: z.object({ id: z.number(), name: z.string() }),
  body: { name: z.string() },
  sort: ['name'],
  createExample: {},
});
const probeCrud = crudService({
  table: probes,
  record,
  list: probeEndpoints.listProbes,
  search: [probes.name, probes.code],
  defaultSort: 'name',
  unique: { name: 'Nombre repetido', code: 'Código repetido' },
  messages: crudMessages('Registro'),
});
const keptCrud = crudService({
  table: kept,
  record: z.object({ id: z.number(), name: z.string() }),
  list: keptEndpoints.listKept,
  search: [kept.name],
  defaultSort: 'name',
  messages: { ...crudMessages('Registro'), inUse: 'En uso' },
});

describe('the common CRUD service', () => {
  let t: TestApp;
  let companyA: number;
  let companyB: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.deps.database;
    await db.execute(sql`CREATE TABLE crud_probes (id serial PRIMARY KEY, company_id int NOT NULL REFERENCES companies(id),
      name text NOT NULL, code text, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(), deleted_at timestamptz)`);
    await db.execute(
      sql`CREATE UNIQUE INDEX crud_probes_name ON crud_probes (company_id, lower(name)) WHERE deleted_at IS NULL`,
    );
    await db.execute(
      sql`CREATE UNIQUE INDEX crud_probes_code ON crud_probes (company_id, code) WHERE deleted_at IS NULL`,
    );
    await db.execute(
      sql`CREATE TABLE crud_kept (id serial PRIMARY KEY, company_id int NOT NULL REFERENCES companies(id), name text NOT NULL)`,
    );
    await db.execute(sql`CREATE TABLE crud_refs (kept_id int NOT NULL REFERENCES crud_kept(id))`);
    companyA = await createCompany(db, { fiscalName: 'Empresa CRUD A', taxId: '900000011-1' });
    companyB = await createCompany(db, { fiscalName: 'Empresa CRUD B', taxId: '900000012-2' });
  });
  afterAll(() => t.close());

  it('creates with the SQL column names, answers 409 naming the unique field, in any case', async () => {
    const created = await probeCrud.create(t.deps, { company_id: companyA, name: 'Ventas', code: 'VEN' });
    expect(created).toMatchObject({
      company_id: companyA,
      company_name: 'Empresa CRUD A',
      name: 'Ventas',
      code: 'VEN',
    });
    await expect(
      probeCrud.create(t.deps, { company_id: companyA, name: 'VENTAS', code: 'OTRO' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      errors: { name: 'Nombre repetido' },
    });
    await expect(
      probeCrud.create(t.deps, { company_id: companyA, name: 'Otro', code: 'VEN' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      errors: { code: 'Código repetido' },
    });
    // Another company may use the same values.
    await expect(
      probeCrud.create(t.deps, { company_id: companyB, name: 'Ventas', code: 'VEN' }),
    ).resolves.toBeTruthy();
  });

  it('answers 409 naming the field when a concurrent insert wins the unique index', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        probeCrud.create(t.deps, { company_id: companyA, name: 'Carrera', code: null }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((result) => result.status === 'rejected')) {
      expect(attempt.reason).toMatchObject({ statusCode: 409, errors: { name: 'Nombre repetido' } });
    }
  });

  it('lists one company with search, sort and pages; updates; soft-deletes and frees the name', async () => {
    for (const name of ['Bodega', 'Almacén', 'Caja']) {
      await probeCrud.create(t.deps, { company_id: companyA, name, code: name.slice(0, 3).toUpperCase() });
    }
    const page = (input: Partial<Parameters<typeof probeCrud.list>[1]>) =>
      probeCrud.list(t.deps, { companyId: companyA, page: 1, itemsPerPage: 2, ...input });
    const first = await page({});
    expect(first.items.map((item) => item.name)).toEqual(['Almacén', 'Bodega']);
    expect(first.total).toBe(5);
    expect((await page({ sort: 'name', order: 'DESC', itemsPerPage: 1 })).items[0]?.name).toBe('Ventas');
    expect((await page({ search: 'bod' })).items.map((item) => item.name)).toEqual(['Bodega']);
    expect((await page({ search: '%' })).total).toBe(0);

    const caja = (await page({ search: 'Caja' })).items[0]!;
    const renamed = await probeCrud.update(t.deps, caja.id, { name: 'Caja menor', company_id: companyB });
    expect(renamed).toMatchObject({ name: 'Caja menor', company_id: companyA });
    await expect(probeCrud.update(t.deps, caja.id, { name: 'bodega' })).rejects.toMatchObject({
      statusCode: 409,
    });

    await probeCrud.remove(t.deps, caja.id);
    await expect(probeCrud.get(t.deps.database.db, caja.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(probeCrud.remove(t.deps, caja.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(probeCrud.update(t.deps, caja.id, { name: 'X' })).rejects.toMatchObject({ statusCode: 404 });
    expect((await page({ search: 'Caja' })).total).toBe(0);
    await expect(
      probeCrud.create(t.deps, { company_id: companyA, name: 'Caja menor', code: 'CAJ' }),
    ).resolves.toBeTruthy();
  });

  it("sorts and filters by what the contract's list declares, restated nowhere in the service", async () => {
    for (const [name, code] of [
      ['Primero', 'UNO'],
      ['Segundo', 'DOS'],
    ]) {
      await probeCrud.create(t.deps, { company_id: companyB, name: name!, code: code! });
    }
    const list = (input: Partial<Parameters<typeof probeCrud.list>[1]>) =>
      probeCrud.list(t.deps, { companyId: companyB, page: 1, itemsPerPage: 15, ...input });
    const newest = await list({ sort: 'created_at', order: 'DESC' });
    expect(newest.items[0]?.name).toBe('Segundo');
    expect(
      (await list({ sort: 'code', order: 'ASC', filters: { code: 'UNO' } })).items.map((item) => item.name),
    ).toEqual(['Primero']);
  });

  it('refuses a service whose contract sorts or filters by what its table lacks, naming it', () => {
    const declare = (overrides: object) => () =>
      crudService({
        table: kept,
        list: probeEndpoints.listProbes,
        search: [kept.name],
        defaultSort: 'name',
        messages: crudMessages('Registro'),
        sortBy: { code: kept.name, created_at: kept.id },
        ...overrides,
      });
    expect(declare({ sortBy: {} })).toThrow(/el orden «code» del contrato no es una columna de crud_kept/);
    expect(declare({})).toThrow(/el filtro «code» del contrato no es una columna de crud_kept/);
    expect(declare({ sortBy: { code: kept.name, created_at: kept.id, kind: kept.id } })).toThrow(
      /el contrato no permite ordenar por kind/,
    );
  });

  it('deletes a row for good where the table keeps no deleted_at, and answers 409 while it is referred to', async () => {
    const used = await keptCrud.create(t.deps, { company_id: companyA, name: 'Usado' });
    const free = await keptCrud.create(t.deps, { company_id: companyA, name: 'Libre' });
    await t.deps.database.db.execute(sql`INSERT INTO crud_refs (kept_id) VALUES (${used.id})`);
    await expect(keptCrud.remove(t.deps, used.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'En uso',
    });
    await keptCrud.remove(t.deps, free.id);
    await expect(keptCrud.get(t.deps.database.db, free.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
