import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  folderPermissionEntry,
  folderPermissions,
  packageTree,
} from '../../../contract/endpoints/documentGroups.js';
import type { Db } from '../../db/client.js';
import {
  documentFolderPermissions,
  documentFolders,
  documentPackages,
  userGroups,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, unprocessable } from '../../errors.js';
import { isUniqueViolation } from '../common/constraintErrors.js';
import { type FolderAccess, folderAccess, requireFolder } from './visibility.js';

export type PackageTree = z.output<typeof packageTree>;
export type FolderPermissions = z.output<typeof folderPermissions>;
type PermissionEntry = z.output<typeof folderPermissionEntry>;

export const FOLDER_MESSAGES = {
  created: 'Carpeta creada',
  renamed: 'Carpeta renombrada',
  moved: 'Carpeta movida',
  deleted: 'Carpeta eliminada',
  permissionsSaved: 'Permisos de la carpeta guardados',
  nameTaken: 'Ya existe una carpeta con este nombre en la misma carpeta',
  notEmpty: 'La carpeta no está vacía: mueva o elimine antes sus subcarpetas y grupos',
  intoItself: 'Una carpeta no se puede mover dentro de sí misma ni de sus subcarpetas',
  otherCompany: 'La carpeta de destino es de otra empresa',
  root: 'La carpeta raíz no se puede renombrar, mover ni eliminar',
  foreignUser: 'Los usuarios deben ser de la empresa de la carpeta',
  foreignGroup: 'Los grupos deben ser de la empresa de la carpeta',
  repeatedGrantee: 'Un usuario o grupo aparece más de una vez',
} as const;

/**
 * The folders the caller can see, plus the ancestors that connect them to the root (shown with
 * no rights), so that a user allowed only in a subfolder still reaches it from the root.
 */
