import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  documentPackageRecord,
  packageDocumentRecord,
  signerRoleRecord,
} from '../../../contract/endpoints/documentGroups.js';
import type { Db } from '../../db/client.js';
import {
  companies,
  documentFolders,
  documentPackageChanges,
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentPackages,
  documentTemplates,
  documentTemplateVersions,
  users,
} from '../../db/schema/index.js';
import { packageDocumentRows } from './packageDocumentRows.js';
import type { FolderAccess } from './visibility.js';

export type DocumentPackageRecord = z.output<typeof documentPackageRecord>;
type PackageDocumentRecord = z.output<typeof packageDocumentRecord>;
type SignerRoleRecord = z.output<typeof signerRoleRecord>;

const approverName = sql<string | null>`trim(${users.name} || ' ' || ${users.lastName})`;

export const selectPackageRows = (db: Db) =>
  db
    .select({
      id: documentPackages.id,
      companyId: documentPackages.companyId,
      companyName: companies.fiscalName,
      folderId: documentPackages.folderId,
      folderName: documentFolders.name,
      name: documentPackages.name,
      description: documentPackages.description,
      status: documentPackages.status,
      signingOrder: documentPackages.signingOrder,
      expiryDays: documentPackages.expiryDays,
      reminderDays: documentPackages.reminderDays,
      autoSignEnabled: documentPackages.autoSignEnabled,
      autoSignApproverId: documentPackages.autoSignApproverId,
      autoSignApproverName: approverName,
      version: documentPackages.version,
      createdAt: documentPackages.createdAt,
      updatedAt: documentPackages.updatedAt,
    })
    .from(documentPackages)
    .innerJoin(companies, eq(companies.id, documentPackages.companyId))
    .innerJoin(documentFolders, eq(documentFolders.id, documentPackages.folderId))
    .leftJoin(users, eq(users.id, documentPackages.autoSignApproverId));

type PackageRow = Awaited<ReturnType<typeof selectPackageRows>>[number];

type FieldOfDocument = PackageDocumentRecord['fields'][number];

/** A template version's merge fields with their label and who fills each, as stored (loosely read). */
export function fieldsOf(fields: unknown): FieldOfDocument[] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) => {
    const { name, label, type, filled_by } = (field ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string') return [];
    return [
      {
        name,
        label: typeof label === 'string' && label ? label : name,
        type: typeof type === 'string' ? type : 'text',
        filled_by: typeof filled_by === 'number' ? filled_by : 0,
      },
    ];
  });
}

/** Names of the fields signer `number` fills in these documents («Lo llena»), once each, in order. */
export function fieldsFilledBy(documents: readonly PackageDocumentRecord[], number: number): string[] {
  const names = documents.flatMap((document) =>
    document.fields.filter((field) => field.filled_by === number).map((field) => field.name),
  );
  return [...new Set(names)];
}

/** Names of a template version's merge fields (its `fields` as the templates contract stores them). */
export function fieldNamesOf(fields: unknown): string[] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field) =>
    field && typeof field === 'object' && typeof (field as { name?: unknown }).name === 'string'
      ? [(field as { name: string }).name]
      : [],
  );
}

/** The documents of some groups, in their order. */
export async function documentsOf(
  db: Db,
  packageIds: number[],
): Promise<Map<number, PackageDocumentRecord[]>> {
  const byPackage = new Map<number, PackageDocumentRecord[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await packageDocumentRows(db, packageIds, {
    id: documentPackageDocuments.id,
    packageId: documentPackageDocuments.packageId,
    position: documentPackageDocuments.position,
    templateVersionId: documentPackageDocuments.templateVersionId,
    pdfName: documentPackageDocuments.pdfName,
    pdfPages: documentPackageDocuments.pdfPages,
    templateId: documentTemplateVersions.templateId,
    versionNumber: documentTemplateVersions.number,
    fields: documentTemplateVersions.fields,
    templateName: documentTemplates.name,
  });
  for (const row of rows) {
    const isTemplate = row.templateVersionId !== null;
    const record: PackageDocumentRecord = {
      id: row.id,
      position: row.position,
      kind: isTemplate ? 'template' : 'pdf',
      template_id: row.templateId,
      template_version_id: row.templateVersionId,
      template_version_number: row.versionNumber,
      name: (isTemplate ? row.templateName : row.pdfName) ?? '',
      field_names: isTemplate ? fieldNamesOf(row.fields) : [],
      fields: isTemplate ? fieldsOf(row.fields) : [],
      pdf_pages: row.pdfPages,
    };
    byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), record]);
  }
  return byPackage;
}

