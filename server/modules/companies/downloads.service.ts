import { PassThrough } from 'node:stream';
import { and, asc, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import type { downloadRequest } from '../../../contract/endpoints/companyFeatures.js';
import { escapeHtml } from '../../../contract/html.js';
import type { Db } from '../../db/client.js';
import { companies, downloadRequests, roles, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { type ExportColumn, keysetBatches, neutraliseFormula } from '../../export/xlsx.js';
import type { FileReply } from '../../http/handlers.js';
import { loadExcel } from '../../lazyDependencies.js';
import { COMPANY_EXPORT_COLUMNS } from './companyFiles.js';
import { type CompanyRecord, selectCompanyRecords, toCompanyRecord } from './companyRecord.js';

export const DOWNLOAD_QUEUE = 'companies.download_request';

export const DOWNLOAD_MESSAGES = {
  queued: 'Estamos preparando su descarga. Le avisaremos por correo cuando esté lista',
  notReady: 'La descarga aún no está lista',
  failed: 'No se pudo preparar esta descarga. Solicítela de nuevo',
} as const;

type DownloadRequest = z.input<typeof downloadRequest>;
type Scope = DownloadRequest['scope'];

const job = z.object({ requestId: z.number() });

const requestColumns = {
  id: downloadRequests.id,
  companyId: downloadRequests.companyId,
  scope: downloadRequests.scope,
  status: downloadRequests.status,
  requestedBy: downloadRequests.requestedBy,
  requesterName: users.name,
  requesterLastName: users.lastName,
  createdAt: downloadRequests.createdAt,
  completedAt: downloadRequests.completedAt,
};

const selectRequests = (db: Db) =>
  db
    .select(requestColumns)
    .from(downloadRequests)
    .leftJoin(users, eq(users.id, downloadRequests.requestedBy));

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const toRecord = (row: RequestRow): DownloadRequest => ({
  id: row.id,
  company_id: row.companyId,
  scope: row.scope as Scope,
  status: row.status,
  requested_by: row.requestedBy,
  requested_by_name: row.requesterName ? `${row.requesterName} ${row.requesterLastName ?? ''}`.trim() : null,
  created_at: row.createdAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
});

/**
 * Queues the preparation of a company's data as .xlsx. A request of the same scope still pending
 * or in preparation is answered instead of queueing a second one.
 */
export async function addDownloadRequest(
  deps: Deps,
  actor: Actor,
  input: { company_id: number; scope: Scope },
): Promise<DownloadRequest> {
  const { db } = deps.database;
  const [open] = await selectRequests(db).where(
    and(
      eq(downloadRequests.companyId, input.company_id),
      eq(downloadRequests.scope, input.scope),
      inArray(downloadRequests.status, ['pending', 'processing']),
    ),
  );
  if (open) return toRecord(open);
  const [created] = await db
    .insert(downloadRequests)
    .values({
      companyId: input.company_id,
      scope: input.scope,
      requestedBy: actor.userId,
      createdAt: deps.clock.now(),
    })
    .returning({ id: downloadRequests.id });
  await deps.queue.enqueue(
    DOWNLOAD_QUEUE,
    { requestId: created!.id },
    { idempotencyKey: `download:${created!.id}` },
  );
  return getDownloadRequest(db, created!.id);
}

async function getDownloadRequest(db: Db, id: number): Promise<DownloadRequest> {
  const [row] = await selectRequests(db).where(eq(downloadRequests.id, id));
  if (!row) throw notFound();
  return toRecord(row);
}

export async function listDownloadRequests(
  deps: Deps,
  input: { companyId: number; page: number; itemsPerPage: number },
): Promise<{ items: DownloadRequest[]; total: number }> {
  const { db } = deps.database;
  const where = eq(downloadRequests.companyId, input.companyId);
  const [totalRow] = await db.select({ total: count() }).from(downloadRequests).where(where);
  const rows = await selectRequests(db)
    .where(where)
    .orderBy(desc(downloadRequests.createdAt), desc(downloadRequests.id))
    .limit(input.itemsPerPage)
    .offset((input.page - 1) * input.itemsPerPage);
  return { items: rows.map(toRecord), total: Number(totalRow?.total ?? 0) };
}

/** The prepared file of a ready request (ownership checked by the route layer). */
export async function downloadRequestFile(deps: Deps, id: number): Promise<FileReply> {
  const [row] = await deps.database.db.select().from(downloadRequests).where(eq(downloadRequests.id, id));
  if (!row) throw notFound();
  if (row.status === 'failed') throw conflict(DOWNLOAD_MESSAGES.failed);
  const stream = row.status === 'ready' && row.fileKey ? await deps.storage.get(row.fileKey) : null;
  if (!stream) throw conflict(DOWNLOAD_MESSAGES.notReady);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { stream, filename: `datos-empresa-${row.companyId}-${day}.xlsx` };
}

type UserExportRow = {
  id: number;
  name: string;
  lastName: string;
  email: string;
  roleName: string;
  companyName: string;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const USER_STATUS_LABELS: Record<string, string> = {
  active: 'Activo',
  inactive: 'Inactivo',
  locked: 'Bloqueado',
};

const USER_COLUMNS: readonly ExportColumn<UserExportRow>[] = [
  { header: 'ID', width: 8, value: (row) => row.id },
  { header: 'Nombre', width: 20, value: (row) => row.name },
  { header: 'Apellido', width: 20, value: (row) => row.lastName },
  { header: 'Correo', width: 30, value: (row) => row.email },
  { header: 'Rol', width: 24, value: (row) => row.roleName },
  { header: 'Empresa', width: 30, value: (row) => row.companyName },
  { header: 'Estado', width: 10, value: (row) => USER_STATUS_LABELS[row.status] ?? row.status },
  { header: 'Creado', width: 20, value: (row) => row.createdAt },
  { header: 'Último ingreso', width: 20, value: (row) => row.lastLoginAt },
];

/** Writes one sheet row by row (formulas neutralised), reading the table in keyset batches. */
async function writeSheet<T extends { id: number }>(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly ExportColumn<T>[],
  fetchAfter: (lastId: number, size: number) => Promise<T[]>,
) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of keysetBatches(fetchAfter)) {
    for (const row of batch) {
      const values = columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'string' ? neutraliseFormula(value) : (value ?? null);
      });
      sheet.addRow(values).commit();
    }
  }
  sheet.commit();
}

