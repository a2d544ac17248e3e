import type { Readable } from 'node:stream';
import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../../contract/define.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import type { Db } from '../../db/client.js';
import { preparedByIds, type RecordsByIds } from '../../db/preparedByIds.js';
import { companies } from '../../db/schema/companies.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import { isForeignKeyViolation, isUniqueViolation } from './constraintErrors.js';
import { likePattern, listOrder, listPage } from './listing.js';
import { columnNamed, filterColumnsOf, sortColumnsOf } from './listSorts.js';

/** A company's records: a serial `id`, the owning `companyId`, optionally `updatedAt` / `deletedAt`. */
export type CompanyTable = PgTable & {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  updatedAt?: AnyPgColumn;
  deletedAt?: AnyPgColumn;
};

/** A table row joined with its company's name (what `toRecords` turns into API records). */
export type CrudRow<T extends CompanyTable> = T['$inferSelect'] & { id: number; companyName: string };

/**
 * The common shape of a company-scoped resource, declared once: the service below gives it a
 * list (search, filters, sort, pages), get, create, update, delete and an .xlsx export. API field
 * names are the SQL column names (`company_id`, `created_at`), dates travel as ISO text.
 */
export type CrudDeclaration<
  T extends CompanyTable,
  R extends { id: number },
  E extends EndpointDefinition,
> = {
  table: T;
  /** The contract's record schema: it types the records (the reply schema checks them). */
  record?: z.ZodType<R>;
  /**
   * The contract's list endpoint: its `sort` enum and its filters (matched exactly, by SQL column
   * name) are the service's, declared nowhere else.
   */
  list: E;
  /** Columns the free-text search looks in (ILIKE, `%` and `_` literal). */
  search: readonly AnyPgColumn[];
  /** Sort keys that are no column of the table (or sort otherwise: lower-cased), with their expression. */
  sortBy?: Partial<Record<SortKeyOf<E>, AnyPgColumn | SQL>>;
  /** The sort when the request gives none. */
  defaultSort: NoInfer<SortKeyOf<E>>;
  /** SQL column → 409 message: the value is unique among the company's live records (any case). */
  unique?: Readonly<Record<string, string>>;
  messages: CrudMessages;
  /** Rows → records; by default every column under its SQL name, plus `company_name`. */
  toRecords?: (db: Db, rows: CrudRow<T>[]) => Promise<R[]>;
  export?: { sheetName: string; filePrefix: string; columns: readonly ExportColumn<R>[] };
};

export type CrudMessages = { created: string; updated: string; deleted: string; inUse?: string };

/** The replies of a resource named by a masculine Spanish noun: «Centro de costo creado». */
export const crudMessages = (noun: string): CrudMessages => ({
  created: `${noun} creado`,
  updated: `${noun} actualizado`,
  deleted: `${noun} eliminado`,
});

export type CrudListInput<S extends string = string> = {
  companyId: number;
  page: number;
  itemsPerPage: number;
  search?: string;
  sort?: S;
  order?: 'ASC' | 'DESC';
  /** Values of the declared filters, by SQL column name (others are ignored). */
  filters?: Readonly<Record<string, unknown>>;
};

export type CrudExportInput = { company_id?: number; search?: string; [filter: string]: unknown };

const IN_USE = 'El registro está en uso y no se puede eliminar';

