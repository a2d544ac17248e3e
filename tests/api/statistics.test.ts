import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { queryRows } from '../../server/db/client.js';
import { assignPlan, createPlan, createUser } from '../../server/db/factories.js';
import { consumeUnits } from '../../server/modules/plans/consumption.service.js';
import { createTestRequest } from '../../server/requests/core/factories.js';
import { testDatabaseKind } from './support/database.js';
import { manualClock } from './support/mailbox.js';
import { createSendingGroup } from './support/sendingGroup.js';
import { newBrowserSession, signingCaller, signOnThePage } from './support/signing.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

// 20 November 2030, 10:00 in Bogotá.
const NOW = new Date('2030-11-20T15:00:00Z');
const DAY = 86_400_000;
const PASSWORD = 'Estadisticas-2030';

describe(`statistics on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let ids: TenantIds;
  let tokens: TenantTokens;
  let carla: string;
  const clock = manualClock(NOW);

  const get = async (token: string, path: string, query = '') => {
    const response = await t.app.inject({ url: `/api/${path}${query}`, headers: bearer(token) });
    return { status: response.statusCode, data: response.json().data };
  };
  const post = async (token: string, path: string, payload: object = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: bearer(token),
      payload,
    });
    return { status: response.statusCode, data: response.json().data };
  };
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<Record<string, string | number | null>>(t.deps.database.db, query);
    return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]));
  };

  /** A request whose signer asks for a code and never types it. */
  async function codeNeverTyped(companyId: number, email: string) {
    const request = await createTestRequest(t.deps, {
      companyId,
      signers: [{ name: 'Firmante Olvido', email, authentication: ['email_otp'] }],
    });
    const call = signingCaller(t, '10.44.0.2');
    const sent = await call(
      'send_code',
      { token: request.signers[0]!.token, channel: 'email' },
      newBrowserSession(),
    );
    expect(sent.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ ids, tokens } = await createTenants(t, { password: PASSWORD }));
    const db = t.deps.database.db;
    carla = await t.signin('carla@caribe.test', PASSWORD);
    await createUser(db, {
      companyId: ids.caribe,
      name: 'Bloqueado',
      lastName: 'Caribe',
      email: 'b@caribe.test',
      status: 'locked',
    });
    await createUser(db, {
      companyId: ids.caribe,
      name: 'Inactiva',
      lastName: 'Caribe',
      email: 'i@caribe.test',
      status: 'inactive',
    });

    const unlimited = await createPlan(db, { name: 'Ilimitado', signatures: null, validityDays: 365 });
    const units = await createPlan(db, { name: 'Cien', signatures: 100, validityDays: 90 });
    // Andina: an unlimited package ending in 10 days (it pays the 20 signatures below: it ends first),
    // 100 units, 50 units that ended with 45 left.
    await assignPlan(db, {
      companyId: ids.andina,
      planId: unlimited,
      startsAt: new Date(NOW.getTime() - 355 * DAY),
      expiredAt: new Date(NOW.getTime() + 10 * DAY),
    });
    const hundred = await assignPlan(db, {
      companyId: ids.andina,
      planId: units,
      startsAt: NOW,
      unitsTotal: 100,
    });
    await assignPlan(db, {
      companyId: ids.andina,
      planId: units,
      startsAt: new Date(NOW.getTime() - 100 * DAY),
      expiredAt: new Date(NOW.getTime() - DAY),
      unitsTotal: 50,
      unitsUsed: 5,
    });
    // Caribe: 10 units ending in 20 days, 3 used; an unlimited package that ended.
    await assignPlan(db, {
      companyId: ids.caribe,
      planId: units,
      startsAt: new Date(NOW.getTime() - 70 * DAY),
      expiredAt: new Date(NOW.getTime() + 20 * DAY),
      unitsTotal: 10,
      unitsUsed: 3,
    });
    await assignPlan(db, {
      companyId: ids.caribe,
      planId: unlimited,
      startsAt: new Date(NOW.getTime() - 400 * DAY),
      expiredAt: new Date(NOW.getTime() - 35 * DAY),
      unitsUsed: 7,
    });
    for (let i = 0; i < 20; i++)
      await consumeUnits(t.deps, { companyId: ids.andina, units: 1, reference: `r${i}` });
    expect(hundred).toBeGreaterThan(0);

    await createSendingGroup(t, { companyId: ids.andina, adminToken: tokens.elena });
    await signOnThePage(t, {
      companyId: ids.andina,
      createdBy: ids.elena,
      email: 'ana.firma@correo.test',
      ip: '10.44.0.1',
    });
    await codeNeverTyped(ids.andina, 'olvido@correo.test');
    // Codes asked for more than ten minutes ago and never typed have failed.
    clock.advance(11 * 60_000);
    await codeNeverTyped(ids.caribe, 'caribe.firma@correo.test');
  });
  afterAll(() => t.close());

  const storageBySql = (companyId: number) =>
    one(sql`SELECT
      (SELECT coalesce(sum(rendered_bytes), 0) FROM signature_request_documents WHERE company_id = ${companyId}) AS documents_bytes,
      (SELECT coalesce(sum(sealed_bytes), 0) FROM signature_request_documents WHERE company_id = ${companyId}) AS sealed_bytes,
      (SELECT coalesce(sum(signature_bytes + selfie_bytes), 0) FROM signature_request_signers WHERE company_id = ${companyId}) AS images_bytes,
      (SELECT coalesce(sum(pdf_bytes), 0) FROM document_package_documents WHERE company_id = ${companyId})
        + (SELECT coalesce(sum(file_bytes), 0) FROM pdf_templates WHERE company_id = ${companyId}) AS attachments_bytes`);

  it('records the size of every stored file, equal to the bytes in storage', async () => {
    const rows = await queryRows<{ key: string; bytes: number }>(
      t.deps.database.db,
      sql`SELECT rendered_key AS key, rendered_bytes AS bytes FROM signature_request_documents
          UNION ALL SELECT sealed_key, sealed_bytes FROM signature_request_documents WHERE sealed_key IS NOT NULL
          UNION ALL SELECT signature_key, signature_bytes FROM signature_request_signers WHERE signature_key IS NOT NULL
          UNION ALL SELECT pdf_key, pdf_bytes FROM document_package_documents WHERE pdf_key IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      const stored = await t.deps.storage.get(row.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).length).toBe(Number(row.bytes));
    }
  });

  it('compares the storage of companies with the platform total, as the database sums it', async () => {
    const reply = await post(tokens.admin, 'get_companies_statistics', { page: 1, itemsPerPage: 100 });
    expect(reply.status).toBe(200);
    for (const companyId of [ids.andina, ids.caribe]) {
      const expected = await storageBySql(companyId);
      const row = reply.data.items.find((item: { company_id: number }) => item.company_id === companyId);
      const total =
        expected.documents_bytes! +
        expected.sealed_bytes! +
        expected.images_bytes! +
        expected.attachments_bytes!;
      expect(row).toMatchObject({ ...expected, total_bytes: total });
    }
    const andina = await storageBySql(ids.andina);
    expect(andina.documents_bytes).toBeGreaterThan(0);
    expect(andina.sealed_bytes).toBeGreaterThan(0);
    expect(andina.images_bytes).toBeGreaterThan(0);
    expect(andina.attachments_bytes).toBeGreaterThan(0);
    const platform = await one(sql`SELECT
      (SELECT sum(rendered_bytes + sealed_bytes) FROM signature_request_documents)
      + (SELECT sum(signature_bytes + selfie_bytes) FROM signature_request_signers)
      + (SELECT sum(pdf_bytes) FROM document_package_documents) AS total,
      (SELECT count(*) FROM companies WHERE deleted_at IS NULL) AS companies`);
    expect(reply.data.totals.total_bytes).toBe(platform.total);
    expect(reply.data.total).toBe(platform.companies);
    expect(reply.data.items[0].company_id).toBe(ids.andina);
    const total = await get(tokens.admin, 'get_total_storage');
    expect(total.data).toMatchObject({ total_bytes: platform.total, companies: platform.companies });
    const searched = await post(tokens.admin, 'get_companies_statistics', { search: 'caribe' });
    expect(searched.data.items.map((item: { company_id: number }) => item.company_id)).toEqual([ids.caribe]);
    expect(searched.data.total).toBe(1);
    const beyond = await post(tokens.admin, 'get_companies_statistics', { page: 50, itemsPerPage: 10 });
    expect(beyond.data).toMatchObject({
      items: [],
      total: platform.companies,
      totals: { total_bytes: platform.total },
    });
  });

  it("shows a company its own storage by kind of file, and keeps the menu bar's reply", async () => {
    const reply = await post(tokens.elena, 'get_company_statistics', { company_id: ids.andina });
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      storage_used: '0',
      storage_capacity: '0',
      ...(await storageBySql(ids.andina)),
    });
  });

  it('counts users by status and role, per company and for the platform', async () => {
    const bySql = (companyId: number) =>
      one(sql`SELECT count(*) FILTER (WHERE status = 'active') AS active, count(*) FILTER (WHERE status = 'inactive') AS inactive,
                     count(*) FILTER (WHERE status = 'locked') AS locked, count(*) AS total
              FROM users WHERE company_id = ${companyId} AND deleted_at IS NULL`);
    const all = await get(tokens.admin, 'get_companies_users_statistics', '?itemsPerPage=100');
    expect(all.status).toBe(200);
    for (const companyId of [ids.andina, ids.branch, ids.caribe]) {
      expect(
        all.data.items.find((row: { company_id: number }) => row.company_id === companyId),
      ).toMatchObject(await bySql(companyId));
    }
    expect(await bySql(ids.caribe)).toEqual({ active: 1, inactive: 1, locked: 1, total: 3 });
    const platform =
      await one(sql`SELECT count(*) AS total FROM users u JOIN companies c ON c.id = u.company_id
                                   WHERE u.deleted_at IS NULL AND c.deleted_at IS NULL`);
    expect(all.data.totals.total).toBe(platform.total);
    expect(all.data.by_role.reduce((sum: number, role: { users: number }) => sum + role.users, 0)).toBe(
      platform.total,
    );

    const own = await get(tokens.elena, 'get_company_users_statistics');
    expect(own.data).toMatchObject({ company_id: ids.andina, ...(await bySql(ids.andina)) });
    expect(own.data.by_role).toEqual([
      { role_id: ROLE.companyAdministrator, role_name: expect.any(String), users: 1 },
      { role_id: ROLE.operator, role_name: expect.any(String), users: 1 },
    ]);
  });

  it('counts unlimited and unit packages by state, with the units used and left', async () => {
    const unlimited = await get(tokens.admin, 'get_companies_packages_statistics', '?itemsPerPage=100');
    const row = (data: { items: { company_id: number }[] }, companyId: number) =>
      data.items.find((item) => item.company_id === companyId);
    expect(row(unlimited.data, ids.andina)).toMatchObject({
      assigned: 1,
      active: 1,
      expiring: 1,
      expired: 0,
      // Units are taken from the package that ends first: the unlimited one.
      consumed: 20,
    });
    expect(row(unlimited.data, ids.caribe)).toMatchObject({
      assigned: 1,
      active: 0,
      expiring: 0,
      expired: 1,
      consumed: 7,
    });
    const unitsSql = await one(sql`SELECT coalesce(sum(units_used), 0) AS used FROM plan_assignments
                                   WHERE company_id = ${ids.andina} AND units_total IS NOT NULL`);
    const units = await get(tokens.admin, 'get_companies_units_packages_statistics', '?itemsPerPage=100');
    expect(row(units.data, ids.andina)).toMatchObject({
      assigned: 2,
      active: 1,
      expiring: 0,
      expired: 1,
      units_assigned: 150,
      units_consumed: unitsSql.used,
      units_available: 100,
      units_expiring: 0,
      units_expired: 45,
    });
    expect(unitsSql.used).toBe(5);
    expect(row(units.data, ids.caribe)).toMatchObject({
      assigned: 1,
      expiring: 1,
      units_available: 7,
      units_expiring: 7,
    });
    expect(units.data.totals).toMatchObject({ units_assigned: 160, units_consumed: 8 });

    expect((await get(carla, 'get_company_packages_statistics')).data).toMatchObject({
      company_id: ids.caribe,
      expired: 1,
      consumed: 7,
    });
    expect((await get(tokens.elena, 'get_company_units_packages_statistics')).data).toMatchObject({
      company_id: ids.andina,
      units_available: 100,
    });
  });

  it('counts validation codes per channel: sent, validated, failed', async () => {
    const bySql = (companyId: number) =>
      one(sql`SELECT count(*) AS sent, count(*) FILTER (WHERE o.used_at IS NOT NULL) AS validated,
                     count(*) FILTER (WHERE o.used_at IS NULL AND o.expires_at <= ${clock.now().toISOString()}::timestamptz) AS failed
              FROM signer_otp_codes o JOIN signature_request_signers s ON s.id = o.signer_id
              WHERE s.company_id = ${companyId} AND o.channel = 'email'`);
    const all = await post(tokens.admin, 'get_companies_validation_codes', { itemsPerPage: 100 });
    expect(all.status).toBe(200);
    const andina = all.data.items.find((item: { company_id: number }) => item.company_id === ids.andina);
    expect(andina.email).toEqual(await bySql(ids.andina));
    expect(andina.email).toEqual({ sent: 2, validated: 1, failed: 1 });
    expect(andina.sms).toEqual({ sent: 0, validated: 0, failed: 0 });
    expect(all.data.totals.email).toEqual({ sent: 3, validated: 1, failed: 1 });
    const own = await post(carla, 'get_company_validation_codes', {});
    expect(own.data).toMatchObject({ company_id: ids.caribe, email: await bySql(ids.caribe) });
    // The day before the data: nothing; the day of it (Bogotá): everything.
    const before = await post(tokens.elena, 'get_company_validation_codes', {
      from: '2030-11-19',
      to: '2030-11-19',
    });
    expect(before.data.email.sent).toBe(0);
    const that = await post(tokens.elena, 'get_company_validation_codes', {
      from: '2030-11-20',
      to: '2030-11-20',
    });
    expect(that.data.email.sent).toBe(2);
    expect((await post(tokens.elena, 'get_company_validation_codes', { from: 'ayer' })).status).toBe(422);
  });

  it("shows a company user only their company's figures and refuses the platform's comparisons", async () => {
    expect((await get(tokens.branch, 'get_company_users_statistics')).data.company_id).toBe(ids.branch);
    expect((await get(tokens.branch, 'get_company_units_packages_statistics')).data).toMatchObject({
      company_id: ids.branch,
      assigned: 0,
    });
    const refused = [
      await post(tokens.elena, 'get_companies_statistics'),
      await get(tokens.elena, 'get_total_storage'),
      await get(tokens.elena, 'get_companies_users_statistics'),
      await get(tokens.elena, 'get_companies_packages_statistics'),
      await get(tokens.elena, 'get_companies_units_packages_statistics'),
      await post(tokens.elena, 'get_companies_validation_codes'),
    ];
    expect(refused.map((reply) => reply.status)).toEqual([403, 403, 403, 403, 403, 403]);
    // The operator lacks the company statistics permissions.
    expect((await get(tokens.oscar, 'get_company_users_statistics')).status).toBe(403);
    expect((await post(tokens.elena, 'get_company_statistics', { company_id: ids.caribe })).status).toBe(404);
  });
});
