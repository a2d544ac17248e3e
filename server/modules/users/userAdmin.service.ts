import { and, eq, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { ROLE } from '../../../contract/permissions.js';
import { VALIDATION_MESSAGES } from '../../../contract/validation.js';
import type { Db } from '../../db/client.js';
import {
  identificationTypes,
  loginChallenges,
  passwordResetTokens,
  sessions,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, forbidden, notFound, unprocessable } from '../../errors.js';
import { clearRateLimit } from '../../http/rateLimit.js';
import { isUniqueViolation } from '../common/constraintErrors.js';
import { accountLimits } from '../session/credentials.js';
import { auditInvitation, createInvitation, type Invitation, mailInvitation } from './invitation.service.js';
import { assertAnotherActiveAdministrator, assertCanManage, assertGrantableRole } from './roleRules.js';
import { getUserRecord, type UserRecord } from './userRecords.js';

export const USER_MESSAGES = {
  created: 'Usuario creado. Le enviamos un correo para que defina su contraseña',
  updated: 'Usuario actualizado',
  profileUpdated: 'Datos actualizados',
  deleted: 'Usuario eliminado',
  activated: 'Usuario activado',
  unlocked: 'Usuario desbloqueado',
  emailTaken: 'Ya existe un usuario con este correo electrónico',
  idTypeUnknown: 'Seleccione un tipo de identificación válido',
  selfDelete: 'No puede eliminar su propio usuario',
  selfDeactivate: 'No puede desactivar su propio usuario',
  notLocked: 'El usuario no está bloqueado',
} as const;

type Person = {
  name?: string;
  last_name?: string;
  phone?: string | null;
  id_type?: string | null;
  id_number?: string | null;
};

export type SaveUserInput = Person & {
  id?: number;
  name: string;
  last_name: string;
  email: string;
  role_id: number;
  company_id: number;
  status?: 'active' | 'inactive';
};

const emailTaken = () => conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });

/** Any user, live or deleted, holds the e-mail (it is the login, unique across the platform). */
async function assertEmailFree(db: Db, email: string, exceptUserId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  if (taken) throw emailTaken();
}

/** The identity document: a known type code, and type and number given together. */
async function assertIdentityDocument(db: Db, idType: string | null, idNumber: string | null) {
  if (idType) {
    const [known] = await db
      .select({ code: identificationTypes.code })
      .from(identificationTypes)
      .where(eq(identificationTypes.code, idType));
    if (!known) throw unprocessable(USER_MESSAGES.idTypeUnknown, { id_type: USER_MESSAGES.idTypeUnknown });
  }
  if (idType && !idNumber)
    throw unprocessable(VALIDATION_MESSAGES.required, { id_number: VALIDATION_MESSAGES.required });
  if (idNumber && !idType)
    throw unprocessable(VALIDATION_MESSAGES.required, { id_type: VALIDATION_MESSAGES.required });
}

type Target = {
  id: number;
  roleId: number;
  status: 'active' | 'inactive' | 'locked';
  email: string;
  companyId: number;
  passwordSet: boolean;
  phone: string | null;
  idType: string | null;
  idNumber: string | null;
};

async function loadTarget(db: Db, userId: number): Promise<Target> {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      status: users.status,
      email: users.email,
      companyId: users.companyId,
      passwordSet: sql<boolean>`${users.passwordHash} IS NOT NULL`,
      phone: users.phone,
      idType: users.idType,
      idNumber: users.idNumber,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** Stops a user's sessions (their own and those where they impersonate someone) and pending links. */
async function cutAccess(deps: Deps, tx: Db, userId: number) {
  const now = deps.clock.now();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)),
        isNull(sessions.revokedAt),
      ),
    );
  await tx
    .update(loginChallenges)
    .set({ closedAt: now })
    .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.closedAt)));
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

const isActiveAdministrator = (target: Target) =>
  target.roleId === ROLE.administrator && target.status === 'active';

/**
 * Creates a user (and e-mails the invitation to set a password) or, with `id`, updates one. The
 * role must be one the actor may give; the e-mail unique; the identity document consistent.
 */
export async function saveUser(
  deps: Deps,
  actor: Actor,
  input: SaveUserInput,
  ip: string,
): Promise<{ record: UserRecord; created: boolean }> {
  const { db } = deps.database;
  const idType = input.id_type ?? null;
  const idNumber = input.id_number ?? null;
  if (input.id === undefined) {
    await assertGrantableRole(db, actor, input.role_id, input.company_id);
    await assertIdentityDocument(db, idType, idNumber);
    await assertEmailFree(db, input.email);
    let created: { userId: number; invitation: Invitation };
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            companyId: input.company_id,
            roleId: input.role_id,
            name: input.name,
            lastName: input.last_name,
            email: input.email,
            phone: input.phone ?? null,
            idType,
            idNumber,
            status: input.status ?? 'active',
            createdBy: actor.userId,
          })
          .returning({ id: users.id });
        return { userId: row!.id, invitation: await createInvitation(deps, tx, row!.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    const record = await getUserRecord(db, created.userId);
    await mailInvitation(deps, created.invitation, record);
    await auditInvitation(deps, actor, record, ip);
    return { record, created: true };
  }
  return { record: await updateUser(deps, actor, { ...input, id: input.id }, ip), created: false };
}