/** Users of the company and of its live branches, and/or its live branches, into one workbook. */
async function prepareWorkbook(deps: Deps, companyId: number, scope: Scope, key: string) {
  const { db } = deps.database;
  const output = new PassThrough();
  // The handler is attached at once, so that a storage failure is never an unhandled rejection.
  let storageFailure: unknown;
  const saved = deps.storage.put(key, output).catch((error: unknown) => {
    storageFailure = error;
    output.destroy();
  });
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'Rúbrica';
  const inCompany = or(eq(companies.id, companyId), eq(companies.parentId, companyId));
  try {
    if (scope !== 'branches') {
      await writeSheet<UserExportRow>(workbook, 'Usuarios', USER_COLUMNS, (lastId, size) =>
        db
          .select({
            id: users.id,
            name: users.name,
            lastName: users.lastName,
            email: users.email,
            roleName: roles.name,
            companyName: companies.fiscalName,
            status: users.status,
            createdAt: users.createdAt,
            lastLoginAt: users.lastLoginAt,
          })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(companies, eq(companies.id, users.companyId))
          .where(and(inCompany, isNull(companies.deletedAt), isNull(users.deletedAt), gt(users.id, lastId)))
          .orderBy(asc(users.id))
          .limit(size),
      );
    }
    if (scope !== 'users') {
      await writeSheet<CompanyRecord>(workbook, 'Sucursales', COMPANY_EXPORT_COLUMNS, async (lastId, size) =>
        (
          await selectCompanyRecords(db)
            .where(
              and(eq(companies.parentId, companyId), isNull(companies.deletedAt), gt(companies.id, lastId)),
            )
            .orderBy(asc(companies.id))
            .limit(size)
        ).map(toCompanyRecord),
      );
    }
    await workbook.commit();
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    await saved;
    throw error;
  }
  await saved;
  if (storageFailure) throw storageFailure;
}

/**
 * Job: prepares the file into storage, marks the request ready and e-mails the requester.
 * Idempotent: a ready request is left alone; the last failed attempt marks it failed.
 */
export function registerDownloadRequestJob(deps: Deps): void {
  deps.queue.register(DOWNLOAD_QUEUE, async (payload, attempt) => {
    const { requestId } = job.parse(payload);
    const { db } = deps.database;
    const [request] = await db.select().from(downloadRequests).where(eq(downloadRequests.id, requestId));
    if (!request || request.status === 'ready') return;
    await db.update(downloadRequests).set({ status: 'processing' }).where(eq(downloadRequests.id, requestId));
    const key = `downloads/${request.companyId}/${requestId}.xlsx`;
    try {
      await prepareWorkbook(deps, request.companyId, request.scope as Scope, key);
    } catch (error) {
      await deps.storage.delete(key).catch(() => {});
      if (attempt.attempts >= attempt.maxAttempts) {
        await db
          .update(downloadRequests)
          .set({ status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'error' })
          .where(eq(downloadRequests.id, requestId));
      }
      throw error;
    }
    await db
      .update(downloadRequests)
      .set({ status: 'ready', fileKey: key, completedAt: deps.clock.now(), error: null })
      .where(eq(downloadRequests.id, requestId));
    await notifyRequester(deps, request.requestedBy, requestId);
  });
}

async function notifyRequester(deps: Deps, userId: number | null, requestId: number) {
  if (userId === null) return;
  const [user] = await deps.database.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return;
  const base = (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  const link = `${base}/user/company`;
  await deps.mailer.send(
    {
      to: user.email,
      subject: 'Su descarga de datos está lista',
      text: `Hola ${user.name}:\n\nYa puede descargar el archivo con los datos de su empresa desde «Creación de Empresas», en Descargas:\n${link}\n\nRúbrica`,
      html: `<p>Hola ${escapeHtml(user.name)}:</p><p>Ya puede descargar el archivo con los datos de su empresa desde «Creación de Empresas», en Descargas.</p><p><a href="${link}">Ir a Rúbrica</a></p>`,
    },
    { idempotencyKey: `download-ready:${requestId}` },
  );
}
