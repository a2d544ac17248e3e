import type { Readable } from 'node:stream';
import { and, asc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminUsers, type userListItem, type userRecord } from '../../../contract/endpoints/adminUsers.js';
import type { SortKeyOf } from '../../../contract/listInputs.js';
import { ROLE } from '../../../contract/permissions.js';
import type { Db } from '../../db/client.js';
import { inIds } from '../../db/idArrays.js';
import { preparedByIds } from '../../db/preparedByIds.js';
import { companies, roles, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { type ExportColumn, keysetBatches, streamXlsx } from '../../export/xlsx.js';
import { likePattern, listOrder, listPage } from '../common/listing.js';
import { sortColumnsOf } from '../common/listSorts.js';

export type UserRecord = z.output<typeof userRecord>;
export type UserListItem = z.output<typeof userListItem>;
type UserStatus = UserRecord['status'];

/** Roles that administer (the platform administrator and a company's administrator). */
export const ADMINISTRATOR_ROLE_IDS = [ROLE.administrator, ROLE.companyAdministrator] as const;

export const STATUS_LABELS = {
  active: 'Activo',
  inactive: 'Inactivo',
  locked: 'Bloqueado',
} as const satisfies Record<UserStatus, string>;

const fullName = sql<string>`${users.name} || ' ' || ${users.lastName}`;

const recordColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  idType: users.idType,
  idNumber: users.idNumber,
  roleId: users.roleId,
  roleName: roles.name,
  companyId: users.companyId,
  companyName: companies.fiscalName,
  status: users.status,
  passwordSet: sql<boolean>`${users.passwordHash} IS NOT NULL`,
  invitedAt: users.invitedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toRecord(row: RecordRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    last_name: row.lastName,
    full_name: `${row.name} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    id_type: row.idType,
    id_number: row.idNumber,
    role_id: row.roleId,
    role_name: row.roleName,
    company_id: row.companyId,
    company_name: row.companyName,
    status: row.status,
    invitation_pending: !row.passwordSet,
    invited_at: iso(row.invitedAt),
    last_login_at: iso(row.lastLoginAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const selectRecords = (db: Db) =>
  db
    .select(recordColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId));

type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];

const userRecordsByIds = preparedByIds('user_records_by_ids', (db, ids) =>
  selectRecords(db).where(sql`${users.id} = ANY(${ids})`),
);

/** One live (not deleted) user as the administration screens read it; 404 otherwise. */
export async function getUserRecord(db: Db, userId: number): Promise<UserRecord> {
  const [row] = await selectRecords(db).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return toRecord(row);
}

/** The live user of that company with that e-mail, or null. */
export async function findUserByEmail(deps: Deps, email: string, companyId: number) {
  const [row] = await selectRecords(deps.database.db).where(
    and(
      sql`lower(${users.email}) = ${email.toLowerCase()}`,
      eq(users.companyId, companyId),
      isNull(users.deletedAt),
    ),
  );
  return row ? toRecord(row) : null;
}

export type UserFilters = {
  search?: string;
  company_id?: number;
  role_id?: number;
  status?: UserStatus;
};

/**
 * Live users of the live companies the actor sees, narrowed by the list's filters. Needs no join:
 * a company user sees only live companies (loaded with the session); for the administrator the
 * few deleted companies are read once per query (an InitPlan), not joined on every row.
 */
function userConditions(actor: Actor, filters: UserFilters): SQL | undefined {
  const pattern = filters.search ? likePattern(filters.search) : undefined;
  return and(
    isNull(users.deletedAt),
    // The users of a deleted company leave the lists with it.
    actor.visibleCompanyIds === 'all'
      ? sql`${users.companyId} <> ALL(ARRAY(SELECT ${companies.id} FROM ${companies} WHERE ${companies.deletedAt} IS NOT NULL))`
      : inIds(users.companyId, actor.visibleCompanyIds),
    filters.company_id ? eq(users.companyId, filters.company_id) : undefined,
    filters.role_id ? eq(users.roleId, filters.role_id) : undefined,
    filters.status ? eq(users.status, filters.status) : undefined,
    pattern
      ? or(
          ilike(fullName, pattern),
          ilike(users.email, pattern),
          ilike(users.idNumber, pattern),
          ilike(users.phone, pattern),
        )
      : undefined,
  );
}

const SORT_COLUMNS = sortColumnsOf(adminUsers.listUsers, users, {
  full_name: sql`lower(${fullName})`,
  role_name: roles.name,
  company_name: companies.fiscalName,
});

export type UserListInput = UserFilters & {
  page: number;
  itemsPerPage: number;
  sort?: SortKeyOf<typeof adminUsers.listUsers>;
  order?: 'ASC' | 'DESC';
};

/** A page of the users the actor sees (the administrator: everyone; a company: its own and its branches'). */
export async function listUsers(
  deps: Deps,
  actor: Actor,
  input: UserListInput,
): Promise<{ items: UserRecord[]; total: number }> {
  const { db } = deps.database;
  const where = userConditions(actor, input);
  const order = listOrder(SORT_COLUMNS, users.id, input.sort, 'id', input.order, {
    searching: !!input.search,
  });
  // Only these sorts need the joined tables to pick the page's ids.
  const joined = input.sort === 'role_name' || input.sort === 'company_name';
  const ids = () =>
    joined
      ? db
          .select({ id: users.id })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(companies, eq(companies.id, users.companyId))
      : db.select({ id: users.id }).from(users);
  const unfiltered =
    actor.visibleCompanyIds === 'all' &&
    !input.search &&
    !input.company_id &&
    !input.role_id &&
    !input.status;
  return listPage({
    db,
    page: input,
    ordered: {
      order,
      query: (after) =>
        ids()
          .where(and(where, after))
          .orderBy(...order.by),
    },
    recordsByIds: userRecordsByIds,
    toItem: toRecord,
    estimateTable: unfiltered ? 'users' : undefined,
  });
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

const EXPORT_COLUMNS: readonly ExportColumn<UserRecord>[] = [
  { header: 'ID', width: 8, value: (user) => user.id },
  { header: 'Nombre', value: (user) => user.name },
  { header: 'Apellido', value: (user) => user.last_name },
  { header: 'Correo electrónico', width: 32, value: (user) => user.email },
  { header: 'Teléfono', value: (user) => user.phone },
  { header: 'Tipo de identificación', value: (user) => user.id_type },
  { header: 'Número de identificación', value: (user) => user.id_number },
  { header: 'Rol', value: (user) => user.role_name },
  { header: 'Empresa', width: 32, value: (user) => user.company_name },
  { header: 'Estado', width: 12, value: (user) => STATUS_LABELS[user.status] },
  { header: 'Invitación pendiente', value: (user) => (user.invitation_pending ? 'Sí' : 'No') },
  { header: 'Último ingreso', value: (user) => dateOrNull(user.last_login_at) },
  { header: 'Creado', value: (user) => new Date(user.created_at) },
];

/**
 * Every user matching the list's filters, as an .xlsx streamed in id order a thousand rows at a
 * time: memory stays flat however many users there are.
 */
export function exportUsers(
  deps: Deps,
  actor: Actor,
  filters: UserFilters,
): { stream: Readable; filename: string } {
  const where = userConditions(actor, filters);
  const batches = keysetBatches(async (lastId, size) => {
    const rows = await selectRecords(deps.database.db)
      .where(and(where, gt(users.id, lastId)))
      .orderBy(asc(users.id))
      .limit(size);
    return rows.map(toRecord);
  });
  const stream = streamXlsx({
    sheetName: 'Usuarios',
    columns: EXPORT_COLUMNS,
    batches,
    onError: (error) => deps.logger.error({ err: error }, 'Falló la exportación de usuarios'),
  });
  return { stream, filename: `usuarios-${deps.clock.now().toISOString().slice(0, 10)}.xlsx` };
}

const listItemColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  companyId: users.companyId,
  status: users.status,
};

/**
 * Live users of exactly one company (not its branches), by name, as pickers show them;
 * `roleIds` narrows to those roles.
 */
export async function listCompanyUserItems(
  db: Db,
  companyId: number,
  roleIds?: readonly number[],
): Promise<UserListItem[]> {
  const rows = await db
    .select(listItemColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        roleIds ? inArray(users.roleId, [...roleIds]) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    full_name: `${row.name} ${row.lastName}`.trim(),
    email: row.email,
    role_id: row.roleId,
    role_name: row.roleName,
    company_id: row.companyId,
    status: row.status,
  }));
}
