import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { signinReply } from '../../../contract/endpoints/session.js';
import { audit } from '../../audit.js';
import { sessions, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { passwordMatches } from '../../security/passwords.js';
import { companyIsDeleted, DELETED_COMPANY_SIGNIN } from '../companies/liveness.js';
import { openSession, userEmailIs } from './credentials.js';
import {
  checkSigninThrottles,
  clearAccountThrottles,
  offerUnlockLink,
  recordSigninFailure,
  signinThrottles,
  spendUnlockLink,
  unlockLinkIsValid,
} from './signinThrottle.js';
import { startChallenge } from './twoFactor.service.js';

export const SESSION_MESSAGES = {
  wrongCredentials: 'Correo o contraseña incorrectos',
  locked: 'Su usuario está bloqueado. Solicite a un administrador que lo desbloquee',
  inactive: 'Su usuario está inactivo. Comuníquese con el administrador de su empresa',
  loggedOut: 'Sesión cerrada',
  welcome: 'Bienvenido',
  codeSent: 'Le enviamos un código de verificación a su correo',
} as const;

type SigninInput = { email: string; password: string; unlock_token?: string; ip: string; userAgent?: string };
export type SigninReply = z.input<typeof signinReply>;

/**
 * Password check, then either a session (and whether to ask about two-factor) or, for users with
 * two-factor on, a challenge whose code goes by e-mail. Failures slow down further attempts (see
 * signinThrottle.ts) but never lock the account nor end its sessions. An unknown e-mail, a wrong
 * password and a throttled attempt answer alike for known and unknown e-mails; the account's own
 * state (locked by an administrator, inactive, company deleted) is told only after the right password.
 */
export async function signin(deps: Deps, input: SigninInput): Promise<SigninReply> {
  const { db } = deps.database;
  const throttles = signinThrottles(deps, input.email, input.ip);
  const unlocked =
    input.unlock_token !== undefined && (await unlockLinkIsValid(deps, input.email, input.unlock_token));
  if (!unlocked) {
    try {
      await checkSigninThrottles(deps, throttles);
    } catch (error) {
      await offerUnlockLink(deps, input.email);
      throw error;
    }
  }
  const [user] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      status: users.status,
      passwordHash: users.passwordHash,
      twoFactorEnabled: users.twoFactorEnabled,
      promptAnsweredAt: users.twoFactorPromptAnsweredAt,
    })
    .from(users)
    // A deleted user answers exactly like an unknown e-mail.
    .where(and(userEmailIs(input.email), isNull(users.deletedAt)))
    .limit(1);

  if (!(await passwordMatches(user?.passwordHash ?? null, input.password)) || !user) {
    await recordSigninFailure(deps, throttles);
    if (user) await registerFailure(deps, user, input.ip);
    else
      await audit(db, {
        action: 'session.signin_failed',
        ip: input.ip,
        details: { reason: 'unknown_email' },
      });
    throw new HttpProblem(401, SESSION_MESSAGES.wrongCredentials);
  }
  // Said only after the right password, so that they tell a guesser nothing.
  if (user.status === 'locked') throw new HttpProblem(403, SESSION_MESSAGES.locked);
  if (user.status !== 'active') throw new HttpProblem(403, SESSION_MESSAGES.inactive);
  if (await companyIsDeleted(db, user.companyId)) throw new HttpProblem(403, DELETED_COMPANY_SIGNIN);
  await db.update(users).set({ failedLoginAttempts: 0 }).where(eq(users.id, user.id));
  await clearAccountThrottles(deps, input.email);
  if (unlocked) await spendUnlockLink(deps, input.email, input.unlock_token!);

  if (user.twoFactorEnabled) {
    const challenge = await startChallenge(deps, { userId: user.id, ip: input.ip });
    return { status: 'second_factor_required', ...challenge };
  }
  const session = await openSession(deps, {
    userId: user.id,
    companyId: user.companyId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { status: 'authenticated', ...session, promptTwoFactor: user.promptAnsweredAt === null };
}

/** Counts a wrong password for the administrators' view; it never changes the user's status. */
async function registerFailure(deps: Deps, user: { id: number; companyId: number }, ip: string) {
  const { db } = deps.database;
  const [updated] = await db
    .update(users)
    .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
    .where(eq(users.id, user.id))
    .returning({ failed: users.failedLoginAttempts });
  await audit(db, {
    action: 'session.signin_failed',
    effectiveUserId: user.id,
    companyId: user.companyId,
    ip,
    details: { failedAttempts: updated?.failed },
  });
}

/** Revokes the caller's session: its token stops working at once. */
export async function logout(deps: Deps, actor: Actor, ip: string): Promise<void> {
  const { db } = deps.database;
  await db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt)));
  await audit(db, {
    action: 'session.logout',
    actorUserId: actor.impersonatorUserId ?? actor.userId,
    effectiveUserId: actor.userId,
    companyId: actor.companyId,
    ip,
  });
}
