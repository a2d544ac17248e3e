import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../audit.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem, unprocessable } from '../../errors.js';
import { hitRateLimit } from '../../http/rateLimit.js';
import { hashPassword, passwordMatches } from '../../security/passwords.js';
import {
  accountLimits,
  closeChallenges,
  revokeSessions,
  sameDigest,
  secretDigest,
  userEmailIs,
} from './credentials.js';
import {
  checkSigninThrottles,
  clearAccountThrottles,
  recordSigninFailure,
  registerSigninUnlockJob,
  signinThrottles,
} from './signinThrottle.js';

export const RESET_LINK_TTL_MINUTES = 60;
export const PASSWORD_RESET_QUEUE = 'session.password_reset';

export const PASSWORD_MESSAGES = {
  resetRequested: 'Si el correo está registrado, recibirá un enlace para restablecer la contraseña',
  resetDone: 'Contraseña restablecida. Ya puede iniciar sesión',
  linkUnknown: 'El enlace para restablecer la contraseña no es válido. Solicite uno nuevo',
  linkUsed: 'Este enlace ya fue usado. Solicite uno nuevo si lo necesita',
  linkExpired: 'El enlace para restablecer la contraseña venció. Solicite uno nuevo',
  changed: 'Contraseña actualizada. Se cerraron sus demás sesiones',
  wrongCurrent: 'La contraseña actual es incorrecta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
} as const;

const resetJob = z.object({ email: z.string(), ip: z.string() });

/**
 * Always the same reply, after the same work (counting the address and queueing one job): whether
 * the e-mail exists is decided later by the job, so neither the answer nor its timing tells.
 */
export async function requestPasswordReset(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  const limit = accountLimits.reset(input.email);
  await hitRateLimit(deps.database.db, limit.key, limit.max, limit.windowSeconds);
  await deps.queue.enqueue(PASSWORD_RESET_QUEUE, resetJob.parse(input), { urgent: true });
}

/** The link of the e-mail: PUBLIC_URL, or the address the server listens on. */
export function resetLink(deps: Deps, token: string): string {
  const base = (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  return `${base}/session/recover-password?token=${encodeURIComponent(token)}`;
}

/**
 * Job: for a known, usable user, stores a new single-use token (its HMAC) and e-mails the link.
 * The sign-in unlock e-mail, its sibling, is registered with it.
 */
export function registerPasswordResetJob(deps: Deps): void {
  registerSigninUnlockJob(deps);
  deps.queue.register(PASSWORD_RESET_QUEUE, async (payload, job) => {
    const { email, ip } = resetJob.parse(payload);
    const { db } = deps.database;
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(userEmailIs(email), inArray(users.status, ['active', 'locked'])));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: secretDigest(deps, 'password-reset', token),
      expiresAt: new Date(deps.clock.now().getTime() + RESET_LINK_TTL_MINUTES * 60_000),
      ip,
    });
    await deps.mailer.send(
      {
        to: user.email,
        subject: 'Restablezca su contraseña de Rúbrica',
        text: [
          `Hola, ${user.name}:`,
          '',
          'Recibimos una solicitud para restablecer la contraseña de su usuario en Rúbrica. Para elegir una nueva, abra este enlace:',
          '',
          resetLink(deps, token),
          '',
          `El enlace vence en ${RESET_LINK_TTL_MINUTES} minutos y solo sirve una vez. Si usted no lo solicitó, ignore este mensaje: su contraseña no cambiará.`,
        ].join('\n'),
      },
      // A retried job whose mail was already queued keeps the first link.
      { idempotencyKey: `password-reset:${job.id}`, urgent: true },
    );
  });
}

/**
 * Sets the password from a valid link: the link is spent, and every session, pending second
 * factor and other reset link of the user stops working. A lock stays: only an administrator
 * decides it.
 */
export async function confirmPasswordReset(
  deps: Deps,
  input: { token: string; password: string; ip: string },
): Promise<void> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const digest = secretDigest(deps, 'password-reset', input.token);
  const [link] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      tokenHash: passwordResetTokens.tokenHash,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, digest));
  if (!link || !sameDigest(link.tokenHash, digest)) throw new HttpProblem(400, PASSWORD_MESSAGES.linkUnknown);
  if (link.usedAt) throw new HttpProblem(400, PASSWORD_MESSAGES.linkUsed);
  if (link.expiresAt <= now) throw new HttpProblem(400, PASSWORD_MESSAGES.linkExpired);
  // Spending the link first, conditionally, makes a second concurrent use fail.
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, link.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (!spent) throw new HttpProblem(400, PASSWORD_MESSAGES.linkUsed);

  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .update(users)
    .set({ passwordHash, failedLoginAttempts: 0, updatedAt: now })
    .where(eq(users.id, link.userId))
    .returning({ id: users.id, email: users.email, status: users.status, companyId: users.companyId });
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
  await revokeSessions(deps, link.userId);
  await closeChallenges(deps, link.userId);
  // Whoever holds the mailbox has proved it: earlier failed sign-ins no longer count against them.
  if (user) await clearAccountThrottles(deps, user.email);
  await audit(db, {
    action: 'user.password_reset',
    actorUserId: link.userId,
    effectiveUserId: link.userId,
    companyId: user?.companyId,
    ip: input.ip,
  });
}

/** Changes the caller's password (the current one is required) and closes their other sessions. */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: { current_password: string; new_password: string },
  ip: string,
): Promise<void> {
  const { db } = deps.database;
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId));
  // Wrong current passwords count like failed sign-ins, so a stolen session cannot guess freely.
  const throttles = signinThrottles(deps, user?.email ?? String(actor.userId), ip);
  await checkSigninThrottles(deps, throttles);
  if (!(await passwordMatches(user?.passwordHash ?? null, input.current_password))) {
    await recordSigninFailure(deps, throttles);
    throw unprocessable(PASSWORD_MESSAGES.wrongCurrent, { current_password: PASSWORD_MESSAGES.wrongCurrent });
  }
  if (input.current_password === input.new_password) {
    throw unprocessable(PASSWORD_MESSAGES.samePassword, { new_password: PASSWORD_MESSAGES.samePassword });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password), updatedAt: deps.clock.now() })
    .where(eq(users.id, actor.userId));
  await revokeSessions(deps, actor.userId, actor.sessionId);
  await closeChallenges(deps, actor.userId);
}
