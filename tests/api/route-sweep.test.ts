import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type EndpointDefinition, endpoint, endpoints, id } from '../../contract/index.js';
import { PERMISSIONS } from '../../contract/permissions.js';
import { createCompany, createRole, createUser } from '../../server/db/factories.js';
import { companyFeatures, documentTypes } from '../../server/db/schema/index.js';
import { notFound } from '../../server/errors.js';
import { registerContract } from '../../server/http/contractRoutes.js';
import type { Handler } from '../../server/http/handlers.js';
import { insertApiKey } from '../../server/modules/apiKeys/apiKeys.service.js';
import { createOwnedRecords } from './support/ownedRecords.js';
import { type SweepContext, sweepRoutes } from './support/sweep.js';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Barrido-2026';
const ROLE_NONE = 901;
const ROLE_ALL = 902;

/** Two customer companies (A with a branch, B), users with no permission and with every permission. */
async function tenants(t: TestApp) {
  const db = t.deps.database.db;
  await createRole(db, { id: ROLE_NONE, name: 'Sin permisos', permissions: [] });
  await createRole(db, { id: ROLE_ALL, name: 'Todos los permisos', permissions: PERMISSIONS });
  const companyA = await createCompany(db, { fiscalName: 'Empresa A', taxId: '900000001-1' });
  const branchA = await createCompany(db, {
    fiscalName: 'Sucursal A1',
    taxId: '900000001-1',
    parentId: companyA,
  });
  const companyB = await createCompany(db, { fiscalName: 'Empresa B', taxId: '900000002-2' });
  const user = (companyId: number, roleId: number, email: string) =>
    createUser(db, { companyId, roleId, name: 'Usuario', lastName: email, email, password: PASSWORD });
  const ids = {
    companyA,
    branchA,
    companyB,
    noneA: await user(companyA, ROLE_NONE, 'sin@a.test'),
    allA: await user(companyA, ROLE_ALL, 'todo@a.test'),
    allBranchA: await user(branchA, ROLE_ALL, 'todo@a1.test'),
    allB: await user(companyB, ROLE_ALL, 'todo@b.test'),
  };
  // Company B's record of every owned kind: company A must reach none of them.
  return {
    ...ids,
    ownedB: await createOwnedRecords(t, { companyId: companyB, userId: ids.allB, label: 'B' }),
  };
}

type TenantIds = Awaited<ReturnType<typeof tenants>>;

/** A live API key of the company, which gets API access. */
async function companyApiKey(t: TestApp, companyId: number): Promise<string> {
  const db = t.deps.database.db;
  await db.insert(companyFeatures).values({ companyId, feature: 'api_access', enabled: true });
  const { key } = await insertApiKey(db, { companyId, name: 'Barrido', createdBy: null, now: new Date() });
  return key;
}

/** For each kind of owned record, one that belongs to company B (which company A must not reach). */
const foreignIdsOf = (ids: TenantIds): SweepContext['foreignIds'] => ids.ownedB;