/** The groups' signer roles, without their fields (`toRecords` reads those from the documents). */
async function signerRolesOf(
  db: Db,
  packageIds: number[],
): Promise<Map<number, Omit<SignerRoleRecord, 'fields'>[]>> {
  const byPackage = new Map<number, Omit<SignerRoleRecord, 'fields'>[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .select()
    .from(documentPackageSignerRoles)
    .where(inArray(documentPackageSignerRoles.packageId, packageIds))
    .orderBy(asc(documentPackageSignerRoles.position), asc(documentPackageSignerRoles.number));
  for (const row of rows) {
    const record = {
      number: row.number,
      position: row.position,
      label: row.label,
      kind: row.kind,
      authentication: row.authentication as SignerRoleRecord['authentication'],
    };
    byPackage.set(row.packageId, [...(byPackage.get(row.packageId) ?? []), record]);
  }
  return byPackage;
}

/** Full records, in the order of `rows`, with what the caller may do with each. */
export async function toRecords(
  db: Db,
  rows: PackageRow[],
  access: FolderAccess,
): Promise<DocumentPackageRecord[]> {
  const ids = rows.map((row) => row.id);
  const [documents, roles] = await Promise.all([documentsOf(db, ids), signerRolesOf(db, ids)]);
  return rows.map((row) => {
    const rights = access.rightsOf(row.folderId);
    const own = documents.get(row.id) ?? [];
    return {
      id: row.id,
      company_id: row.companyId,
      company_name: row.companyName,
      folder_id: row.folderId,
      folder_name: row.folderName,
      name: row.name,
      description: row.description,
      status: row.status,
      signing_order: row.signingOrder,
      expiry_days: row.expiryDays,
      reminder_days: row.reminderDays,
      auto_sign_enabled: row.autoSignEnabled,
      auto_sign_approver_id: row.autoSignApproverId,
      auto_sign_approver_name: row.autoSignApproverId ? row.autoSignApproverName : null,
      version: row.version,
      document_count: own.length,
      documents: own,
      signer_roles: (roles.get(row.id) ?? []).map((role) => ({
        ...role,
        fields: fieldsFilledBy(own, role.number),
      })),
      can_send: rights.send,
      can_edit: rights.edit,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function packageRecord(db: Db, packageId: number, access: FolderAccess) {
  const rows = await selectPackageRows(db).where(eq(documentPackages.id, packageId));
  return (await toRecords(db, rows, access))[0]!;
}

/**
 * Counts one change of a group: its version goes up by one and the change is logged with it.
 * Runs inside the caller's transaction.
 */
export async function recordChange(
  tx: Db,
  input: { packageId: number; userId: number; action: string; changes: Record<string, unknown>; now: Date },
) {
  const [bumped] = await tx
    .update(documentPackages)
    .set({ version: sql`${documentPackages.version} + 1`, updatedAt: input.now })
    .where(eq(documentPackages.id, input.packageId))
    .returning({ version: documentPackages.version });
  await tx.insert(documentPackageChanges).values({
    packageId: input.packageId,
    version: bumped!.version,
    userId: input.userId,
    action: input.action,
    changes: input.changes,
    createdAt: input.now,
  });
}

/** Positions after the last document of a group. */
export async function nextPosition(tx: Db, packageId: number): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${documentPackageDocuments.position}), 0)` })
    .from(documentPackageDocuments)
    .where(and(eq(documentPackageDocuments.packageId, packageId)));
  return Number(row?.last ?? 0) + 1;
}
