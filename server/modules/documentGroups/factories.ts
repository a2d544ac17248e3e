import type { Db } from '../../db/client.js';
import {
  documentFolderPermissions,
  documentFolders,
  documentPackageDocuments,
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