describe('route sweep', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof tenants>>;
  let context: SweepContext;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await tenants(t);
    context = {
      app: t.app,
      endpoints,
      tokens: {
        noPermissions: await t.signin('sin@a.test', PASSWORD),
        companyAll: await t.signin('todo@a.test', PASSWORD),
        platformAdmin: await t.signin(ADMIN.email, ADMIN.password),
        apiKey: await companyApiKey(t, ids.companyA),
      },
      foreignIds: foreignIdsOf(ids),
    };
  });

  it('sweeps the API-key scope: some endpoints open to keys, each probed with a foreign record', () => {
    const open = Object.values(endpoints as Record<string, EndpointDefinition>).filter(
      (entry) => entry.apiKey,
    );
    expect(open.length).toBeGreaterThan(20);
    // Every open endpoint names a record of the company, so the sweep probes it with company B's.
    for (const entry of open) expect(entry.owns?.length ?? 0).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it('finds nothing wrong on any registered route', async () => {
    const problems = await sweepRoutes(context);
    expect(problems).toEqual([]);
  });

  it('covers every contract endpoint', () => {
    const declared = new Set(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    for (const entry of Object.values(endpoints)) {
      expect(declared).toContain(`${entry.method} /api/${entry.path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  });

  it('lets a company see its branches but not a branch its parent, nor anyone another company', async () => {
    const get = async (token: string, userId: number) =>
      (await t.app.inject({ url: `/api/get_users/${userId}`, headers: bearer(token) })).statusCode;
    const parent = await t.signin('todo@a.test', PASSWORD);
    const branch = await t.signin('todo@a1.test', PASSWORD);
    const other = await t.signin('todo@b.test', PASSWORD);
    const admin = await t.signin(ADMIN.email, ADMIN.password);
    expect(await get(parent, ids.allBranchA)).toBe(200);
    expect(await get(branch, ids.allA)).toBe(404);
    expect(await get(other, ids.allA)).toBe(404);
    expect(await get(other, 999_999)).toBe(404);
    expect(await get(admin, ids.allB)).toBe(200);
  });
});

/** A company-scoped endpoint that forgot its `owns` rule, and a handler that trusts the id. */
const forgetfulEndpoints = {
  fixtureGetDocumentType: endpoint({
    method: 'GET',
    path: 'fixture_document_type/{id}',
    summary: 'Fixture: un tipo de documento, sin regla de propiedad.',
    area: 'Fixture',
    scope: 'company',
    permissions: [],
    params: z.object({ id }),
    reply: z.object({ id: z.number(), name: z.string() }),
  }),
};
const forgetfulHandlers: Record<string, Handler<EndpointDefinition>> = {
  fixtureGetDocumentType: async ({ deps, params }) => {
    const recordId = (params as { id: number }).id;
    const [row] = await deps.database.db.select().from(documentTypes).where(eq(documentTypes.id, recordId));
    if (!row) throw notFound();
    return { data: row };
  },
};

describe('route sweep catches mistakes', () => {
  let t: TestApp;
  let tokens: SweepContext['tokens'];
  let ids: Awaited<ReturnType<typeof tenants>>;

  beforeAll(async () => {
    t = await createTestApp({
      extend: (app, deps) => {
        // A route added straight to Fastify, outside the contract and its guard.
        app.get('/api/unguarded_companies', async () => ({ data: [{ id: 1 }], message: 'ok' }));
        registerContract(app, deps, forgetfulEndpoints, forgetfulHandlers);
      },
    });
    ids = await tenants(t);
    tokens = {
      noPermissions: await t.signin('sin@a.test', PASSWORD),
      companyAll: await t.signin('todo@a.test', PASSWORD),
      platformAdmin: await t.signin(ADMIN.email, ADMIN.password),
    };
  });
  afterAll(() => t.close());

  it("reports a route outside the contract, and another company's record served by a missing rule", async () => {
    const problems = await sweepRoutes({
      app: t.app,
      endpoints: { ...endpoints, ...forgetfulEndpoints },
      tokens,
      foreignIds: foreignIdsOf(ids),
    });
    const [outside, unguarded, ...missingRule] = problems;
    expect([outside, unguarded]).toEqual([
      'GET /api/unguarded_companies: ruta registrada fuera del contrato',
      'GET /api/unguarded_companies: sin token → 200, se esperaba 401',
    ]);
    // The undeclared id is probed with every kind of record (their ids may collide with a
    // document type's); the one that surely leaks is company B's document type.
    expect(missingRule).toContain(
      'fixtureGetDocumentType (GET fixture_document_type/{id}): documentType de otra empresa (params.id, sin regla) → 200, se esperaba 4xx (sin regla de propiedad)',
    );
    for (const problem of missingRule) expect(problem).toMatch(/^fixtureGetDocumentType .*sin regla\) → 200/);
  });

  it('reports an endpoint declared public that is not meant to be', async () => {
    const leaky = { ...endpoints, listRoles: { ...endpoints.listRoles, scope: 'public' as const } };
    const problems = await sweepRoutes({
      app: t.app,
      endpoints: leaky,
      tokens,
      foreignIds: foreignIdsOf(ids),
    });
    expect(problems).toContain(
      'listRoles (GET roles/{page}/{itemsPerPage}): declarado público sin estar en la lista de públicos',
    );
  });
});
