import type { Readable } from 'node:stream';
import { and, asc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentTypeRecord } from '../../../contract/endpoints/documentTypes.js';
import type { Db } from '../../db/client.js';
import { companies, documentTypes } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import { isForeignKeyViolation, isUniqueViolation } from '../common/constraintErrors.js';
import { likePattern, listPage, orderFor, pageWindow } from '../common/listing.js';

export type DocumentTypeRecord = z.output<typeof documentTypeRecord>;
type Status = DocumentTypeRecord['status'];

export const DOCUMENT_TYPE_MESSAGES = {
  created: 'Tipo de documento creado',
  updated: 'Tipo de documento actualizado',
  deleted: 'Tipo de documento eliminado',
  nameTaken: 'Ya existe un tipo de documento con este nombre en la empresa',
  inUse: 'El tipo de documento está en uso y no se puede eliminar; puede desactivarlo',
} as const;

const STATUS_LABELS = { active: 'Activo', inactive: 'Inactivo' } as const satisfies Record<Status, string>;

const columns = {
  id: documentTypes.id,
  companyId: documentTypes.companyId,
  companyName: companies.fiscalName,
  name: documentTypes.name,
  code: documentTypes.code,
  description: documentTypes.description,
  status: documentTypes.status,
  createdAt: documentTypes.createdAt,
  updatedAt: documentTypes.updatedAt,
};

const toRecord = (row: Row): DocumentTypeRecord => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  name: row.name,
  code: row.code,
  description: row.description,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const selectTypes = (db: Db) =>
  db.select(columns).from(documentTypes).innerJoin(companies, eq(companies.id, documentTypes.companyId));

type Row = Awaited<ReturnType<typeof selectTypes>>[number];

export async function getDocumentType(db: Db, typeId: number): Promise<DocumentTypeRecord> {
  const [row] = await selectTypes(db).where(eq(documentTypes.id, typeId));
  if (!row) throw notFound();
  return toRecord(row);
}

type Filters = { companyIds: 'all' | readonly number[]; search?: string; status?: Status };

/** Types of live companies, narrowed by the filters (query joins companies). */
function conditions(filters: Filters): SQL | undefined {
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  return and(
    isNull(companies.deletedAt),
    filters.companyIds === 'all' ? undefined : inArray(documentTypes.companyId, [...filters.companyIds]),
    filters.status ? eq(documentTypes.status, filters.status) : undefined,
    pattern
      ? or(
          ilike(documentTypes.name, pattern),
          ilike(documentTypes.code, pattern),
          ilike(documentTypes.description, pattern),
        )
      : undefined,
  );
}

const SORT_COLUMNS = {
  id: documentTypes.id,
  name: sql`lower(${documentTypes.name})`,
  code: documentTypes.code,
  status: documentTypes.status,
  created_at: documentTypes.createdAt,
} as const;

export type DocumentTypeListInput = {
  companyId: number;
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: Status;
  sort?: keyof typeof SORT_COLUMNS;
  order?: 'ASC' | 'DESC';
};

/** A page of one company's document types (by name unless sorted otherwise). */
export async function listDocumentTypes(
  deps: Deps,
  input: DocumentTypeListInput,
): Promise<{ items: DocumentTypeRecord[]; total: number }> {
  const { db } = deps.database;
  const where = conditions({ companyIds: [input.companyId], search: input.search, status: input.status });
  const { limit, offset } = pageWindow(input);
  const order = orderFor(SORT_COLUMNS, documentTypes.id, input.sort, 'name', input.order, {
    searching: !!input.search,
  });
  const joined = () =>
    db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .innerJoin(companies, eq(companies.id, documentTypes.companyId));
  return listPage({
    db,
    page: input,
    ids: joined()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    matches: joined().where(where),
    records: (ids) => selectTypes(db).where(inArray(documentTypes.id, ids)),
    toItem: toRecord,
  });
}

