import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ROLE } from '../../../contract/permissions.js';
import type { Db } from '../../db/client.js';
import {
  documentFolderPermissions,
  documentFolders,
  documentPackageDocuments,
  documentPackages,
  userGroupMembers,
} from '../../db/schema/index.js';
import { type Actor, canSeeCompany } from '../../deps.js';
import { forbidden, notFound } from '../../errors.js';
import { isPlatformAdmin } from '../companies/companyRules.js';

/**
 * Folder permissions, enforced here and nowhere else: every list, picker, detail and PDF of
 * document groups asks this module which folders the caller may view, use to send, or edit.
 *
 * Rules: rights granted on a folder (to a user, or to a user group they belong to) hold for its
 * subfolders; a folder with no grant on it or any ancestor is open to every user of its company
 * (within what their role's permissions allow); company administrators and the platform
 * administrator see everything of their scope.
 */

export type FolderRight = 'view' | 'send' | 'edit';
export type Rights = Record<FolderRight, boolean> & { restricted: boolean };
export type FolderNode = { id: number; companyId: number; parentId: number | null; name: string };
export type FolderAccess = {
  companyId: number;
  rootId: number;
  folders: readonly FolderNode[];
  rightsOf(folderId: number): Rights;
  /** The folder and every folder below it. */
  subtreeOf(folderId: number): number[];
};

export const ROOT_FOLDER_NAME = 'Documentos';
const NONE: Rights = { view: false, send: false, edit: false, restricted: true };
const ALL: Rights = { view: true, send: true, edit: true, restricted: false };

export const VISIBILITY_MESSAGES = {
  cannotEdit: 'No tiene permiso para editar los grupos de esta carpeta',
  cannotSend: 'No tiene permiso para enviar los grupos de esta carpeta',
} as const;

/** Company administrators and the platform administrator are not limited by folder permissions. */
export const seesWholeScope = (actor: Actor) =>
  isPlatformAdmin(actor) || actor.roleId === ROLE.companyAdministrator;

/** The company's root folder, made on first use (a concurrent maker is harmless). */
export async function ensureRootFolder(db: Db, companyId: number): Promise<number> {
  const find = () =>
    db
      .select({ id: documentFolders.id })
      .from(documentFolders)
      .where(and(eq(documentFolders.companyId, companyId), isNull(documentFolders.parentId)));
  const [existing] = await find();
  if (existing) return existing.id;
  await db.insert(documentFolders).values({ companyId, name: ROOT_FOLDER_NAME }).onConflictDoNothing();
  const [made] = await find();
  return made!.id;
}

/** What `actor` may do in each folder of one company. */
export async function folderAccess(db: Db, actor: Actor, companyId: number): Promise<FolderAccess> {
  if (!canSeeCompany(actor, companyId)) throw notFound();
  const rootId = await ensureRootFolder(db, companyId);
  const folders = await db
    .select({
      id: documentFolders.id,
      companyId: documentFolders.companyId,
      parentId: documentFolders.parentId,
      name: documentFolders.name,
    })
    .from(documentFolders)
    .where(eq(documentFolders.companyId, companyId));
  const children = new Map<number, number[]>();
  for (const folder of folders) {
    if (folder.parentId === null) continue;
    children.set(folder.parentId, [...(children.get(folder.parentId) ?? []), folder.id]);
  }
  const subtreeOf = (folderId: number): number[] => [
    folderId,
    ...(children.get(folderId) ?? []).flatMap((child) => subtreeOf(child)),
  ];
  const rights = new Map<number, Rights>();
  const grants = await grantsOf(
    db,
    actor.userId,
    folders.map((folder) => folder.id),
  );
  const wholeScope = seesWholeScope(actor);
  // Walk down from the root: each folder adds its own grants to those of its ancestors.
  const walk = (folderId: number, inherited: Rights) => {
    const own = grants.get(folderId);
    const current: Rights = own
      ? {
          restricted: true,
          view: (inherited.restricted ? inherited.view : false) || own.mine.view,
          send: (inherited.restricted ? inherited.send : false) || own.mine.send,
          edit: (inherited.restricted ? inherited.edit : false) || own.mine.edit,
        }
      : inherited;
    rights.set(folderId, wholeScope ? { ...ALL, restricted: current.restricted } : current);
    for (const child of children.get(folderId) ?? []) walk(child, current);
  };
  walk(rootId, ALL);
  return {
    companyId,
    rootId,
    folders,
    rightsOf: (folderId) => rights.get(folderId) ?? NONE,
    subtreeOf,
  };
}