async function updateUser(deps: Deps, actor: Actor, input: SaveUserInput & { id: number }, ip: string) {
  const { db } = deps.database;
  const target = await loadTarget(db, input.id);
  await assertCanManage(db, actor, target);
  if (input.role_id !== target.roleId || input.company_id !== target.companyId) {
    await assertGrantableRole(db, actor, input.role_id, input.company_id);
  }
  const idType = input.id_type === undefined ? target.idType : input.id_type;
  const idNumber = input.id_number === undefined ? target.idNumber : input.id_number;
  await assertIdentityDocument(db, idType, idNumber);
  const status = input.status ?? target.status;
  if (target.id === actor.userId && status !== 'active') {
    throw conflict(USER_MESSAGES.selfDeactivate, { status: USER_MESSAGES.selfDeactivate });
  }
  const emailChanged = input.email !== target.email.toLowerCase();
  if (emailChanged) await assertEmailFree(db, input.email, target.id);
  const losesAccess = status !== 'active' && target.status === 'active';
  let invitation: Invitation | undefined;
  try {
    invitation = await db.transaction(async (tx) => {
      if (isActiveAdministrator(target) && (input.role_id !== ROLE.administrator || status !== 'active')) {
        await assertAnotherActiveAdministrator(tx, target.id);
      }
      await tx
        .update(users)
        .set({
          name: input.name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone === undefined ? target.phone : input.phone,
          idType,
          idNumber,
          roleId: input.role_id,
          companyId: input.company_id,
          status,
          // Activating a locked user also forgets its failed attempts.
          ...(status === 'active' && target.status !== 'active' ? { failedLoginAttempts: 0 } : {}),
          updatedAt: deps.clock.now(),
        })
        .where(eq(users.id, target.id));
      if (input.company_id !== target.companyId)
        await leaveOtherCompaniesGroups(tx, target.id, input.company_id);
      if (losesAccess) await cutAccess(deps, tx, target.id);
      // A changed login invalidates links sent to the old address; one who never set a password gets a new one.
      if (!emailChanged) return undefined;
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: deps.clock.now() })
        .where(and(eq(passwordResetTokens.userId, target.id), isNull(passwordResetTokens.usedAt)));
      return target.passwordSet ? undefined : createInvitation(deps, tx, target.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (status === 'active' && target.status === 'locked') {
    await clearRateLimit(db, accountLimits.signin(deps, target.email).key);
  }
  const record = await getUserRecord(db, target.id);
  if (invitation) {
    await mailInvitation(deps, invitation, record);
    await auditInvitation(deps, actor, record, ip);
  }
  return record;
}

/** Group members must belong to the group's company: a user who moves leaves the others. */
async function leaveOtherCompaniesGroups(tx: Db, userId: number, companyId: number) {
  const sameCompanyGroups = tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(eq(userGroups.companyId, companyId));
  await tx
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.userId, userId), notInArray(userGroupMembers.groupId, sameCompanyGroups)));
}

/**
 * Soft delete: the row stays for history (names in audit trails and signed documents), the user
 * leaves every list and group, cannot sign in, and every session and pending link stops working.
 */
export async function deleteUser(deps: Deps, actor: Actor, userId: number): Promise<void> {
  const { db } = deps.database;
  if (userId === actor.userId) throw conflict(USER_MESSAGES.selfDelete);
  const target = await loadTarget(db, userId);
  await assertCanManage(db, actor, target);
  await db.transaction(async (tx) => {
    if (isActiveAdministrator(target)) await assertAnotherActiveAdministrator(tx, target.id);
    const now = deps.clock.now();
    await tx
      .update(users)
      .set({ deletedAt: now, status: 'inactive', updatedAt: now })
      .where(eq(users.id, target.id));
    await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, target.id));
    await cutAccess(deps, tx, target.id);
  });
}

/**
 * Sets the user active (from inactive or locked) with no failed attempts; `onlyLocked` refuses
 * (409) a user who is not locked. The account's sign-in limit is forgotten too.
 */
export async function activateUser(
  deps: Deps,
  actor: Actor,
  userId: number,
  options: { onlyLocked: boolean },
): Promise<UserRecord> {
  const { db } = deps.database;
  const target = await loadTarget(db, userId);
  await assertCanManage(db, actor, target);
  if (options.onlyLocked && target.status !== 'locked') throw conflict(USER_MESSAGES.notLocked);
  await db
    .update(users)
    .set({ status: 'active', failedLoginAttempts: 0, updatedAt: deps.clock.now() })
    .where(eq(users.id, target.id));
  await clearRateLimit(db, accountLimits.signin(deps, target.email).key);
  return getUserRecord(db, target.id);
}

/**
 * Personal data (name, last name, phone, identity document): anyone their own; someone else's only
 * with user.list, for a user the actor sees (checked by the route) and may manage.
 */
export async function updatePersonalData(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: Person,
): Promise<UserRecord> {
  const { db } = deps.database;
  if (userId !== actor.userId && !actor.permissions.has('user.list')) throw forbidden();
  const target = await loadTarget(db, userId);
  await assertCanManage(db, actor, target);
  const idType = input.id_type === undefined ? target.idType : input.id_type;
  const idNumber = input.id_number === undefined ? target.idNumber : input.id_number;
  await assertIdentityDocument(db, idType, idNumber);
  await db
    .update(users)
    .set({
      name: input.name,
      lastName: input.last_name,
      phone: input.phone,
      idType,
      idNumber,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, target.id));
  return getUserRecord(db, target.id);
}
