import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { OWNED_TABLES } from '../../contract/ownedTables.js';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import type { Actor } from '../deps.js';
import { checkOwnership } from './ownership.js';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** A database that fails the test if the ownership check queries it. */
const untouchable = new Proxy({} as Db, {
  get: () => {
    throw new Error('la comprobación de propiedad no debía consultar la base de datos');
  },
});

const actor = (companyId: number, visibleCompanyIds: Actor['visibleCompanyIds']): Actor => ({
  userId: 7,
  sessionId: '00000000-0000-4000-8000-000000000000',
  companyId,
  roleId: 20,
  permissions: new Set(),
  impersonatorUserId: null,
  visibleCompanyIds,
});

describe('owned tables', () => {
  it('name real tables and columns of the schema', () => {
    for (const [entity, declared] of Object.entries(OWNED_TABLES)) {
      const table = tables.find((config) => config.name === declared.table);
      expect(table, `${entity}: tabla ${declared.table}`).toBeDefined();
      const columns = table!.columns.map((column) => column.name);
      expect(columns, entity).toContain('id');
      expect(columns, entity).toContain(declared.owner);
      if ('softDelete' in declared) expect(columns, entity).toContain(declared.softDelete);
    }
  });
});

describe('checkOwnership', () => {
  const companyRule = [{ entity: 'company', from: 'params', field: 'id' }] as const;

  it('costs no query for the administrator naming the platform company', async () => {
    await checkOwnership(untouchable, actor(1, 'all'), companyRule, {
      params: { id: 1 },
      query: {},
      body: {},
    });
  });

  it('costs no query for a company naming itself or its branches, one id or an array', async () => {
    const branchUser = actor(5, [5, 6]);
    const rules = [
      { entity: 'company', from: 'body', field: 'company_id' },
      { entity: 'company', from: 'body', field: 'company_ids' },
    ] as const;
    await checkOwnership(untouchable, branchUser, rules, {
      params: {},
      query: {},
      body: { company_id: 6, company_ids: [5, 6] },
    });
  });

  it('answers 404 to an id that cannot name a record, without a query', async () => {
    for (const id of [0, -3, 1.5, 'x', Number.MAX_SAFE_INTEGER + 2]) {
      await expect(
        checkOwnership(untouchable, actor(1, 'all'), companyRule, { params: { id }, query: {}, body: {} }),
      ).rejects.toMatchObject({ statusCode: 404 });
    }
  });

  it('skips fields the request leaves out', async () => {
    await checkOwnership(untouchable, actor(5, [5]), companyRule, { params: {}, query: {}, body: {} });
  });
});
