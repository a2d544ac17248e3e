import { and, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import {
  type templateContent,
  type templateRecord,
  type templateSummary,
  templates,
  type templateVersionRecord,
  type templateVersionSummary,
} from '../../../contract/endpoints/templates.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import type { Db } from '../../db/client.js';
import { preparedByIds } from '../../db/preparedByIds.js';
import {
  companies,
  documentTemplates,
  documentTemplateVersions,
  documentTypes,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import { isUniqueViolation } from '../common/constraintErrors.js';
import { likePattern, listPage, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import { cleanContent, versionColumnsOf } from './templateContent.js';

export type TemplateSummary = z.output<typeof templateSummary>;
export type TemplateRecord = z.output<typeof templateRecord>;
export type TemplateVersionRecord = z.output<typeof templateVersionRecord>;
export type TemplateVersionSummary = z.output<typeof templateVersionSummary>;
type Status = TemplateSummary['status'];
type ContentInput = { [K in keyof typeof templateContent]: z.output<(typeof templateContent)[K]> };

export const TEMPLATE_MESSAGES = {
  created: 'Plantilla creada',
  saved: (number: number) => `Plantilla guardada como versión ${number}`,
  deleted: 'Plantilla eliminada',
  nameTaken: 'Ya existe una plantilla con este nombre en la empresa',
  typeOfOtherCompany: 'El tipo de documento no es de la empresa de la plantilla',
  staleVersion: (current: number) =>
    `La plantilla ya va en la versión ${current}: otra persona guardó cambios. Recargue antes de guardar.`,
  versionOfOtherTemplate: 'La versión no es de esta plantilla',
} as const;

const summaryColumns = {
  id: documentTemplates.id,
  companyId: documentTemplates.companyId,
  companyName: companies.fiscalName,
  documentTypeId: documentTemplates.documentTypeId,
  documentTypeName: documentTypes.name,
  name: documentTemplates.name,
  status: documentTemplates.status,
  currentVersion: documentTemplates.currentVersion,
  fieldCount: sql<number>`jsonb_array_length(${documentTemplateVersions.fields})::int`,
  createdAt: documentTemplates.createdAt,
  updatedAt: documentTemplates.updatedAt,
};

/** Live templates of live companies, each joined with its current version. */
const selectSummaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(documentTemplates)
    .innerJoin(companies, eq(companies.id, documentTemplates.companyId))
    .innerJoin(documentTypes, eq(documentTypes.id, documentTemplates.documentTypeId))
    .innerJoin(
      documentTemplateVersions,
      and(
        eq(documentTemplateVersions.templateId, documentTemplates.id),
        eq(documentTemplateVersions.number, documentTemplates.currentVersion),
      ),
    );

const templateSummariesByIds = preparedByIds('template_summaries_by_ids', (db, ids) =>
  selectSummaries(db).where(sql`${documentTemplates.id} = ANY(${ids})`),
);

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const toSummary = (row: SummaryRow): TemplateSummary => ({
  id: row.id,
  company_id: row.companyId,
  company_name: row.companyName,
  document_type_id: row.documentTypeId,
  document_type_name: row.documentTypeName,
  name: row.name,
  status: row.status,
  current_version: row.currentVersion,
  field_count: Number(row.fieldCount),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const live = and(isNull(documentTemplates.deletedAt), isNull(companies.deletedAt));

const versionColumns = {
  id: documentTemplateVersions.id,
  templateId: documentTemplateVersions.templateId,
  number: documentTemplateVersions.number,
  html: documentTemplateVersions.html,
  headerHtml: documentTemplateVersions.headerHtml,
  footerHtml: documentTemplateVersions.footerHtml,
  page: documentTemplateVersions.page,
  fields: documentTemplateVersions.fields,
  authorId: documentTemplateVersions.authorId,
  authorName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.lastName})), '')`,
  createdAt: documentTemplateVersions.createdAt,
};

const selectVersions = (db: Db) =>
  db
    .select(versionColumns)
    .from(documentTemplateVersions)
    .leftJoin(users, eq(users.id, documentTemplateVersions.authorId));

type VersionRow = Awaited<ReturnType<typeof selectVersions>>[number];

export const toVersion = (row: VersionRow): TemplateVersionRecord => ({
  id: row.id,
  template_id: row.templateId,
  number: row.number,
  html: row.html,
  header_html: row.headerHtml,
  footer_html: row.footerHtml,
  page: row.page,
  fields: row.fields as TemplateField[],
  author_id: row.authorId,
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
});

export async function getTemplateSummary(db: Db, templateId: number): Promise<TemplateSummary> {
  const [row] = await selectSummaries(db).where(and(eq(documentTemplates.id, templateId), live));
  if (!row) throw notFound();
  return toSummary(row);
}

/** A version of a live template; with no number, the one in force. */
export async function getVersion(
  db: Db,
  templateId: number,
  versionId?: number,
): Promise<{ template: TemplateSummary; version: TemplateVersionRecord }> {
  const template = await getTemplateSummary(db, templateId);
  const [row] = await selectVersions(db).where(
    and(
      eq(documentTemplateVersions.templateId, templateId),
      versionId === undefined
        ? eq(documentTemplateVersions.number, template.current_version)
        : eq(documentTemplateVersions.id, versionId),
    ),
  );
  if (!row) throw notFound(TEMPLATE_MESSAGES.versionOfOtherTemplate);
  return { template, version: toVersion(row) };
}

export async function getTemplate(db: Db, templateId: number): Promise<TemplateRecord> {
  const { template, version } = await getVersion(db, templateId);
  return {
    ...template,
    version_id: version.id,
    html: version.html,
    header_html: version.header_html,
    footer_html: version.footer_html,
    page: version.page,
    fields: version.fields,
  };
}

const SORT_COLUMNS = sortColumnsOf(templates.listTemplates, documentTemplates, {
  name: sql`lower(${documentTemplates.name})`,
});

export type TemplateListInput = {
  company_id?: number;
  page: number;
  itemsPerPage: number;
  search?: string;
  document_type_id?: number;
  status?: Status;
  sort?: SortKeyOf<typeof templates.listTemplates>;
  order?: 'ASC' | 'DESC';
};

/** A page of the templates the actor may see (one company when company_id is given). */
export async function listTemplates(
  deps: Deps,
  actor: Actor,
  input: TemplateListInput,
): Promise<{ items: TemplateSummary[]; total: number }> {
  const { db } = deps.database;
  const companyIds = input.company_id !== undefined ? [input.company_id] : actor.visibleCompanyIds;
  const where: SQL | undefined = and(
    live,
    companyIds === 'all' ? undefined : inArray(documentTemplates.companyId, [...companyIds]),
    input.document_type_id ? eq(documentTemplates.documentTypeId, input.document_type_id) : undefined,
    input.status ? eq(documentTemplates.status, input.status) : undefined,
    input.search ? ilike(documentTemplates.name, likePattern(input.search)) : undefined,
  );
  const joined = () =>
    db
      .select({ id: documentTemplates.id })
      .from(documentTemplates)
      .innerJoin(companies, eq(companies.id, documentTemplates.companyId));
  const { limit, offset } = pageWindow(input);
  const order = orderFor(SORT_COLUMNS, documentTemplates.id, input.sort, 'name', input.order);
  return listPage({
    db,
    page: input,
    ids: joined()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    matches: joined().where(where),
    records: (ids) => templateSummariesByIds(db, ids),
    toItem: toSummary,
  });
}

/** Active templates of one company, by name: what pickers offer. */
export async function templatesHeader(db: Db, companyId: number): Promise<TemplateSummary[]> {
  const rows = await selectSummaries(db)
    .where(and(live, eq(documentTemplates.companyId, companyId), eq(documentTemplates.status, 'active')))
    .orderBy(sql`lower(${documentTemplates.name})`, documentTemplates.id);
  return rows.map(toSummary);
}

export async function listVersions(db: Db, templateId: number): Promise<TemplateVersionSummary[]> {
  const template = await getTemplateSummary(db, templateId);
  const rows = await selectVersions(db)
    .where(eq(documentTemplateVersions.templateId, templateId))
    .orderBy(desc(documentTemplateVersions.number));
  return rows.map((row) => summariseVersion(toVersion(row), template.current_version));
}

export const summariseVersion = (
  version: TemplateVersionRecord,
  current: number,
): TemplateVersionSummary => ({
  id: version.id,
  template_id: version.template_id,
  number: version.number,
  author_id: version.author_id,
  author_name: version.author_name,
  created_at: version.created_at,
  field_count: version.fields.length,
  current: version.number === current,
});

/** Versions by id, of live templates only (ownership was checked by the route layer). */
export async function versionsById(db: Db, versionIds: readonly number[]): Promise<TemplateVersionRecord[]> {
  const rows = await selectVersions(db)
    .innerJoin(documentTemplates, eq(documentTemplates.id, documentTemplateVersions.templateId))
    .where(and(inArray(documentTemplateVersions.id, [...versionIds]), isNull(documentTemplates.deletedAt)))
    .orderBy(documentTemplateVersions.templateId, documentTemplateVersions.number);
  if (rows.length !== new Set(versionIds).size) throw notFound();
  return rows.map(toVersion);
}

const nameTaken = () => conflict(TEMPLATE_MESSAGES.nameTaken, { name: TEMPLATE_MESSAGES.nameTaken });

async function assertNameFree(db: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .where(
      and(
        eq(documentTemplates.companyId, companyId),
        isNull(documentTemplates.deletedAt),
        sql`lower(${documentTemplates.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(documentTemplates.id, exceptId) : undefined,
      ),
    );
  if (taken) throw nameTaken();
}

async function assertTypeOfCompany(db: Db, typeId: number, companyId: number) {
  const [type] = await db
    .select({ companyId: documentTypes.companyId })
    .from(documentTypes)
    .where(eq(documentTypes.id, typeId));
  if (type?.companyId !== companyId) {
    throw unprocessable(TEMPLATE_MESSAGES.typeOfOtherCompany, {
      document_type_id: TEMPLATE_MESSAGES.typeOfOtherCompany,
    });
  }
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export type NewTemplate = ContentInput & {
  company_id: number;
  document_type_id: number;
  name: string;
  status: Status;
};

export async function addTemplate(deps: Deps, actor: Actor, input: NewTemplate): Promise<TemplateRecord> {
  const { db } = deps.database;
  const content = cleanContent(input);
  await assertTypeOfCompany(db, input.document_type_id, input.company_id);
  await assertNameFree(db, input.company_id, input.name);
  const templateId = await uniqueName(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documentTemplates)
        .values({
          companyId: input.company_id,
          documentTypeId: input.document_type_id,
          name: input.name,
          status: input.status,
          currentVersion: 1,
          createdBy: actor.userId,
        })
        .returning({ id: documentTemplates.id });
      await tx.insert(documentTemplateVersions).values({
        templateId: row!.id,
        companyId: input.company_id,
        number: 1,
        ...versionColumnsOf(content),
        authorId: actor.userId,
      });
      return row!.id;
    }),
  );
  return getTemplate(db, templateId);
}

