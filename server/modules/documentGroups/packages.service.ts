import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type authenticationOption,
  authenticationOptionsFor,
  documentGroups,
  type packageChangeRecord,
  type signerRoleInput,
} from '../../../contract/endpoints/documentGroups.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import type { Db } from '../../db/client.js';
import { enabledFeatureKeys } from '../../db/companyFeatures.js';
import {
  documentPackageChanges,
  documentPackageSignerRoles,
  documentPackages,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { likePattern, orderFor, pageWindow } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';
import {
  type DocumentPackageRecord,
  packageRecord,
  recordChange,
  selectPackageRows,
  toRecords,
} from './packageRecords.js';
import { folderAccess, foldersWith, requireFolder, requirePackage } from './visibility.js';

type SignerRoleInput = z.output<typeof signerRoleInput>;
type AuthenticationOption = z.output<typeof authenticationOption>;

export const PACKAGE_MESSAGES = {
  created: 'Grupo de documentos creado',
  updated: 'Grupo de documentos actualizado',
  deleted: 'Grupo de documentos eliminado',
  authenticationDisabled: (label: string) => `La empresa no tiene habilitado el método «${label}»`,
  approverCompany: 'Quien aprueba la auto-firma debe ser un usuario de la empresa del grupo',
  approverRequired: 'Indique quién aprueba la auto-firma',
  folderCompany: 'La carpeta debe ser de la empresa del grupo',
} as const;

/** The signer authentications and switches a company's features allow. */
export async function documentGroupFeatures(db: Db, companyId: number) {
  const keys = await enabledFeatureKeys(db, companyId);
  const enabled = new Set<string>(keys);
  const authentications: AuthenticationOption[] = authenticationOptionsFor(keys);
  return {
    authentications,
    signing_order: enabled.has('signing_order'),
    reminders: enabled.has('reminders'),
    pdf_to_sign: enabled.has('pdf_to_sign'),
  };
}

const listEndpoint = documentGroups.listDocumentPackages;
const SORT_COLUMNS = sortColumnsOf(listEndpoint, documentPackages, {
  name: sql`lower(${documentPackages.name})`,
});

export type PackageListInput = {
  companyId: number;
  page: number;
  itemsPerPage: number;
  folder_id?: number;
  search?: string;
  status?: 'active' | 'inactive';
  sort?: SortKeyOf<typeof listEndpoint>;
  order?: 'ASC' | 'DESC';
};

/** A page of the groups the caller may see in a company, optionally under one folder. */
export async function listPackages(deps: Deps, actor: Actor, input: PackageListInput) {
  const { db } = deps.database;
  const access = await folderAccess(db, actor, input.companyId);
  let folders = foldersWith(access, 'view');
  if (input.folder_id !== undefined) {
    if (!access.folders.some((folder) => folder.id === input.folder_id)) throw notFound();
    const subtree = new Set(access.subtreeOf(input.folder_id));
    folders = folders.filter((folderId) => subtree.has(folderId));
    // A folder the caller cannot see, with nothing visible below it, does not exist for them.
    if (folders.length === 0 && !access.rightsOf(input.folder_id).view) throw notFound();
  }
  if (folders.length === 0) return { items: [], total: 0 };
  const pattern = input.search ? likePattern(input.search) : undefined;
  const where: SQL | undefined = and(
    eq(documentPackages.companyId, input.companyId),
    isNull(documentPackages.deletedAt),
    inArray(documentPackages.folderId, folders),
    input.status ? eq(documentPackages.status, input.status) : undefined,
    pattern
      ? or(ilike(documentPackages.name, pattern), ilike(documentPackages.description, pattern))
      : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const order = orderFor(SORT_COLUMNS, documentPackages.id, input.sort, 'name', input.order);
  const [rows, [total]] = await Promise.all([
    selectPackageRows(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(documentPackages).where(where),
  ]);
  return { items: await toRecords(db, rows, access), total: Number(total?.total ?? 0) };
}

export async function getPackage(
  deps: Deps,
  actor: Actor,
  packageId: number,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const { access } = await requirePackage(db, actor, packageId, 'view');
  return packageRecord(db, packageId, access);
}

export async function getPackageFeatures(deps: Deps, actor: Actor, packageId: number) {
  const record = await getPackage(deps, actor, packageId);
  const features = await documentGroupFeatures(deps.database.db, record.company_id);
  return {
    id: record.id,
    signing_order: record.signing_order,
    expiry_days: record.expiry_days,
    reminder_days: record.reminder_days,
    auto_sign_enabled: record.auto_sign_enabled,
    auto_sign_approver_id: record.auto_sign_approver_id,
    signer_roles: record.signer_roles,
    authentications: features.authentications,
  };
}

export type PackageHeader = {
  folder_id?: number;
  name?: string;
  description?: string | null;
  status?: 'active' | 'inactive';
  signing_order?: 'sequential' | 'parallel';
  expiry_days?: number;
  reminder_days?: number | null;
  auto_sign_enabled?: boolean;
  auto_sign_approver_id?: number | null;
  signer_roles?: SignerRoleInput[];
};

/** Refuses what the company cannot use: disabled authentications, outside approvers. */
async function checkHeader(
  db: Db,
  companyId: number,
  input: PackageHeader,
  context: { autoSign: boolean; approverId: number | null },
) {
  if (input.signer_roles) {
    const { authentications } = await documentGroupFeatures(db, companyId);
    for (const role of input.signer_roles) {
      for (const method of role.authentication) {
        const option = authentications.find((each) => each.key === method)!;
        if (!option.enabled) {
          const message = PACKAGE_MESSAGES.authenticationDisabled(option.label);
          throw unprocessable(message, { signer_roles: message });
        }
      }
    }
  }
  if (context.autoSign && context.approverId === null) {
    throw unprocessable(PACKAGE_MESSAGES.approverRequired, {
      auto_sign_approver_id: PACKAGE_MESSAGES.approverRequired,
    });
  }
  if (input.auto_sign_approver_id) {
    const [approver] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, input.auto_sign_approver_id),
          eq(users.companyId, companyId),
          isNull(users.deletedAt),
        ),
      );
    if (!approver) {
      throw unprocessable(PACKAGE_MESSAGES.approverCompany, {
        auto_sign_approver_id: PACKAGE_MESSAGES.approverCompany,
      });
    }
  }
}

