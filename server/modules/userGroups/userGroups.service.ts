import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { userGroupRecord } from '../../../contract/endpoints/userGroups.js';
import type { Db } from '../../db/client.js';
import { companies, userGroupMembers, userGroups, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import { isUniqueViolation } from '../common/constraintErrors.js';
import { likePattern, listPage, orderFor, pageWindow } from '../common/listing.js';

export type UserGroupRecord = z.output<typeof userGroupRecord>;

export const GROUP_MESSAGES = {
  created: 'Grupo creado',
  updated: 'Grupo actualizado',
  deleted: 'Grupo eliminado',
  nameTaken: 'Ya existe un grupo con este nombre en la empresa',
  foreignMembers: 'Todos los miembros deben ser usuarios de la empresa del grupo',
} as const;

const memberCount = sql<number>`(SELECT count(*) FROM ${userGroupMembers} WHERE ${userGroupMembers.groupId} = ${userGroups.id})`;

const groupColumns = {
  id: userGroups.id,
  companyId: userGroups.companyId,
  companyName: companies.fiscalName,
  name: userGroups.name,
  description: userGroups.description,
  createdAt: userGroups.createdAt,
  updatedAt: userGroups.updatedAt,
};

const selectGroups = (db: Db) =>
  db.select(groupColumns).from(userGroups).innerJoin(companies, eq(companies.id, userGroups.companyId));

type GroupRow = Awaited<ReturnType<typeof selectGroups>>[number];

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

export async function getGroup(db: Db, groupId: number): Promise<UserGroupRecord> {
  const [row] = await selectGroups(db).where(eq(userGroups.id, groupId));
  if (!row) throw notFound();
  return (await withMembers(db, [row]))[0]!;
}

const SORT_COLUMNS = {
  id: userGroups.id,
  name: sql`lower(${userGroups.name})`,
  member_count: memberCount,
  created_at: userGroups.createdAt,
} as const;

export type GroupListInput = {
  companyId: number;
  page: number;
  itemsPerPage: number;
  search?: string;
  sort?: keyof typeof SORT_COLUMNS;
  order?: 'ASC' | 'DESC';
};

/** A page of one company's groups, searched by name or description. */
export async function listGroups(
  deps: Deps,
  input: GroupListInput,
): Promise<{ items: UserGroupRecord[]; total: number }> {
  const { db } = deps.database;
  const pattern = input.search ? likePattern(input.search) : undefined;
  const where: SQL | undefined = and(
    eq(userGroups.companyId, input.companyId),
    pattern ? or(ilike(userGroups.name, pattern), ilike(userGroups.description, pattern)) : undefined,
  );
  const { limit, offset } = pageWindow(input);
  const order = orderFor(SORT_COLUMNS, userGroups.id, input.sort, 'name', input.order, {
    searching: !!pattern,
  });
  const page = await listPage({
    db,
    page: input,
    ids: db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    matches: db.select({ one: sql`1` }).from(userGroups).where(where),
    records: (ids) => selectGroups(db).where(inArray(userGroups.id, ids)),
    toItem: (row: GroupRow) => row,
  });
  return { items: await withMembers(db, page.items), total: page.total };
}

const nameTaken = () => conflict(GROUP_MESSAGES.nameTaken, { name: GROUP_MESSAGES.nameTaken });

async function assertNameFree(db: Db, companyId: number, name: string, exceptGroupId?: number) {
  const [taken] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.companyId, companyId),
        sql`lower(${userGroups.name}) = ${name.toLowerCase()}`,
        exceptGroupId ? ne(userGroups.id, exceptGroupId) : undefined,
      ),
    );
  if (taken) throw nameTaken();
}

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
async function writeGroup<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export type NewGroup = { company_id: number; name: string; description?: string | null; user_ids: number[] };

export async function createGroup(deps: Deps, input: NewGroup): Promise<UserGroupRecord> {
  const { db } = deps.database;
  await assertNameFree(db, input.company_id, input.name);
  const members = await checkedMembers(db, input.company_id, input.user_ids);
  const groupId = await writeGroup(db, async (tx) => {
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
  if (input.name !== undefined) await assertNameFree(db, group.companyId, input.name, groupId);
  const members = input.user_ids ? await checkedMembers(db, group.companyId, input.user_ids) : undefined;
  await writeGroup(db, async (tx) => {
    await tx
      .update(userGroups)
      .set({ name: input.name, description: input.description, updatedAt: deps.clock.now() })
      .where(eq(userGroups.id, groupId));
    if (members) await replaceMembers(tx, groupId, members);
  });
  return getGroup(db, groupId);
}

/** Removes the group and its memberships (the users stay). */
export async function deleteGroup(deps: Deps, groupId: number): Promise<void> {
  const deleted = await deps.database.db
    .delete(userGroups)
    .where(eq(userGroups.id, groupId))
    .returning({ id: userGroups.id });
  if (deleted.length === 0) throw notFound();
}