export type TemplateSave = ContentInput & {
  document_type_id?: number;
  name?: string;
  status?: Status;
  base_version?: number;
};

/** Every save adds a version (the rows already saved never change) and makes it current. */
export async function updateTemplate(
  deps: Deps,
  actor: Actor,
  templateId: number,
  input: TemplateSave,
): Promise<TemplateRecord> {
  const { db } = deps.database;
  const content = cleanContent(input);
  const current = await getTemplateSummary(db, templateId);
  if (input.document_type_id !== undefined) {
    await assertTypeOfCompany(db, input.document_type_id, current.company_id);
  }
  if (input.name !== undefined) await assertNameFree(db, current.company_id, input.name, templateId);
  await uniqueName(() =>
    db.transaction(async (tx) => {
      // The row lock orders concurrent saves: each gets the next number, none is lost.
      const [locked] = await tx
        .select({ currentVersion: documentTemplates.currentVersion })
        .from(documentTemplates)
        .where(and(eq(documentTemplates.id, templateId), isNull(documentTemplates.deletedAt)))
        .for('update');
      if (!locked) throw notFound();
      if (input.base_version !== undefined && input.base_version !== locked.currentVersion) {
        throw conflict(TEMPLATE_MESSAGES.staleVersion(locked.currentVersion));
      }
      const [latest] = await tx
        .select({ number: sql<number>`coalesce(max(${documentTemplateVersions.number}), 0)::int` })
        .from(documentTemplateVersions)
        .where(eq(documentTemplateVersions.templateId, templateId));
      const number = Number(latest?.number ?? 0) + 1;
      await tx.insert(documentTemplateVersions).values({
        templateId,
        companyId: current.company_id,
        number,
        ...versionColumnsOf(content),
        authorId: actor.userId,
      });
      await tx
        .update(documentTemplates)
        .set({
          currentVersion: number,
          name: input.name,
          status: input.status,
          documentTypeId: input.document_type_id,
          updatedAt: deps.clock.now(),
        })
        .where(eq(documentTemplates.id, templateId));
    }),
  );
  return getTemplate(db, templateId);
}

/** Soft delete: the versions stay for the requests made from them; the name is free again. */
export async function deleteTemplate(deps: Deps, templateId: number): Promise<void> {
  const deleted = await deps.database.db
    .update(documentTemplates)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(documentTemplates.id, templateId), isNull(documentTemplates.deletedAt)))
    .returning({ id: documentTemplates.id });
  if (deleted.length === 0) throw notFound();
}
