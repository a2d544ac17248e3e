import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { preparedByIds } from '../../server/db/preparedByIds.js';
import { companies } from '../../server/db/schema/index.js';
import { ANCHOR_FROM_POSITION } from '../../server/modules/common/listAnchors.js';
import { COUNT_AHEAD, listOrder, listPage, listTotal } from '../../server/modules/common/listing.js';
import { createTestDatabase, testDatabaseKind } from './support/database.js';

// Past the counted window of a first page and past the position where deep pages seek.
const ROWS = Math.max(COUNT_AHEAD, ANCHOR_FROM_POSITION) + 200;
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
  database.db.select({ one: sql`1` }).from(companies).where(sql`${companies.fiscalName} LIKE 'Empresa 11%'`);

describe('listTotal', () => {
  it('is exact when the matches end within the counted window', async () => {
    // 'Empresa 11…' matches 11, 110–119 and 1100–1199: 111 rows.
    expect(await listTotal(database.db, someCompanies(), { page: 1, itemsPerPage: 15 })).toBe(111);
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

/** The ids of the companies whose name is LIKE `filter`, in the given direction of their id. */
const companiesLike = (filter: string, descending = false) =>
  database.db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.fiscalName} LIKE ${filter}`)
    .orderBy(descending ? desc(companies.id) : asc(companies.id));

/** Companies named 'Empresa …' in the given direction of their id, paged by listPage's one statement. */
function pageOf(
  page: { page: number; itemsPerPage: number },
  options: { filter?: string; descending?: boolean; estimate?: boolean } = {},
) {
  const db = database.db;
  return listPage({
    db,
    page,
    ordered: companiesLike(options.filter ?? 'Empresa %', options.descending),
    records: (ids) =>
      db
        .select({ id: companies.id, name: companies.fiscalName })
        .from(companies)
        .where(inArray(companies.id, ids)),
    toItem: (row) => row.name,
    estimateTable: options.estimate ? 'companies' : undefined,
  });
}

describe('listPage with one ordered query', () => {
  it('cuts the page out in the list order, with the exact total of a filtered list', async () => {
    const page = await pageOf({ page: 2, itemsPerPage: 5 }, { filter: 'Empresa 11%', descending: true });
    // Descending: 1199, 1198, … ; the second page of five starts at 1194.
    expect(page.items).toEqual([
      'Empresa 1194',
      'Empresa 1193',
      'Empresa 1192',
      'Empresa 1191',
      'Empresa 1190',
    ]);
    expect(page.total).toBe(111);
    expect(page).not.toHaveProperty('total_kind');
  });

  it('reaches a deep page in order and counts it exactly near the end', async () => {
    const lastPage = Math.ceil(ROWS / 15);
    const { items, total } = await pageOf({ page: lastPage - 1, itemsPerPage: 15 });
    const first = (lastPage - 2) * 15 + 1;
    expect(items).toEqual(Array.from({ length: 15 }, (_, index) => `Empresa ${first + index}`));
    expect(total).toBe(ROWS);
  });

  it('stops counting COUNT_AHEAD rows past a first page, or takes the estimate when larger', async () => {
    const bounded = await pageOf({ page: 1, itemsPerPage: 15 });
    expect(bounded).toMatchObject({ total: 15 + COUNT_AHEAD, total_kind: 'at_least' });
    await database.db.execute(sql`ANALYZE companies`);
    const estimated = await pageOf({ page: 1, itemsPerPage: 15 }, { estimate: true });
    expect(estimated.total_kind).toBe('approximate');
    expect(Math.abs(estimated.total - ROWS)).toBeLessThanOrEqual(ROWS * 0.1);
  });

  it('answers a page past the end with no items and the exact total, and an empty list with 0', async () => {
    expect(await pageOf({ page: 30, itemsPerPage: 15 }, { filter: 'Empresa 11%' })).toEqual({
      items: [],
      total: 111,
    });
    expect(await pageOf({ page: 1, itemsPerPage: 15 }, { filter: 'Nadie %' })).toEqual({
      items: [],
      total: 0,
    });
  });
});

describe('preparedByIds', () => {
  it('builds its query once per database and serves any set of ids, running nothing for none', async () => {
    let builds = 0;
    const namesByIds = preparedByIds('listing_test_names_by_ids', (db, ids) => {
      builds += 1;
      return db
        .select({ id: companies.id, name: companies.fiscalName })
        .from(companies)
        .where(sql`${companies.id} = ANY(${ids})`)
        .orderBy(asc(companies.id));
    });
    const [first, second] = await database.db
      .select({ id: companies.id })
      .from(companies)
      .orderBy(asc(companies.id))
      .limit(2);
    expect(await namesByIds(database.db, [second!.id, first!.id])).toEqual([
      { id: first!.id, name: 'Empresa 1' },
      { id: second!.id, name: 'Empresa 2' },
    ]);
    expect(await namesByIds(database.db, [second!.id])).toEqual([{ id: second!.id, name: 'Empresa 2' }]);
    expect(await namesByIds(database.db, [])).toEqual([]);
    expect(builds).toBe(1);
  });
});

/** A record with a timestamp, a decoded `sql` value and a left join that may be NULL. */
const parentCompany = alias(companies, 'parent');
const companyRecordsByIds = preparedByIds('listing_test_records_by_ids', (db, ids) =>
  db
    .select({
      id: companies.id,
      name: companies.fiscalName,
      createdAt: companies.createdAt,
      nameLength: sql<number>`length(${companies.fiscalName})`.mapWith(Number),
      parentName: parentCompany.fiscalName,
    })
    .from(companies)
    .leftJoin(parentCompany, sql`${parentCompany.id} = ${companies.parentId}`)
    .where(sql`${companies.id} = ANY(${ids})`),
);

describe('listPage with a preparedByIds query', () => {
  const pageWithRecords = (
    page: { page: number; itemsPerPage: number },
    filter: string,
    descending = false,
  ) =>
    listPage({
      db: database.db,
      page,
      ordered: companiesLike(filter, descending),
      recordsByIds: companyRecordsByIds,
      toItem: (row) => row,
    });

  it('reads the page and its records in one statement, in list order, decoded as the builder would', async () => {
    const session = database.db._.session;
    const statements = vi.spyOn(session, 'prepareQuery');
    const executes = vi.spyOn(database.db, 'execute');
    try {
      const page = await pageWithRecords({ page: 2, itemsPerPage: 5 }, 'Empresa 11%', true);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(executes).not.toHaveBeenCalled();
      expect(page.total).toBe(111);
      expect(page.items.map((item) => item.name)).toEqual([
        'Empresa 1194',
        'Empresa 1193',
        'Empresa 1192',
        'Empresa 1191',
        'Empresa 1190',
      ]);
      const [first] = page.items;
      expect(first?.createdAt).toBeInstanceOf(Date);
      expect(first).toMatchObject({ nameLength: 'Empresa 1194'.length, parentName: null });
      const [built] = await database.db
        .select({ createdAt: companies.createdAt })
        .from(companies)
        .where(sql`${companies.id} = ${first!.id}`);
      expect(first?.createdAt).toEqual(built?.createdAt);
    } finally {
      statements.mockRestore();
      executes.mockRestore();
    }
  });

  it.runIf(testDatabaseKind === 'postgresql')(
    'is planned once per connection on PostgreSQL, whatever the values',
    async () => {
      await pageWithRecords({ page: 1, itemsPerPage: 5 }, 'Empresa 11%');
      await pageWithRecords({ page: 3, itemsPerPage: 5 }, 'Empresa 2%');
      // Sequential queries reuse the pool's most recently released connection.
      const { rows } = (await database.db.execute(
        sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'list\_%'`,
      )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
      // Every list statement of this connection ran its one generic plan; none was planned per call.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.custom_plans === '0')).toBe(true);
      expect(Math.max(...rows.map((row) => Number(row.generic_plans)))).toBeGreaterThanOrEqual(2);
    },
  );

  it('gives the same pages and totals as the two-statement form, past the end and when empty', async () => {
    const lastPage = Math.ceil(ROWS / 15);
    const deep = await pageWithRecords({ page: lastPage - 1, itemsPerPage: 15 }, 'Empresa %');
    expect(deep.total).toBe(ROWS);
    expect(deep.items.map((item) => item.name)).toEqual(
      (await pageOf({ page: lastPage - 1, itemsPerPage: 15 })).items,
    );
    expect(await pageWithRecords({ page: 30, itemsPerPage: 15 }, 'Empresa 11%')).toEqual({
      items: [],
      total: 111,
    });
    expect(await pageWithRecords({ page: 1, itemsPerPage: 15 }, 'Nadie %')).toEqual({ items: [], total: 0 });
  });
});

