import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EndpointDefinition, endpoints, fillPath, pathParamNames } from '../../contract/index.js';
import { innerSchema, listInputsOf } from '../../contract/listInputs.js';
import type { OwnedEntity } from '../../contract/owners.js';
import { users } from '../../server/db/schema/index.js';
import { createOwnedRecords } from './support/ownedRecords.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

type Ids = Record<OwnedEntity, number>;

const ownerOf = (entry: EndpointDefinition, from: string, field: string) =>
  entry.owns?.find((rule) => rule.from === from && rule.field === field)?.entity;

/** An id the caller may name: the platform's own record when a rule says whose it is, else 1. */
const idFor = (entry: EndpointDefinition, from: string, field: string, ids: Ids) => {
  const entity = ownerOf(entry, from, field);
  return entity ? ids[entity] : 1;
};

/**
 * The values a filter is tried with, from its schema: every value of an enum, both booleans, an
 * id the caller may name, a day for a date and a word for a text. None fits → the test says so.
 */
function filterValues(
  entry: EndpointDefinition,
  from: 'query' | 'body',
  field: string,
  schema: z.ZodType,
  ids: Ids,
): unknown[] {
  const inner = innerSchema(schema);
  const candidates: unknown[] =
    inner instanceof z.ZodEnum
      ? (inner.options as unknown[])
      : inner instanceof z.ZodBoolean
        ? [true, false]
        : inner instanceof z.ZodNumber
          ? [idFor(entry, from, field, ids)]
          : inner instanceof z.ZodArray
            ? [[idFor(entry, from, field, ids)]]
            : // A day for date filters (whatever their name: from, to, created_until), else a text.
              ['2026-01-15', 'a'];
  return candidates.filter((value) => schema.safeParse(value).success);
}

const asQuery = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])) as Record<
    string,
    string
  >;

/** The base call of a list: its example, the first page, and the platform's own ids in the path. */
function baseCall(entry: EndpointDefinition, ids: Ids, userId: number) {
  const example = entry.example ?? {};
  const params: Record<string, unknown> = { page: 1, itemsPerPage: 15, ...example.params };
  for (const name of pathParamNames(entry.path)) {
    const entity = ownerOf(entry, 'params', name);
    // The `{user_id}` of a path names the caller (the server checks it).
    if (entity) params[name] = entity === 'user' ? userId : ids[entity];
  }
  return { params, query: { ...example.query }, body: { ...(example.body as object | undefined) } };
}

/**
 * Every sort (both ways) and every filter value of every list endpoint of the contract, as the
 * platform administrator; each answer that is not 200 is a finding.
 */
async function sweepLists(t: TestApp, token: string, ids: Ids, userId: number): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    const list = listInputsOf(entry);
    if (!list) continue;
    const base = baseCall(entry, ids, userId);
    const call = async (what: string, options: Record<string, unknown>) => {
      const query = list.from === 'query' ? { ...base.query, ...options } : base.query;
      const body = list.from === 'body' ? { ...base.body, ...options } : base.body;
      const request: InjectOptions = {
        method: entry.method,
        url: `/api/${fillPath(entry.path, base.params)}`,
        query: asQuery(query),
        headers: bearer(token),
        payload: entry.method === 'GET' ? undefined : body,
      };
      const response = await t.app.inject(request);
      if (response.statusCode !== 200) {
        const message = (response.json() as { message?: string }).message;
        problems.push(`${name} ${what} → ${response.statusCode} (${message})`);
      }
    };
    await call('sin opciones', {});
    for (const sort of list.sorts) {
      for (const order of ['ASC', 'DESC']) await call(`sort=${sort} ${order}`, { sort, order });
    }
    for (const [field, schema] of Object.entries(list.filters)) {
      const values = filterValues(entry, list.from, field, schema, ids);
      if (values.length === 0) problems.push(`${name}: sin valor de prueba para el filtro ${field}`);
      for (const value of values) await call(`${field}=${JSON.stringify(value)}`, { [field]: value });
    }
  }
  return problems;
}

describe('list sorts and filters', () => {
  let t: TestApp;
  let token: string;
  let ids: Ids;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    adminId = admin!.id;
    // The platform's own record of every kind, so that lists have rows and filters name real ones.
    ids = await createOwnedRecords(t, { companyId: 1, userId: adminId, label: 'Plataforma' });
    token = await t.signin(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('answers 200 to every sort, both ways, and every filter of every list endpoint', async () => {
    expect(await sweepLists(t, token, ids, adminId)).toEqual([]);
  });

  it('reaches the lists of the contract, their sorts and filters', () => {
    const lists = Object.values(endpoints).flatMap((entry) => {
      const list = listInputsOf(entry as EndpointDefinition);
      return list ? [list] : [];
    });
    expect(lists.length).toBeGreaterThan(15);
    expect(listInputsOf(endpoints.listDocumentTypes)).toMatchObject({
      from: 'query',
      sorts: ['id', 'name', 'code', 'status', 'created_at'],
    });
    expect(Object.keys(listInputsOf(endpoints.listSignatureRequests)?.filters ?? {})).toEqual(
      expect.arrayContaining(['status', 'date_from', 'package_id', 'created_by']),
    );
    expect(listInputsOf(endpoints.getDocumentType)).toBeNull();
  });
});
