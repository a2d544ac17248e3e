import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../../audit.js';
import { sessions, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';

export const MAX_FAILED_LOGINS = 5;

export const SESSION_MESSAGES = {
  wrongCredentials: 'Correo o contraseña incorrectos',
  locked: 'Su usuario está bloqueado por intentos fallidos. Solicite a un administrador que lo desbloquee',
  inactive: 'Su usuario está inactivo. Comuníquese con el administrador de su empresa',
  loggedOut: 'Sesión cerrada',
  welcome: 'Bienvenido',
} as const;

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's baseline). */
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hash('decoy-password-for-timing');
  return decoyHash;
};

type SigninInput = { email: string; password: string; ip: string; userAgent?: string };

export async function signin(deps: Deps, input: SigninInput): Promise<{ token: string; id: number }> {
  const { db } = deps.database;
  const [user] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      status: users.status,
      passwordHash: users.passwordHash,
      failed: users.failedLoginAttempts,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);

  if (!user?.passwordHash) {
    await verify(await decoy(), input.password).catch(() => false);
    await audit(db, { action: 'session.signin_failed', ip: input.ip, details: { reason: 'unknown_email' } });
    throw new HttpProblem(401, SESSION_MESSAGES.wrongCredentials);
  }
  if (user.status === 'locked') throw new HttpProblem(403, SESSION_MESSAGES.locked);

  const valid = await verify(user.passwordHash, input.password).catch(() => false);
  if (!valid) {
    await registerFailure(deps, user, input.ip);
    throw new HttpProblem(401, SESSION_MESSAGES.wrongCredentials);
  }
  if (user.status !== 'active') throw new HttpProblem(403, SESSION_MESSAGES.inactive);

  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_HOURS * 3_600_000);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, ip: input.ip, userAgent: input.userAgent?.slice(0, 500), expiresAt })
    .returning({ id: sessions.id });
  await db.update(users).set({ failedLoginAttempts: 0, lastLoginAt: now }).where(eq(users.id, user.id));
  await audit(db, {
    action: 'session.signin',
    actorUserId: user.id,
    effectiveUserId: user.id,
    companyId: user.companyId,
    ip: input.ip,
  });
  const token = await deps.tokens.sign({ id: user.id, sid: session!.id }, expiresAt);
  return { token, id: user.id };
}

/** Counts a wrong password; the fifth in a row locks the user. */
async function registerFailure(deps: Deps, user: { id: number; companyId: number }, ip: string) {
  const { db } = deps.database;
  const [updated] = await db
    .update(users)
    .set({
      failedLoginAttempts: sql`${users.failedLoginAttempts} + 1`,
      status: sql`CASE WHEN ${users.failedLoginAttempts} + 1 >= ${MAX_FAILED_LOGINS} THEN 'locked' ELSE ${users.status} END`,
    })
    .where(eq(users.id, user.id))
    .returning({ failed: users.failedLoginAttempts, status: users.status });
  const locked = updated?.status === 'locked';
  await audit(db, {
    action: locked ? 'user.locked' : 'session.signin_failed',
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