/** Every column under its SQL name, dates as ISO text, plus the company's name. */
function plainRecord(table: CompanyTable, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[key];
    record[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  record.company_name = row.companyName;
  return record;
}

/** The table's values named in an API body (by SQL column name); id and owner never change. */
function valuesOf(table: CompanyTable, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (key === 'id' || key === 'companyId' || !(column.name in body)) continue;
    const value = body[column.name];
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** The service of one declared resource. */
export function crudService<T extends CompanyTable, R extends { id: number }, E extends EndpointDefinition>(
  declaration: CrudDeclaration<T, R, E>,
) {
  const { table } = declaration;
  const sortColumns = sortColumnsOf(declaration.list, table, declaration.sortBy);
  const filters = filterColumnsOf(declaration.list, table);
  const live = table.deletedAt ? isNull(table.deletedAt) : undefined;
  const toRecords =
    declaration.toRecords ??
    (async (_db: Db, rows: CrudRow<T>[]) => rows.map((row) => plainRecord(table, row) as unknown as R));
  const selectRows = (db: Db) =>
    db
      .select({ ...getTableColumns(table), companyName: companies.fiscalName })
      .from(table as PgTable)
      .innerJoin(companies, eq(companies.id, table.companyId));
  const rowsWhere = async (db: Db, where: SQL | undefined) =>
    (await selectRows(db).where(where)) as unknown as CrudRow<T>[];
  const rowsByIds = preparedByIds(`${getTableName(table)}_rows_by_ids`, (db, ids) =>
    selectRows(db).where(sql`${table.id} = ANY(${ids})`),
  );

  /** Live records of live companies, narrowed by search and the declared filters. */
  function matching(
    companyIds: 'all' | readonly number[],
    search?: string,
    values: Readonly<Record<string, unknown>> = {},
  ) {
    const pattern = search ? likePattern(search) : undefined;
    return and(
      live,
      isNull(companies.deletedAt),
      companyIds === 'all' ? undefined : inArray(table.companyId, [...companyIds]),
      ...filters.map((name) => {
        const column = columnNamed(table, name);
        return column && values[name] !== undefined ? eq(column, values[name]) : undefined;
      }),
      pattern ? or(...declaration.search.map((column) => ilike(column, pattern))) : undefined,
    );
  }

  async function get(db: Db, id: number): Promise<R> {
    const [row] = await rowsWhere(db, and(eq(table.id, id), live));
    if (!row) throw notFound();
    return (await toRecords(db, [row]))[0]!;
  }

  async function list(
    deps: Deps,
    input: CrudListInput<SortKeyOf<E>>,
  ): Promise<{ items: R[]; total: number }> {
    const { db } = deps.database;
    const where = matching([input.companyId], input.search, input.filters);
    const order = listOrder(sortColumns, table.id, input.sort, declaration.defaultSort, input.order, {
      searching: !!input.search,
    });
    const page = await listPage({
      db,
      page: input,
      ordered: {
        order,
        query: (after) =>
          db
            .select({ id: table.id })
            .from(table as PgTable)
            .innerJoin(companies, eq(companies.id, table.companyId))
            .where(and(where, after))
            .orderBy(...order.by),
      },
      recordsByIds: rowsByIds as unknown as RecordsByIds<CrudRow<T>>,
      toItem: (row) => row,
    });
    return { ...page, items: await toRecords(db, page.items) };
  }

  /** 409 naming the first unique field whose value another live record of the company holds. */
  async function assertUnique(db: Db, companyId: number, values: Record<string, unknown>, exceptId?: number) {
    for (const [name, message] of Object.entries(declaration.unique ?? {})) {
      const column = columnNamed(table, name);
      const value = values[name];
      if (!column || value === undefined || value === null) continue;
      const same =
        typeof value === 'string' ? sql`lower(${column}) = ${value.toLowerCase()}` : eq(column, value);
      const [taken] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(eq(table.companyId, companyId), same, live, exceptId ? ne(table.id, exceptId) : undefined))
        .limit(1);
      if (taken) throw conflict(message, { [name]: message });
    }
  }

  /** Runs a write (after `assertUnique`): a unique value a concurrent write took meanwhile still answers 409. */
  async function uniqueWrite<W>(
    db: Db,
    companyId: number,
    values: Record<string, unknown>,
    work: () => Promise<W>,
    exceptId?: number,
  ): Promise<W> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await assertUnique(db, companyId, values, exceptId);
      const [name, message] = Object.entries(declaration.unique ?? {})[0] ?? ['', IN_USE];
      throw conflict(message, name ? { [name]: message } : undefined);
    }
  }

  /** `body` is the contract's create body: `company_id` and the columns by their SQL names. */
  async function create(deps: Deps, body: { company_id: number } & Record<string, unknown>): Promise<R> {
    const { db } = deps.database;
    const values = { ...valuesOf(table, body), companyId: body.company_id };
    await assertUnique(db, body.company_id, body);
    const [row] = await uniqueWrite(db, body.company_id, body, () =>
      db
        .insert(table)
        .values(values as T['$inferInsert'])
        .returning({ id: table.id }),
    );
    return get(db, Number(row!.id));
  }

  async function update(deps: Deps, id: number, body: Record<string, unknown>): Promise<R> {
    const { db } = deps.database;
    const [current] = await db
      .select({ companyId: table.companyId })
      .from(table as PgTable)
      .where(and(eq(table.id, id), live));
    if (!current) throw notFound();
    const values = { ...valuesOf(table, body), ...(table.updatedAt ? { updatedAt: deps.clock.now() } : {}) };
    await assertUnique(db, Number(current.companyId), body, id);
    await uniqueWrite(
      db,
      Number(current.companyId),
      body,
      () =>
        db
          .update(table)
          .set(values as Partial<T['$inferInsert']>)
          .where(eq(table.id, id)),
      id,
    );
    return get(db, id);
  }

  /** Soft delete where the table has `deletedAt`; otherwise a delete that a reference refuses (409). */
  async function remove(deps: Deps, id: number): Promise<void> {
    const { db } = deps.database;
    try {
      const done = table.deletedAt
        ? await db
            .update(table)
            .set({ deletedAt: deps.clock.now() } as Partial<T['$inferInsert']>)
            .where(and(eq(table.id, id), live))
            .returning({ id: table.id })
        : await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      if (done.length === 0) throw notFound();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(declaration.messages.inUse ?? IN_USE);
      throw error;
    }
  }

  /** Every matching record of one company (or of all the actor sees), streamed as .xlsx. */
  function exportXlsx(
    deps: Deps,
    actor: Actor,
    input: CrudExportInput,
  ): { stream: Readable; filename: string } {
    const spec = declaration.export;
    if (!spec) throw notFound();
    const { company_id: companyId, search, ...filters } = input;
    const where = matching(companyId ? [companyId] : actor.visibleCompanyIds, search, filters);
    const { db } = deps.database;
    const batches = keysetBatches(async (lastId, size) => {
      const rows = await selectRows(db)
        .where(and(where, gt(table.id, lastId)))
        .orderBy(asc(table.id))
        .limit(size);
      return toRecords(db, rows as unknown as CrudRow<T>[]);
    });
    const stream = streamXlsx({
      sheetName: spec.sheetName,
      columns: spec.columns,
      batches,
      onError: (error) => deps.logger.error({ err: error }, `Falló la exportación de ${spec.sheetName}`),
    });
    return { stream, filename: `${spec.filePrefix}-${deps.clock.now().toISOString().slice(0, 10)}.xlsx` };
  }

  return { declaration, get, list, create, update, remove, exportXlsx, assertUnique, uniqueWrite };
}