describe('listPage seeking deep pages from remembered sort keys', () => {
  const SORTS = { id: companies.id, fiscal_name: companies.fiscalName, created_at: companies.createdAt };
  /** The page through a seekable query (anchors) or a plain one (OFFSET only), by the given sort. */
  const namesOn = async (
    page: { page: number; itemsPerPage: number },
    sort: keyof typeof SORTS,
    descending: boolean,
    seeking: boolean,
  ) => {
    const db = database.db;
    const order = listOrder(SORTS, companies.id, sort, 'id', descending ? 'DESC' : 'ASC');
    const query = (after?: SQL) =>
      db
        .select({ id: companies.id })
        .from(companies)
        .where(and(sql`${companies.fiscalName} LIKE 'Empresa %'`, after))
        .orderBy(...order.by);
    const result = await listPage({
      db,
      page,
      ordered: seeking ? { order, query } : query(),
      recordsByIds: companyRecordsByIds,
      toItem: (row) => row.name,
    });
    return { names: result.items, total: result.total };
  };

  it.each([
    ['id', false],
    ['fiscal_name', true],
    // A timestamp's keys go through JSON and back as text.
    ['created_at', false],
  ] as const)(
    'by %s (descending: %s) serves the page again, and the next ones, as OFFSET would',
    async (sort, descending) => {
      const deep = { page: 70, itemsPerPage: 15 };
      const statements = vi.spyOn(database.db._.session, 'prepareQuery');
      // The clock stands still, so the remembered keys cannot expire between the two reads
      // however slow the machine is.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const first = await namesOn(deep, sort, descending, true);
        const again = await namesOn(deep, sort, descending, true);
        // The second read started at the first row's keys: a row comparison, no rows skipped.
        const [, [secondQuery]] = statements.mock.calls as unknown as [
          unknown,
          [{ sql: string; params: unknown[] }],
        ];
        expect(secondQuery.sql).toMatch(descending ? /\) <= \(/ : /\) >= \(/);
        expect(secondQuery.params).toContain(0);
        const reference = await namesOn(deep, sort, descending, false);
        expect(first).toEqual(reference);
        expect(again).toEqual(reference);
        expect(first.names).toHaveLength(15);
        for (const next of [71, 72, 79]) {
          const page = { page: next, itemsPerPage: 15 };
          expect(await namesOn(page, sort, descending, true)).toEqual(
            await namesOn(page, sort, descending, false),
          );
        }
      } finally {
        vi.useRealTimers();
        statements.mockRestore();
      }
    },
  );

  it('starts at the next row when the remembered first row is deleted', async () => {
    const deep = { page: 75, itemsPerPage: 15 };
    const before = await namesOn(deep, 'id', false, true);
    const [gone] = await database.db
      .select({ id: companies.id, name: companies.fiscalName, taxId: companies.taxId })
      .from(companies)
      .where(sql`${companies.fiscalName} = ${before.names[0]}`);
    await database.db.execute(sql`DELETE FROM companies WHERE id = ${gone!.id}`);
    try {
      const after = await namesOn(deep, 'id', false, true);
      expect(after.names.slice(0, 14)).toEqual(before.names.slice(1));
      expect(after).toEqual(await namesOn(deep, 'id', false, false));
    } finally {
      await database.db
        .insert(companies)
        .values({ id: gone!.id, fiscalName: gone!.name, taxId: gone!.taxId });
    }
  });
});