/** The folder a group goes into: one of its company where the caller may edit. */
async function checkTargetFolder(db: Db, actor: Actor, folderId: number, companyId: number) {
  const access = await requireFolder(db, actor, folderId, 'edit');
  if (access.companyId !== companyId) {
    throw unprocessable(PACKAGE_MESSAGES.folderCompany, { folder_id: PACKAGE_MESSAGES.folderCompany });
  }
  return access;
}

async function replaceSignerRoles(tx: Db, packageId: number, roles: readonly SignerRoleInput[]) {
  await tx.delete(documentPackageSignerRoles).where(eq(documentPackageSignerRoles.packageId, packageId));
  if (roles.length === 0) return;
  await tx.insert(documentPackageSignerRoles).values(
    roles.map((role, index) => ({
      packageId,
      number: role.number,
      position: index + 1,
      label: role.label,
      kind: role.kind,
      authentication: role.authentication,
    })),
  );
}

export type NewPackage = Required<
  Omit<PackageHeader, 'reminder_days' | 'auto_sign_approver_id' | 'description'>
> &
  Pick<PackageHeader, 'reminder_days' | 'auto_sign_approver_id' | 'description'> & { company_id: number };

/** Creates a group; `within` adds its first documents in the same transaction. */
export async function createPackage(
  deps: Deps,
  actor: Actor,
  input: NewPackage,
  within?: (tx: Db, packageId: number) => Promise<Record<string, unknown>>,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const access = await checkTargetFolder(db, actor, input.folder_id, input.company_id);
  const approverId = input.auto_sign_approver_id ?? null;
  await checkHeader(db, input.company_id, input, { autoSign: input.auto_sign_enabled, approverId });
  const now = deps.clock.now();
  const packageId = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(documentPackages)
      .values({
        companyId: input.company_id,
        folderId: input.folder_id,
        name: input.name,
        description: input.description ?? null,
        status: input.status,
        signingOrder: input.signing_order,
        expiryDays: input.expiry_days,
        reminderDays: input.reminder_days ?? null,
        autoSignEnabled: input.auto_sign_enabled,
        autoSignApproverId: approverId,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: documentPackages.id });
    await replaceSignerRoles(tx, made!.id, input.signer_roles);
    const added = within ? await within(tx, made!.id) : {};
    await tx.insert(documentPackageChanges).values({
      packageId: made!.id,
      version: 1,
      userId: actor.userId,
      action: 'created',
      changes: { name: input.name, ...added },
      createdAt: now,
    });
    return made!.id;
  });
  return packageRecord(db, packageId, access);
}

