import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { companies } from '../../server/db/schema/index.js';
import { COUNT_AHEAD, listTotal } from '../../server/modules/common/listing.js';
import { createTestDatabase } from './support/database.js';

const ROWS = COUNT_AHEAD + 200;
let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  // A PGlite copy is already migrated; a PostgreSQL test database starts empty.
  await applyMigrations(database);
  await database.db.execute(sql`
    INSERT INTO companies (fiscal_name, tax_id)
    SELECT 'Empresa ' || g, (800000000 + g)::text || '-1' FROM generate_series(1, ${ROWS}) AS g`);
});
afterAll(() => dispose());

const everyCompany = () => database.db.select({ one: sql`1` }).from(companies);
const someCompanies = () =>
  database.db.select({ one: sql`1` }).from(companies).where(sql`${companies.fiscalName} LIKE 'Empresa 1%'`);

describe('listTotal', () => {
  it('is exact when the matches end within the counted window', async () => {
    // 'Empresa 1…' matches 1, 10–19, 100–199 and 1000–1200: 312 rows.
    expect(await listTotal(database.db, someCompanies(), { page: 1, itemsPerPage: 15 })).toBe(312);
  });

  it('is exact on the last pages of a large list', async () => {
    const lastPage = { page: Math.ceil(ROWS / 15), itemsPerPage: 15 };
    expect(await listTotal(database.db, everyCompany(), lastPage)).toBe(ROWS);
  });

  it('stops counting past the window on a first page: a lower bound, never below what exists', async () => {
    const firstPage = { page: 1, itemsPerPage: 15 };
    expect(await listTotal(database.db, everyCompany(), firstPage)).toBe(15 + COUNT_AHEAD);
  });

  it("uses the planner's estimate of an unfiltered table when it is larger", async () => {
    await database.db.execute(sql`ANALYZE companies`);
    const total = await listTotal(database.db, everyCompany(), { page: 1, itemsPerPage: 15 }, 'companies');
    // reltuples after ANALYZE: the table's rows, well past the counted window.
    expect(total).toBeGreaterThan(15 + COUNT_AHEAD);
    expect(Math.abs(total - ROWS)).toBeLessThanOrEqual(ROWS * 0.1);
  });
});
