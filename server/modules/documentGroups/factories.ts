import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createDocumentTemplate, createDocumentType } from '../../db/factories.js';
import {
  documentFolderPermissions,
  documentFolders,
  documentPackageDocuments,
  documentPackageSignerRoles,
  documentPackages,
} from '../../db/schema/index.js';
import { ensureRootFolder } from './visibility.js';

/** Test and seed factories of document groups (API tests, route sweep, end-to-end setup). */

export type NewFolder = { companyId: number; name: string; parentId?: number };

/** A folder under `parentId`, or under the company's root folder. */
export async function createFolder(db: Db, input: NewFolder): Promise<number> {
  const parentId = input.parentId ?? (await ensureRootFolder(db, input.companyId));
  const [row] = await db
    .insert(documentFolders)
    .values({ companyId: input.companyId, parentId, name: input.name })
    .returning({ id: documentFolders.id });
  return row!.id;
}

export type NewFolderGrant = {
  folderId: number;
  userId?: number;
  userGroupId?: number;
  canView?: boolean;
  canSend?: boolean;
  canEdit?: boolean;
};

export async function grantFolder(db: Db, input: NewFolderGrant): Promise<void> {
  await db.insert(documentFolderPermissions).values({ canView: true, ...input });
}

export type NewDocumentPackage = { companyId: number; name: string; folderId?: number };

export async function createDocumentPackage(db: Db, input: NewDocumentPackage): Promise<number> {
  const folderId = input.folderId ?? (await ensureRootFolder(db, input.companyId));
  const [row] = await db
    .insert(documentPackages)
    .values({ companyId: input.companyId, folderId, name: input.name })
    .returning({ id: documentPackages.id });
  return row!.id;
}

/** A PDF document row of a group (the file itself is not stored: for ownership tests). */
export async function createPackagePdfRow(db: Db, input: { packageId: number; companyId: number }) {
  const [row] = await db
    .insert(documentPackageDocuments)
    .values({
      ...input,
      position: 1,
      pdfKey: `companies/${input.companyId}/document-groups/missing.pdf`,
      pdfName: 'documento.pdf',
      pdfPages: 1,
      pdfSha256: '0'.repeat(64),
    })
    .returning({ id: documentPackageDocuments.id });
  return row!.id;
}

/** One of each document-group record of a company (a folder, a group in it, a document of it). */
export async function createDocumentGroupRecords(db: Db, companyId: number) {
  const folder = await createFolder(db, { companyId, name: 'Carpeta' });
  const documentPackage = await createDocumentPackage(db, { companyId, folderId: folder, name: 'Grupo' });
  const packageDocument = await createPackagePdfRow(db, { packageId: documentPackage, companyId });
  return { folder, documentPackage, packageDocument };
}

export type NewSendableGroup = {
  companyId: number;
  /** The group's name; its folder, document type and template are named after `folder` and `template`. */
  name: string;
  folder: string;
  documentType: string;
  template: string;
  /** Already sanitised template HTML with its `data-field` spans. */
  html: string;
  fields: unknown[];
  /** The signer roles in order (each template field's `filled_by` says which fills it). */
  signers: { label: string }[];
  /** The user who approves the company's automatic signature, when the group has one. */
  autoSignApproverId?: number;
};

/**
 * A document group ready to send, written directly (end-to-end fixtures): one template of its own
 * document type in its own folder, and its signers in order.
 */
export async function createSendableGroup(
  db: Db,
  input: NewSendableGroup,
): Promise<{ packageId: number; versionId: number; folderId: number }> {
  const { companyId } = input;
  const documentTypeId = await createDocumentType(db, { companyId, name: input.documentType });
  const { versionId } = await createDocumentTemplate(db, {
    companyId,
    documentTypeId,
    name: input.template,
    html: input.html,
    fields: input.fields,
  });
  const folderId = await createFolder(db, { companyId, name: input.folder });
  const packageId = await createDocumentPackage(db, { companyId, folderId, name: input.name });
  if (input.autoSignApproverId !== undefined)
    await db
      .update(documentPackages)
      .set({ autoSignEnabled: true, autoSignApproverId: input.autoSignApproverId })
      .where(eq(documentPackages.id, packageId));
  await db
    .insert(documentPackageDocuments)
    .values({ packageId, companyId, position: 1, templateVersionId: versionId });
  await db.insert(documentPackageSignerRoles).values(
    input.signers.map((signer, index) => ({
      packageId,
      number: index + 1,
      position: index + 1,
      label: signer.label,
      kind: 'signer' as const,
    })),
  );
  return { packageId, versionId, folderId };
}
