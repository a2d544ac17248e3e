import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../../audit.js';
import type { Db } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { beforePeriod } from '../../html/emailTemplate.js';
import { hitRateLimit } from '../../http/rateLimit.js';
import { secretDigest } from '../session/credentials.js';
import { resetLink } from '../session/password.service.js';
import { getUserRecord, type UserRecord } from './userRecords.js';

/**
 * A new user chooses their own password: the invitation is a single-use link of the password
 * reset table (purpose 'invitation'), confirmed by the same POST password/reset and the same page
 * as a reset, valid for a week.
 */

export const INVITATION_TTL_DAYS = 7;
/** Resends per user and hour: enough for typos, not enough to flood a mailbox. */
const RESENDS_PER_HOUR = 5;

export const INVITATION_MESSAGES = {
  sent: 'Invitación enviada. El enlace anterior dejó de servir',
  passwordAlreadySet: 'El usuario ya definió su contraseña; no necesita una invitación',
} as const;

export type Invitation = { tokenId: number; token: string };

/**
 * Stores a new invitation link for the user (its HMAC only), spending any earlier one. Runs inside
 * the caller's transaction; the e-mail goes out once that transaction has committed.
 */
export async function createInvitation(deps: Deps, tx: Db, userId: number): Promise<Invitation> {
  const now = deps.clock.now();
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'invitation'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      userId,
      purpose: 'invitation',
      tokenHash: secretDigest(deps, 'password-reset', token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    })
    .returning({ id: passwordResetTokens.id });
  await tx.update(users).set({ invitedAt: now }).where(eq(users.id, userId));
  return { tokenId: row!.id, token };
}

/** The invitation e-mail (through the durable queue; a retried call does not send it twice). */
export async function mailInvitation(deps: Deps, invitation: Invitation, user: UserRecord): Promise<void> {
  await deps.mailer.send(
    {
      to: user.email,
      subject: 'Bienvenido a Rúbrica: defina su contraseña',
      text: [
        `Hola, ${user.name}:`,
        '',
        `Le creamos un usuario en Rúbrica, la plataforma de firma electrónica de ${beforePeriod(user.company_name)}. Para empezar, defina su contraseña en este enlace:`,
        '',
        resetLink(deps, invitation.token),
        '',
        `Inicie sesión con este correo (${user.email}). El enlace vence en ${INVITATION_TTL_DAYS} días y solo sirve una vez; si vence, pida al administrador de su empresa que le envíe otra invitación.`,
        '',
        'Si no esperaba este mensaje, ignórelo.',
      ].join('\n'),
    },
    { idempotencyKey: `invitation:${invitation.tokenId}` },
  );
}

/** A new link for a user who has not set a password yet; the previous link stops working. */
export async function resendInvitation(
  deps: Deps,
  actor: Actor,
  userId: number,
  ip: string,
): Promise<UserRecord> {
  const { db } = deps.database;
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound();
  if (user.passwordHash) throw conflict(INVITATION_MESSAGES.passwordAlreadySet);
  await hitRateLimit(db, `invitation-resend:${userId}`, RESENDS_PER_HOUR, 3600);
  const invitation = await db.transaction((tx) => createInvitation(deps, tx, userId));
  const record = await getUserRecord(db, userId);
  await mailInvitation(deps, invitation, record);
  await auditInvitation(deps, actor, record, ip);
  return record;
}

/** Who invited whom (the e-mail's link itself is never logged). */
export async function auditInvitation(deps: Deps, actor: Actor, user: UserRecord, ip: string) {
  await audit(deps.database.db, {
    action: 'user.invitation_sent',
    actorUserId: actor.impersonatorUserId ?? actor.userId,
    effectiveUserId: actor.userId,
    companyId: user.company_id,
    entity: 'user',
    entityId: user.id,
    ip,
  });
}
