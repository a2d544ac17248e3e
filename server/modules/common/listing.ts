import { type AnyColumn, asc, Column, desc, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TotalKind } from '../../../contract/schemas.js';
import { type Db, queryRows } from '../../db/client.js';
import {
  type InlineRecords,
  perDatabase,
  type RecordsByIds,
  statementNamer,
} from '../../db/preparedByIds.js';
import { ANCHOR_FROM_POSITION, ListAnchors } from './listAnchors.js';

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type PageInput = { page: number; itemsPerPage: number };

/** LIMIT/OFFSET of a 1-based page. */
export const pageWindow = ({ page, itemsPerPage }: PageInput) => ({
  limit: itemsPerPage,
  offset: (page - 1) * itemsPerPage,
});

/**
 * A list's ORDER BY and, when its rows can be sought by their sort keys through an index, those
 * keys (see `listPage`'s anchors): every key a NOT NULL column of the id's table (a NULL never
 * compares, so a seek would drop those rows) and no search.
 */
export type ListOrder = { by: SQL[]; seek?: { keys: AnyColumn[]; descending: boolean } };

/**
 * ORDER BY for a whitelisted sort key, with the id as tie-breaker so that pages never overlap.
 * `columns` maps the API's sort keys to columns; unknown keys cannot reach here (zod enums).
 */
export function listOrder<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  idColumn: AnyColumn,
  sort: K | undefined,
  fallback: K,
  order: 'ASC' | 'DESC' | undefined,
  options: { searching?: boolean } = {},
): ListOrder {
  const direction = order === 'DESC' ? desc : asc;
  const key = columns[sort ?? fallback];
  const keys = key === idColumn ? [idColumn] : [key, idColumn];
  // A search matches few rows, found through its trigram indexes and then sorted. Walking the
  // sort's index instead, hoping to meet 15 matches early, reads the whole table when they are
  // rare: COALESCE(x, x) sorts the same but hides the index from the planner.
  const by = [key, idColumn].map((part) =>
    direction(options.searching ? sql`COALESCE(${part}, ${part})` : part),
  );
  const seekable =
    !options.searching &&
    keys.every((part) => is(part, Column) && part.notNull && part.table === idColumn.table);
  return seekable ? { by, seek: { keys: keys as AnyColumn[], descending: order === 'DESC' } } : { by };
}

/** The ORDER BY of `listOrder`, for lists that do not seek. */
export const orderFor = (...args: Parameters<typeof listOrder>): SQL[] => listOrder(...args).by;

/** How many rows past the end of the requested page the count still counts exactly. */
export const COUNT_AHEAD = 300;

/**
 * The `total` of a list reply `{ items, total }`, without counting a large table on every page:
 * the count stops COUNT_AHEAD rows past the end of the requested page. While the matching rows
 * stop before that, `total` is exact (every small list, every filtered list that matches few
 * rows, the last pages of any list). Beyond it `total` is an estimate that is never below the
 * rows known to exist: for an unfiltered list (`estimateTable`), the planner's row estimate of
 * that table; otherwise the counted bound, so "next page" stays enabled.
 */
export async function listTotal(
  db: Db,
  matches: SQLWrapper,
  page: PageInput,
  estimateTable?: string,
): Promise<number> {
  return (await countedTotal(db, matches, page, estimateTable)).total;
}

type Total = { total: number; kind?: TotalKind };

/** The total from the capped count (and the table's estimate), with how exact it is. */
function totalFrom(counted: number, cap: number, estimated: number | null | undefined): Total {
  if (counted < cap) return { total: counted };
  const estimate = Number(estimated ?? 0);
  return estimate > counted ? { total: estimate, kind: 'approximate' } : { total: counted, kind: 'at_least' };
}

async function countedTotal(
  db: Db,
  matches: SQLWrapper,
  page: PageInput,
  estimateTable?: string,
): Promise<Total> {
  const { limit, offset } = pageWindow(page);
  const cap = offset + limit + COUNT_AHEAD;
  const [row] = await queryRows<{ counted: number; estimated: number | null }>(
    db,
    sql`SELECT (SELECT count(*) FROM (${matches} LIMIT ${cap}) AS matches)::int AS counted,
      ${estimateTable ? sql`(SELECT reltuples FROM pg_class WHERE oid = to_regclass(${estimateTable}))::bigint` : sql`NULL::bigint`} AS estimated`,
  );
  return totalFrom(Number(row?.counted ?? 0), cap, row?.estimated);
}

type PageRecords<Row extends { id: number }, Item> = {
  db: Db;
  page: PageInput;
  toItem: (row: Row) => Item;
  estimateTable?: string;
} & (
  | { records: (ids: number[]) => Promise<Row[]> }
  /** A `preparedByIds` query: with `ordered`, it runs inside the page's statement. */
  | { recordsByIds: RecordsByIds<Row> }
);