const HEADER_COLUMNS = {
  folder_id: 'folderId',
  name: 'name',
  description: 'description',
  status: 'status',
  signing_order: 'signingOrder',
  expiry_days: 'expiryDays',
  reminder_days: 'reminderDays',
  auto_sign_enabled: 'autoSignEnabled',
  auto_sign_approver_id: 'autoSignApproverId',
} as const satisfies Record<Exclude<keyof PackageHeader, 'signer_roles'>, string>;

/** Header, folder and signer changes; each changed field is logged with its old and new value. */
export async function updatePackage(
  deps: Deps,
  actor: Actor,
  packageId: number,
  input: PackageHeader,
): Promise<DocumentPackageRecord> {
  const { db } = deps.database;
  const { found } = await requirePackage(db, actor, packageId, 'edit');
  if (input.folder_id !== undefined && input.folder_id !== found.folderId) {
    await checkTargetFolder(db, actor, input.folder_id, found.companyId);
  }
  const [current] = await db.select().from(documentPackages).where(eq(documentPackages.id, packageId));
  const autoSign = input.auto_sign_enabled ?? current!.autoSignEnabled;
  const approverId =
    input.auto_sign_approver_id !== undefined ? input.auto_sign_approver_id : current!.autoSignApproverId;
  await checkHeader(db, found.companyId, input, { autoSign, approverId });
  const changes: Record<string, [unknown, unknown]> = {};
  const set: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(HEADER_COLUMNS)) {
    const next = input[field as keyof typeof HEADER_COLUMNS];
    const before = current![column as keyof typeof current];
    if (next === undefined || next === before) continue;
    changes[field] = [before, next];
    set[column] = next;
  }
  if (input.signer_roles) changes.signer_roles = [null, input.signer_roles.map((role) => role.label)];
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      if (Object.keys(set).length > 0) {
        await tx.update(documentPackages).set(set).where(eq(documentPackages.id, packageId));
      }
      if (input.signer_roles) await replaceSignerRoles(tx, packageId, input.signer_roles);
      await recordChange(tx, {
        packageId,
        userId: actor.userId,
        action: 'updated',
        changes,
        now: deps.clock.now(),
      });
    });
  }
  const access = await folderAccess(db, actor, found.companyId);
  return packageRecord(db, packageId, access);
}

export async function deletePackage(deps: Deps, actor: Actor, packageId: number): Promise<void> {
  const { db } = deps.database;
  await requirePackage(db, actor, packageId, 'edit');
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(documentPackages)
      .set({ deletedAt: now, deletedBy: actor.userId })
      .where(eq(documentPackages.id, packageId));
    await recordChange(tx, { packageId, userId: actor.userId, action: 'deleted', changes: {}, now });
  });
}

export async function packageChanges(
  deps: Deps,
  actor: Actor,
  packageId: number,
): Promise<z.input<typeof packageChangeRecord>[]> {
  const { db } = deps.database;
  await requirePackage(db, actor, packageId, 'view');
  const rows = await db
    .select({
      id: documentPackageChanges.id,
      version: documentPackageChanges.version,
      action: documentPackageChanges.action,
      userId: documentPackageChanges.userId,
      userName: sql<string | null>`trim(${users.name} || ' ' || ${users.lastName})`,
      changes: documentPackageChanges.changes,
      createdAt: documentPackageChanges.createdAt,
    })
    .from(documentPackageChanges)
    .leftJoin(users, eq(users.id, documentPackageChanges.userId))
    .where(eq(documentPackageChanges.packageId, packageId))
    .orderBy(desc(documentPackageChanges.version), desc(documentPackageChanges.id));
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    action: row.action,
    user_id: row.userId,
    user_name: row.userId ? row.userName : null,
    changes: row.changes,
    created_at: row.createdAt.toISOString(),
  }));
}