const nameTaken = () =>
  conflict(DOCUMENT_TYPE_MESSAGES.nameTaken, { name: DOCUMENT_TYPE_MESSAGES.nameTaken });

async function assertNameFree(db: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.companyId, companyId),
        sql`lower(${documentTypes.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(documentTypes.id, exceptId) : undefined,
      ),
    );
  if (taken) throw nameTaken();
}

/** A unique name lost to a concurrent write still answers 409. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export type NewDocumentType = {
  company_id: number;
  name: string;
  code?: string | null;
  description?: string | null;
  status: Status;
};

export async function addDocumentType(deps: Deps, input: NewDocumentType): Promise<DocumentTypeRecord> {
  const { db } = deps.database;
  await assertNameFree(db, input.company_id, input.name);
  const [row] = await uniqueName(() =>
    db
      .insert(documentTypes)
      .values({
        companyId: input.company_id,
        name: input.name,
        code: input.code ?? null,
        description: input.description ?? null,
        status: input.status,
      })
      .returning({ id: documentTypes.id }),
  );
  return getDocumentType(db, row!.id);
}

export type DocumentTypeChanges = {
  name?: string;
  code?: string | null;
  description?: string | null;
  status?: Status;
};

export async function updateDocumentType(
  deps: Deps,
  typeId: number,
  input: DocumentTypeChanges,
): Promise<DocumentTypeRecord> {
  const { db } = deps.database;
  const current = await getDocumentType(db, typeId);
  if (input.name !== undefined) await assertNameFree(db, current.company_id, input.name, typeId);
  await uniqueName(() =>
    db
      .update(documentTypes)
      .set({ ...input, updatedAt: deps.clock.now() })
      .where(eq(documentTypes.id, typeId)),
  );
  return getDocumentType(db, typeId);
}

/** Deletes a type no record refers to (409 while something still does). */
export async function deleteDocumentType(deps: Deps, typeId: number): Promise<void> {
  try {
    const deleted = await deps.database.db
      .delete(documentTypes)
      .where(eq(documentTypes.id, typeId))
      .returning({ id: documentTypes.id });
    if (deleted.length === 0) throw notFound();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(DOCUMENT_TYPE_MESSAGES.inUse);
    throw error;
  }
}

const EXPORT_COLUMNS: readonly ExportColumn<DocumentTypeRecord>[] = [
  { header: 'ID', width: 8, value: (type) => type.id },
  { header: 'Empresa', width: 32, value: (type) => type.company_name },
  { header: 'Nombre', width: 32, value: (type) => type.name },
  { header: 'Código', value: (type) => type.code },
  { header: 'Descripción', width: 48, value: (type) => type.description },
  { header: 'Estado', width: 12, value: (type) => STATUS_LABELS[type.status] },
  { header: 'Creado', value: (type) => new Date(type.created_at) },
];

export type DocumentTypeExportInput = { company_id?: number; search?: string; status?: Status };

/** Every matching document type of one company (or of all the actor sees), streamed as .xlsx. */
export function exportDocumentTypes(
  deps: Deps,
  actor: Actor,
  input: DocumentTypeExportInput,
): { stream: Readable; filename: string } {
  const where = conditions({
    companyIds: input.company_id ? [input.company_id] : actor.visibleCompanyIds,
    search: input.search,
    status: input.status,
  });
  const batches = keysetBatches(async (lastId, size) => {
    const rows = await selectTypes(deps.database.db)
      .where(and(where, gt(documentTypes.id, lastId)))
      .orderBy(asc(documentTypes.id))
      .limit(size);
    return rows.map(toRecord);
  });
  const stream = streamXlsx({
    sheetName: 'Tipos de documento',
    columns: EXPORT_COLUMNS,
    batches,
    onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de tipos de documento'),
  });
  return { stream, filename: `tipos-de-documento-${deps.clock.now().toISOString().slice(0, 10)}.xlsx` };
}