/**
 * A page of a list and its total. `ordered` is the matching ids in the list's order, without
 * LIMIT or OFFSET (narrow: the planner walks an index for the sort); `records` loads the page's
 * rows with their joins, so deep pages skip over ids only, never over joined rows.
 *
 * The ids and the total come from one statement and one walk of the index: the first
 * offset + limit + COUNT_AHEAD matches are counted (as `listTotal` does) while the page is cut
 * out of them.
 *
 * When `records` is a `preparedByIds` query, the page's rows come in that same statement: one
 * round trip per page (`pageWithRecords`).
 *
 * The older form, a windowed `ids` query and a `matches` query run side by side, stays for the
 * lists that have not moved to `ordered` yet.
 */
export async function listPage<Row extends { id: number }, Item>(
  options: PageRecords<Row, Item> &
    ({ ordered: SQLWrapper | Seekable } | { ids: SQLWrapper; matches: SQLWrapper }),
): Promise<{ items: Item[]; total: number; total_kind?: TotalKind }> {
  const { db, page } = options;
  const loadRecords = (ids: number[]) =>
    'recordsByIds' in options ? options.recordsByIds(db, ids) : options.records(ids);
  let ids: number[];
  let total: Total;
  let rows: Row[] | undefined;
  if ('ordered' in options && 'recordsByIds' in options) {
    const records = options.recordsByIds.inline(db);
    const seekable = isSeekable(options.ordered)
      ? options.ordered
      : { query: () => options.ordered as SQLWrapper };
    ({ ids, rows, ...total } = await pageWithRecords(db, seekable, page, records, options.estimateTable));
  } else if ('ordered' in options) {
    const ordered = isSeekable(options.ordered) ? options.ordered.query() : options.ordered;
    ({ ids, ...total } = await countedPage(db, ordered, page, options.estimateTable));
  } else {
    const [pageIds, counted] = await Promise.all([
      queryRows<{ id: number }>(db, sql`${options.ids}`),
      countedTotal(db, options.matches, page, options.estimateTable),
    ]);
    ids = pageIds.map((row) => Number(row.id));
    total = counted;
  }
  rows ??= ids.length ? await loadRecords(ids) : [];
  const byId = new Map(rows.map((row) => [row.id, options.toItem(row)]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return { items, total: total.total, ...(total.kind ? { total_kind: total.kind } : {}) };
}

/**
 * The page's ids and the list's total in one statement and one walk of the sort's index: the walk
 * skips the rows before the page (OFFSET) and takes the page plus COUNT_AHEAD more, and only those
 * are aggregated; the page is the first `limit` of them and the total is the offset plus how many
 * there are. An aggregate fed by a sorted subquery keeps its order when the outer query has no
 * join (PostgreSQL's documentation on aggregates). Aggregating every row up to the page's end
 * into the array instead cost a deep page twice as much (PostgreSQL, the company list's page 3000:
 * 5.4 against 2.3 ms); a window count (`count(*) OVER ()`) buffered every row. Only a page past
 * the end reads nothing: its total comes from a second, capped count.
 */
async function countedPage(
  db: Db,
  ordered: SQLWrapper,
  page: PageInput,
  estimateTable?: string,
): Promise<{ ids: number[] } & Total> {
  const { limit, offset } = pageWindow(page);
  const [row] = await queryRows<WindowRow>(db, windowOf(ordered, { skip: offset, limit }, estimateTable));
  return { ids: (row?.ids ?? []).map(Number), ...(await windowTotal(db, () => ordered, page, row)) };
}

type WindowRow = { ids: number[] | null; counted: number; estimated: number | null };

/** The window's statement: the page's ids, how many rows the window holds, the table's estimate. */
function windowOf(
  ordered: SQLWrapper,
  { skip, limit }: { skip: number; limit: number },
  estimateTable?: string,
): SQL {
  return sql`SELECT (array_agg(windowed.id))[1 : ${limit}::int] AS ids,
      count(*)::int AS counted,
      ${estimateTable ? sql`(SELECT reltuples FROM pg_class WHERE oid = to_regclass(${estimateTable}))::bigint` : sql`NULL::bigint`} AS estimated
      FROM (${ordered} OFFSET ${skip} LIMIT ${limit + COUNT_AHEAD}) AS windowed`;
}

/** The list's total from its window (a page past the end counts again, capped at the offset). */
async function windowTotal(
  db: Db,
  ordered: () => SQLWrapper,
  page: PageInput,
  row: WindowRow | undefined,
): Promise<Total> {
  const { limit, offset } = pageWindow(page);
  const inWindow = Number(row?.counted ?? 0);
  const counted =
    inWindow > 0 || offset === 0
      ? offset + inWindow
      : await listTotal(db, ordered(), { page: 1, itemsPerPage: offset });
  return totalFrom(counted, offset + limit + COUNT_AHEAD, row?.estimated);
}

const dialect = new PgDialect();

/**
 * `countedPage` with the page's records in the same statement: the window's one row joined
 * laterally to the records query by its ids (one row of NULLs when the page is empty). Each
 * statement costs a round trip, and on a 2-core server the socket write and PostgreSQL's wake-up
 * for it were about a sixth of a first page's CPU (`bench/README.md`, "Lists at 100,000 rows").
 * The rows come back in array mode, so the records' duplicate column names do not matter.
 */
async function pageWithRecords<Row>(
  db: Db,
  ordered: Pick<Seekable, 'query'> & { order?: ListOrder },
  page: PageInput,
  records: InlineRecords<Row>,
  estimateTable?: string,
): Promise<{ ids: number[]; rows: Row[] } & Total> {
  const { limit, offset } = pageWindow(page);
  const seek = offset >= ANCHOR_FROM_POSITION ? ordered.order?.seek : undefined;
  const anchorsKey = seek ? queryKey(ordered.query()) : undefined;
  const anchor = anchorsKey ? anchorsOf(db).nearest(anchorsKey, offset) : undefined;
  const source = seek && anchor ? ordered.query(seekFrom(seek, anchor.keys)) : ordered.query();
  const window = windowOf(source, { skip: offset - (anchor?.position ?? 0), limit }, estimateTable);
  // The sort keys of the page's first row, to start the next request for this page from them
  // (not again while a remembered anchor starts this very page).
  const capture = seek !== undefined && anchor?.position !== offset;
  const firstKeys = capture
    ? sql`(SELECT json_build_array(${sql.join(seek.keys, sql`, `)}) FROM ${seek.keys[0]!.table} WHERE ${seek.keys.at(-1)} = list_window.ids[1])`
    : sql`NULL::json`;
  const recordsText = records.text.replace(/\$1(?!\d)/g, 'list_window.ids');
  const query = dialect.sqlToQuery(sql`WITH list_window AS (${window})
    SELECT list_window.ids, list_window.counted, list_window.estimated, ${firstKeys} AS first_keys, list_record.*
    FROM list_window LEFT JOIN LATERAL (${sql.raw(recordsText)}) AS list_record ON true`);
  // Named after its text, so that PostgreSQL plans each shape of a list once per connection
  // (see `plan_cache_mode` in server/db/client.ts): planning the records' joins cost more than
  // running a first page.
  const name = listStatementName(db)(query.sql);
  const lines = (await db._.session
    .prepareQuery(query, undefined, name, true, (rows) => rows as unknown[][])
    .execute()) as unknown[][];
  const [ids, counted, estimated, keys] = (lines[0] ?? [null, 0, null, null]) as [
    number[] | null,
    number,
    number | null,
    unknown[] | null,
  ];
  if (anchorsKey && capture && keys) anchorsOf(db).remember(anchorsKey, offset, keys);
  const rows = (ids?.length ? lines : []).map((line) => records.toRow(line.slice(4)));
  const windowRow = { ids, counted, estimated };
  return {
    ids: (ids ?? []).map(Number),
    rows,
    ...(await windowTotal(db, () => ordered.query(), page, windowRow)),
  };
}

/**
 * An ordered query that can start at given sort keys: `query(after)` adds `after` to its
 * conditions, and `order` is the `listOrder` it sorts by.
 */
export type Seekable = { query(after?: SQL): SQLWrapper; order: ListOrder };

const isSeekable = (ordered: SQLWrapper | Seekable): ordered is Seekable =>
  'order' in ordered && typeof (ordered as Seekable).query === 'function';

/** Rows at or after the given keys in the list's order (a row comparison the sort's index serves). */
function seekFrom(seek: NonNullable<ListOrder['seek']>, keys: readonly unknown[]): SQL {
  const values = sql.join(
    keys.map((value) => sql`${value}`),
    sql`, `,
  );
  return sql`(${sql.join(seek.keys, sql`, `)}) ${sql.raw(seek.descending ? '<=' : '>=')} (${values})`;
}

/** At most this many list statements are kept prepared on each connection. */
const MAX_NAMED_LIST_STATEMENTS = 500;
const listStatementName = perDatabase(() => statementNamer('list', MAX_NAMED_LIST_STATEMENTS));
const anchorsOf = perDatabase(() => new ListAnchors());

/** A query's identity for its anchors: its text and its values. */
function queryKey(query: SQLWrapper): string {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return `${text}\u0000${JSON.stringify(params)}`;
}
