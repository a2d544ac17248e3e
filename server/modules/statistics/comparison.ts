import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { likePattern, type PageInput, pageWindow } from '../common/listing.js';

/**
 * The figures of one statistic: `perCompany(companyId)` is a `SELECT company_id, <columns>
 * … GROUP BY company_id` over one company (a number) or every company (null); `columns` name its
 * figures, each summed for the totals. `extra` adds figures read from the company's own row (`c`).
 */
export type FigureQuery<Column extends string> = {
  columns: readonly Column[];
  perCompany: (companyId: number | null) => SQL;
  extra?: Partial<Record<Column, SQL>>;
  /** The figure companies are ranked by, largest first. */
  rankBy: Column;
};

export type CompanyRow<Column extends string> = { company_id: number; company_name: string } & Record<
  Column,
  number
>;

export type Comparison<Column extends string> = {
  items: CompanyRow<Column>[];
  total: number;
  totals: Record<Column, number>;
};

export type CompanyQuery = PageInput & { search?: string };

const figureOf = <Column extends string>(query: FigureQuery<Column>, column: Column) =>
  query.extra?.[column] ?? sql`coalesce(f.${sql.identifier(column)}, 0)`;

const numbers = <Column extends string>(
  columns: readonly Column[],
  row: Record<string, unknown>,
  prefix = '',
) =>
  Object.fromEntries(columns.map((column) => [column, Number(row[`${prefix}${column}`] ?? 0)])) as Record<
    Column,
    number
  >;

/**
 * Live companies (branches included, each on its own row) with their figures, ranked, one page;
 * the count and totals of every company that matches come from window sums over the same rows,
 * so one statement answers all three.
 */
export async function compareCompanies<Column extends string>(
  db: Db,
  query: FigureQuery<Column>,
  input: CompanyQuery,
): Promise<Comparison<Column>> {
  const { limit, offset } = pageWindow(input);
  const where = sql`c.deleted_at IS NULL${input.search ? sql` AND c.fiscal_name ILIKE ${likePattern(input.search)}` : sql``}`;
  const selected = sql.join(
    query.columns.map((column) => sql`${figureOf(query, column)} AS ${sql.identifier(column)}`),
    sql`, `,
  );
  const totals = sql.join(
    query.columns.map(
      (column) => sql`sum(${figureOf(query, column)}) OVER () AS ${sql.identifier(`total_${column}`)}`,
    ),
    sql`, `,
  );
  const from = sql`FROM companies c LEFT JOIN (${query.perCompany(null)}) f ON f.company_id = c.id WHERE ${where}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT c.id AS company_id, c.fiscal_name AS company_name, ${selected}, ${totals}, count(*) OVER () AS matching
        ${from}
        ORDER BY ${figureOf(query, query.rankBy)} DESC, c.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
  const first = rows[0] ?? (await totalsOnly(db, query, from));
  return {
    items: rows.map((row) => ({
      company_id: Number(row.company_id),
      company_name: String(row.company_name),
      ...numbers(query.columns, row),
    })),
    total: Number(first.matching ?? 0),
    totals: numbers(query.columns, first, 'total_'),
  };
}

/** A page past the last one still answers the count and totals. */
async function totalsOnly<Column extends string>(db: Db, query: FigureQuery<Column>, from: SQL) {
  const totals = sql.join(
    query.columns.map(
      (column) => sql`sum(${figureOf(query, column)}) AS ${sql.identifier(`total_${column}`)}`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${totals}, count(*) AS matching ${from}`,
  );
  return row ?? {};
}

/** One company's figures (zeros when it has nothing yet); null when the company does not exist. */
export async function companyFigures<Column extends string>(
  db: Db,
  query: FigureQuery<Column>,
  companyId: number,
): Promise<CompanyRow<Column> | null> {
  const selected = sql.join(
    query.columns.map((column) => sql`${figureOf(query, column)} AS ${sql.identifier(column)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT c.id AS company_id, c.fiscal_name AS company_name, ${selected}
        FROM companies c LEFT JOIN (${query.perCompany(companyId)}) f ON f.company_id = c.id
        WHERE c.id = ${companyId}`,
  );
  if (!row) return null;
  return {
    company_id: Number(row.company_id),
    company_name: String(row.company_name),
    ...numbers(query.columns, row),
  };
}
