import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scratchDatabaseForFile } from '../../../tests/support/db/scratchDatabase.js';
import { queryRows } from '../../db/client.js';
import type { Actor } from '../../deps.js';
import { keptTotals, type ReportFilters, reportWhere } from './reports.service.js';

/**
 * The report's totals read whole months from the monthly totals and the days around them from the
 * daily ones: for any range of days they must equal counting the requests themselves.
 */

const company = (companyId: number): Actor => ({
  userId: 1,
  sessionId: 'totales',
  companyId,
  roleId: 1,
  permissions: new Set(),
  impersonatorUserId: null,
  visibleCompanyIds: [companyId],
});

const database = scratchDatabaseForFile('kept-totals', async ({ db }) => {
  await db.execute(sql`
    INSERT INTO companies (id, fiscal_name, tax_id) VALUES (601, 'Rangos S.A.S.', '900601001'), (602, 'Otra S.A.S.', '900602002')`);
  // One request a day from mid-October to early January (every fourth one completed), each at 23:30
  // in Bogotá — already the next day in UTC — with one or two signers.
  await db.execute(sql`
    INSERT INTO signature_requests (company_id, source, title, status, expires_at, validation_code, created_at)
    SELECT CASE WHEN g % 7 = 0 THEN 602 ELSE 601 END, 'single', 'Contrato ' || g,
           CASE WHEN g % 4 = 0 THEN 'completed' ELSE 'in_progress' END, now() + interval '30 days', 'RANGO-' || g,
           timestamptz '2025-10-15 23:30:00-05' + g * interval '1 day'
    FROM generate_series(0, 85) g`);
  await db.execute(sql`
    INSERT INTO signature_request_signers (request_id, company_id, number, turn, kind, name, email, token_hash, status)
    SELECT r.id, r.company_id, n, n, 'signer', 'Firmante', 'f' || r.id || n || '@cliente.co', md5('rango' || r.id || n), 'invited'
    FROM signature_requests r CROSS JOIN generate_series(1, 2) n WHERE n = 1 OR r.id % 3 = 0`);
});

async function bothWays(actor: Actor, filters: ReportFilters) {
  const [kept] = await queryRows<{ requests: string; units: string }>(
    database().db,
    sql`SELECT coalesce(sum(t.requests), 0) AS requests, coalesce(sum(t.units), 0) AS units
        FROM (${keptTotals(actor, 'company', filters)}) t`,
  );
  const [counted] = await queryRows<{ requests: string; units: string }>(
    database().db,
    sql`SELECT count(*) AS requests, coalesce(sum(sr.units), 0) AS units
        FROM signature_requests sr WHERE ${reportWhere(actor, 'company', filters)}`,
  );
  return { kept: { ...kept }, counted: { ...counted } };
}

describe('report totals from the kept totals', () => {
  const ranges: ReportFilters[] = [
    {},
    { date_from: '2025-11-01', date_to: '2025-11-30' },
    { date_from: '2025-11-05', date_to: '2025-11-20' },
    { date_from: '2025-10-20', date_to: '2025-12-31' },
    { date_from: '2025-10-31', date_to: '2026-01-01' },
    { date_from: '2025-12-01' },
    { date_from: '2025-12-02' },
    { date_to: '2025-11-30' },
    { date_to: '2025-11-29' },
    { date_from: '2025-11-16', date_to: '2025-11-16' },
    { date_from: '2025-10-20', date_to: '2025-12-31', status: 'completed' },
  ];
  for (const filters of ranges) {
    it(`equal counting the requests for ${JSON.stringify(filters)}`, async () => {
      let requests = 0;
      for (const actor of [company(601), company(602)]) {
        const { kept, counted } = await bothWays(actor, filters);
        expect(kept).toEqual(counted);
        requests += Number(counted.requests);
      }
      expect(requests, 'the range holds requests').toBeGreaterThan(0);
    });
  }
});