export async function treeOf(db: Db, access: FolderAccess): Promise<PackageTree> {
  const byId = new Map(access.folders.map((folder) => [folder.id, folder]));
  const shown = new Set<number>([access.rootId]);
  for (const folder of access.folders) {
    if (!access.rightsOf(folder.id).view) continue;
    for (
      let id: number | null = folder.id;
      id !== null && !shown.has(id);
      id = byId.get(id)?.parentId ?? null
    ) {
      shown.add(id);
    }
  }
  const counts = await db
    .select({ folderId: documentPackages.folderId, packages: count() })
    .from(documentPackages)
    .where(and(eq(documentPackages.companyId, access.companyId), isNull(documentPackages.deletedAt)))
    .groupBy(documentPackages.folderId);
  const packageCount = new Map(counts.map((row) => [row.folderId, Number(row.packages)]));
  const folders = access.folders
    .filter((folder) => shown.has(folder.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id)
    .map((folder) => {
      const rights = access.rightsOf(folder.id);
      return {
        id: folder.id,
        company_id: folder.companyId,
        parent_id: folder.parentId,
        name: folder.name,
        package_count: rights.view ? (packageCount.get(folder.id) ?? 0) : 0,
        restricted: rights.restricted,
        can_view: rights.view,
        can_send: rights.send,
        can_edit: rights.edit,
      };
    });
  return { root_id: access.rootId, folders };
}

export async function getPackageTree(deps: Deps, actor: Actor, companyId: number): Promise<PackageTree> {
  const { db } = deps.database;
  return treeOf(db, await folderAccess(db, actor, companyId));
}

export type FolderAction =
  | { action: 'create'; name: string }
  | { action: 'rename'; name: string }
  | { action: 'move'; parent_id: number }
  | { action: 'delete' };

const nameTaken = () => conflict(FOLDER_MESSAGES.nameTaken, { name: FOLDER_MESSAGES.nameTaken });

async function catchingNameClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** update_folder: the folder made, renamed or moved (null once deleted) and the tree after it. */
export async function updateFolder(deps: Deps, actor: Actor, folderId: number, input: FolderAction) {
  const { db } = deps.database;
  const access = await requireFolder(db, actor, folderId, 'edit');
  const folder = access.folders.find((each) => each.id === folderId)!;
  let resultId: number | null = folderId;
  if (input.action === 'create') {
    resultId = await catchingNameClash(async () => {
      const [made] = await db
        .insert(documentFolders)
        .values({ companyId: folder.companyId, parentId: folderId, name: input.name })
        .returning({ id: documentFolders.id });
      return made!.id;
    });
  } else if (folder.parentId === null) {
    throw unprocessable(FOLDER_MESSAGES.root);
  } else if (input.action === 'rename') {
    await catchingNameClash(() =>
      db
        .update(documentFolders)
        .set({ name: input.name, updatedAt: deps.clock.now() })
        .where(eq(documentFolders.id, folderId)),
    );
  } else if (input.action === 'move') {
    const target = await requireFolder(db, actor, input.parent_id, 'edit');
    if (target.companyId !== folder.companyId) throw unprocessable(FOLDER_MESSAGES.otherCompany);
    if (access.subtreeOf(folderId).includes(input.parent_id)) {
      throw unprocessable(FOLDER_MESSAGES.intoItself, { parent_id: FOLDER_MESSAGES.intoItself });
    }
    await catchingNameClash(() =>
      db
        .update(documentFolders)
        .set({ parentId: input.parent_id, updatedAt: deps.clock.now() })
        .where(eq(documentFolders.id, folderId)),
    );
  } else {
    await deleteEmptyFolder(deps, folderId, folder.parentId);
    resultId = null;
  }
  const tree = await treeOf(db, await folderAccess(db, actor, folder.companyId));
  return { folder: tree.folders.find((each) => each.id === resultId) ?? null, tree };
}

/** Deletes a folder with no subfolder and no live group (409 otherwise). */
async function deleteEmptyFolder(deps: Deps, folderId: number, parentId: number) {
  await deps.database.db.transaction(async (tx) => {
    // Lock the folder so that a group or subfolder added meanwhile waits for the check.
    await tx.execute(sql`SELECT id FROM document_folders WHERE id = ${folderId} FOR UPDATE`);
    const [child] = await tx
      .select({ id: documentFolders.id })
      .from(documentFolders)
      .where(eq(documentFolders.parentId, folderId))
      .limit(1);
    const [live] = await tx
      .select({ id: documentPackages.id })
      .from(documentPackages)
      .where(and(eq(documentPackages.folderId, folderId), isNull(documentPackages.deletedAt)))
      .limit(1);
    if (child || live) throw conflict(FOLDER_MESSAGES.notEmpty);
    // Deleted groups keep their history: they move up to the parent folder.
    await tx
      .update(documentPackages)
      .set({ folderId: parentId })
      .where(and(eq(documentPackages.folderId, folderId), isNotNull(documentPackages.deletedAt)));
    await tx.delete(documentFolders).where(eq(documentFolders.id, folderId));
  });
}

const fullName = sql<string>`trim(${users.name} || ' ' || ${users.lastName})`;

async function permissionRows(db: Db, folderIds: number[]) {
  if (folderIds.length === 0) return [];
  return db
    .select({
      folderId: documentFolderPermissions.folderId,
      userId: documentFolderPermissions.userId,
      userGroupId: documentFolderPermissions.userGroupId,
      userName: fullName,
      groupName: userGroups.name,
      canView: documentFolderPermissions.canView,
      canSend: documentFolderPermissions.canSend,
      canEdit: documentFolderPermissions.canEdit,
    })
    .from(documentFolderPermissions)
    .leftJoin(users, eq(users.id, documentFolderPermissions.userId))
    .leftJoin(userGroups, eq(userGroups.id, documentFolderPermissions.userGroupId))
    .where(inArray(documentFolderPermissions.folderId, folderIds))
    .orderBy(documentFolderPermissions.id);
}

/** A folder's own permissions and those it inherits from its ancestors. */
export async function getFolderPermissions(
  deps: Deps,
  actor: Actor,
  folderId: number,
): Promise<FolderPermissions> {
  const { db } = deps.database;
  const access = await requireFolder(db, actor, folderId, 'view');
  const byId = new Map(access.folders.map((folder) => [folder.id, folder]));
  const ancestors: number[] = [];
  for (let id = byId.get(folderId)?.parentId ?? null; id !== null; id = byId.get(id)?.parentId ?? null) {
    ancestors.push(id);
  }
  const rows = await permissionRows(db, [folderId, ...ancestors]);
  const toRecord = (row: (typeof rows)[number]) => ({
    user_id: row.userId,
    user_group_id: row.userGroupId,
    name: row.userId !== null ? (row.userName ?? '') : (row.groupName ?? ''),
    can_view: row.canView,
    can_send: row.canSend,
    can_edit: row.canEdit,
  });
  return {
    folder_id: folderId,
    entries: rows.filter((row) => row.folderId === folderId).map(toRecord),
    inherited: rows
      .filter((row) => row.folderId !== folderId)
      .map((row) => ({
        ...toRecord(row),
        folder_id: row.folderId,
        folder_name: byId.get(row.folderId)!.name,
      })),
  };
}

/** Replaces a folder's permissions; grantees must be users or groups of the folder's company. */
export async function setFolderPermissions(
  deps: Deps,
  actor: Actor,
  folderId: number,
  entries: readonly PermissionEntry[],
): Promise<FolderPermissions> {
  const { db } = deps.database;
  const access = await requireFolder(db, actor, folderId, 'edit');
  const userIds = entries.flatMap((entry) => (entry.user_id ? [entry.user_id] : []));
  const groupIds = entries.flatMap((entry) => (entry.user_group_id ? [entry.user_group_id] : []));
  if (new Set(userIds).size !== userIds.length || new Set(groupIds).size !== groupIds.length) {
    throw unprocessable(FOLDER_MESSAGES.repeatedGrantee, { entries: FOLDER_MESSAGES.repeatedGrantee });
  }
  await assertAllOf(db, users, userIds, access.companyId, FOLDER_MESSAGES.foreignUser);
  await assertAllOf(db, userGroups, groupIds, access.companyId, FOLDER_MESSAGES.foreignGroup);
  await db.transaction(async (tx) => {
    await tx.delete(documentFolderPermissions).where(eq(documentFolderPermissions.folderId, folderId));
    if (entries.length === 0) return;
    await tx.insert(documentFolderPermissions).values(
      entries.map((entry) => ({
        folderId,
        userId: entry.user_id ?? null,
        userGroupId: entry.user_group_id ?? null,
        canView: entry.can_view || entry.can_send || entry.can_edit,
        canSend: entry.can_send,
        canEdit: entry.can_edit,
      })),
    );
  });
  return getFolderPermissions(deps, actor, folderId).catch((error) => {
    // Whoever just gave their own rights away may no longer see the folder: answer what was saved.
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
    return { folder_id: folderId, entries: [], inherited: [] };
  });
}

async function assertAllOf(
  db: Db,
  table: typeof users | typeof userGroups,
  ids: number[],
  companyId: number,
  message: string,
) {
  if (ids.length === 0) return;
  const live = table === users ? isNull(users.deletedAt) : undefined;
  const [row] = await db
    .select({ found: count() })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.companyId, companyId), live));
  if (Number(row?.found ?? 0) !== ids.length) throw unprocessable(message, { entries: message });
}