type Grant = { mine: Record<FolderRight, boolean> };

/** Folders with any grant, and what those grants give this user (directly or through a group). */
async function grantsOf(db: Db, userId: number, folderIds: number[]): Promise<Map<number, Grant>> {
  const grants = new Map<number, Grant>();
  if (folderIds.length === 0) return grants;
  const rows = await db
    .select({
      folderId: documentFolderPermissions.folderId,
      userId: documentFolderPermissions.userId,
      userGroupId: documentFolderPermissions.userGroupId,
      canView: documentFolderPermissions.canView,
      canSend: documentFolderPermissions.canSend,
      canEdit: documentFolderPermissions.canEdit,
    })
    .from(documentFolderPermissions)
    .where(inArray(documentFolderPermissions.folderId, folderIds));
  const groupIds = new Set(
    (
      await db
        .select({ groupId: userGroupMembers.groupId })
        .from(userGroupMembers)
        .where(eq(userGroupMembers.userId, userId))
    ).map((row) => row.groupId),
  );
  for (const row of rows) {
    const grant = grants.get(row.folderId) ?? { mine: { view: false, send: false, edit: false } };
    const applies = row.userId === userId || (row.userGroupId !== null && groupIds.has(row.userGroupId));
    if (applies) {
      // Sending or editing a folder's groups implies seeing them.
      grant.mine.view ||= row.canView || row.canSend || row.canEdit;
      grant.mine.send ||= row.canSend;
      grant.mine.edit ||= row.canEdit;
    }
    grants.set(row.folderId, grant);
  }
  return grants;
}

/** Ids of the folders of `access` the caller may use with `right`. */
export const foldersWith = (access: FolderAccess, right: FolderRight) =>
  access.folders.filter((folder) => access.rightsOf(folder.id)[right]).map((folder) => folder.id);

/**
 * The caller's access to a folder that must allow `right`: 404 when the caller may not even see
 * it (its existence is not revealed), 403 when they see it but may not use it that way.
 */
export async function requireFolder(db: Db, actor: Actor, folderId: number, right: FolderRight) {
  const [folder] = await db
    .select({ companyId: documentFolders.companyId })
    .from(documentFolders)
    .where(eq(documentFolders.id, folderId));
  if (!folder) throw notFound();
  const access = await folderAccess(db, actor, folder.companyId);
  assertRight(access.rightsOf(folderId), right);
  return access;
}

function assertRight(rights: Rights, right: FolderRight) {
  if (!rights.view) throw notFound();
  if (right === 'edit' && !rights.edit) throw forbidden(VISIBILITY_MESSAGES.cannotEdit);
  if (right === 'send' && !rights.send) throw forbidden(VISIBILITY_MESSAGES.cannotSend);
}

export type PackageRef = { id: number; companyId: number; folderId: number };

/** A live group the caller may use with `right` (404 / 403 as requireFolder). */
export async function requirePackage(db: Db, actor: Actor, packageId: number, right: FolderRight) {
  const [found] = await db
    .select({
      id: documentPackages.id,
      companyId: documentPackages.companyId,
      folderId: documentPackages.folderId,
    })
    .from(documentPackages)
    .where(and(eq(documentPackages.id, packageId), isNull(documentPackages.deletedAt)));
  if (!found) throw notFound();
  const access = await folderAccess(db, actor, found.companyId);
  assertRight(access.rightsOf(found.folderId), right);
  return { found, access };
}

/** A document of a live group the caller may use with `right`. */
export async function requirePackageDocument(db: Db, actor: Actor, documentId: number, right: FolderRight) {
  const [document] = await db
    .select({ packageId: documentPackageDocuments.packageId })
    .from(documentPackageDocuments)
    .where(eq(documentPackageDocuments.id, documentId));
  if (!document) throw notFound();
  return (await requirePackage(db, actor, document.packageId, right)).found;
}
