import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  userGroups as userGroupEndpoints,
  type userGroupRecord,
} from '../../../contract/endpoints/userGroups.js';
import type { Db } from '../../db/client.js';
import { userGroupMembers, userGroups, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { type CrudRow, crudService } from '../common/crud.js';

export type UserGroupRecord = z.output<typeof userGroupRecord>;

export const GROUP_MESSAGES = {
  created: 'Grupo creado',
  updated: 'Grupo actualizado',
  deleted: 'Grupo eliminado',
  nameTaken: 'Ya existe un grupo con este nombre en la empresa',
  foreignMembers: 'Todos los miembros deben ser usuarios de la empresa del grupo',
} as const;

const memberCount = sql<number>`(SELECT count(*) FROM ${userGroupMembers} WHERE ${userGroupMembers.groupId} = ${userGroups.id})`;

type GroupRow = CrudRow<typeof userGroups>;

/** The groups with their live members, by member name. */
async function withMembers(db: Db, rows: GroupRow[]): Promise<UserGroupRecord[]> {
  const members = rows.length
    ? await db
        .select({
          groupId: userGroupMembers.groupId,
          id: users.id,
          name: users.name,
          lastName: users.lastName,
          email: users.email,
        })
        .from(userGroupMembers)
        .innerJoin(users, eq(users.id, userGroupMembers.userId))
        .where(
          and(
            inArray(
              userGroupMembers.groupId,
              rows.map((row) => row.id),
            ),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.name), asc(users.lastName), asc(users.id))
    : [];
  return rows.map((row) => {
    const own = members
      .filter((member) => member.groupId === row.id)
      .map((member) => ({
        id: member.id,
        full_name: `${member.name} ${member.lastName}`.trim(),
        email: member.email,
      }));
    return {
      id: row.id,
      company_id: row.companyId,
      company_name: row.companyName,
      name: row.name,
      description: row.description,
      user_ids: own.map((member) => member.id),
      members: own,
      member_count: own.length,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/**
 * Groups of one company: the common CRUD (search in name and description, names unique per
 * company) with their members; writes replace the member list in the same transaction.
 */
export const userGroupsCrud = crudService<
  typeof userGroups,
  UserGroupRecord,
  typeof userGroupEndpoints.listGroups
>({
  table: userGroups,
  list: userGroupEndpoints.listGroups,
  search: [userGroups.name, userGroups.description],
  sortBy: { name: sql`lower(${userGroups.name})`, member_count: memberCount },
  defaultSort: 'name',
  unique: { name: GROUP_MESSAGES.nameTaken },
  messages: GROUP_MESSAGES,
  toRecords: withMembers,
});

const getGroup = userGroupsCrud.get;

/** The distinct member ids, all live users of the group's company (422 otherwise). */
async function checkedMembers(db: Db, companyId: number, userIds: readonly number[]): Promise<number[]> {
  const distinct = [...new Set(userIds)];
  if (distinct.length === 0) return [];
  const [row] = await db
    .select({ found: count() })
    .from(users)
    .where(and(inArray(users.id, distinct), eq(users.companyId, companyId), isNull(users.deletedAt)));
  if (Number(row?.found ?? 0) !== distinct.length) {
    throw unprocessable(GROUP_MESSAGES.foreignMembers, { user_ids: GROUP_MESSAGES.foreignMembers });
  }
  return distinct;
}

async function replaceMembers(tx: Db, groupId: number, userIds: readonly number[]) {
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  if (userIds.length) {
    await tx.insert(userGroupMembers).values(userIds.map((userId) => ({ groupId, userId })));
  }
}

/** Runs the writes of a group in one transaction; a name taken meanwhile still answers 409. */
const writeGroup = <T>(
  db: Db,
  companyId: number,
  name: string | undefined,
  work: (tx: Db) => Promise<T>,
  exceptId?: number,
) => userGroupsCrud.uniqueWrite(db, companyId, { name }, () => db.transaction((tx) => work(tx)), exceptId);

export type NewGroup = { company_id: number; name: string; description?: string | null; user_ids: number[] };

export async function createGroup(deps: Deps, input: NewGroup): Promise<UserGroupRecord> {
  const { db } = deps.database;
  await userGroupsCrud.assertUnique(db, input.company_id, { name: input.name });
  const members = await checkedMembers(db, input.company_id, input.user_ids);
  const groupId = await writeGroup(db, input.company_id, input.name, async (tx) => {
    const [row] = await tx
      .insert(userGroups)
      .values({ companyId: input.company_id, name: input.name, description: input.description ?? null })
      .returning({ id: userGroups.id });
    await replaceMembers(tx, row!.id, members);
    return row!.id;
  });
  return getGroup(db, groupId);
}

export type GroupChanges = { name?: string; description?: string | null; user_ids?: number[] };

/** Name, description and, when `user_ids` is given, the whole member list. */
export async function updateGroup(
  deps: Deps,
  groupId: number,
  input: GroupChanges,
): Promise<UserGroupRecord> {
  const { db } = deps.database;
  const [group] = await db
    .select({ companyId: userGroups.companyId })
    .from(userGroups)
    .where(eq(userGroups.id, groupId));
  if (!group) throw notFound();
  await userGroupsCrud.assertUnique(db, group.companyId, { name: input.name }, groupId);
  const members = input.user_ids ? await checkedMembers(db, group.companyId, input.user_ids) : undefined;
  await writeGroup(
    db,
    group.companyId,
    input.name,
    async (tx) => {
      await tx
        .update(userGroups)
        .set({ name: input.name, description: input.description, updatedAt: deps.clock.now() })
        .where(eq(userGroups.id, groupId));
      if (members) await replaceMembers(tx, groupId, members);
    },
    groupId,
  );
  return getGroup(db, groupId);
}
