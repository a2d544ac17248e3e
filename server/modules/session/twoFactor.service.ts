import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { audit } from '../../audit.js';
import { loginChallenges, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { checkRateLimit, recordRateLimitHit } from '../../http/rateLimit.js';
import {
  accountLimits,
  closeChallenges,
  maskEmail,
  openSession,
  sameDigest,
  secretDigest,
} from './credentials.js';

export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes a challenge survives; the next sign-in starts a new one. */
export const MAX_CODE_ATTEMPTS = 5;
/** The first code and three resends. */
export const MAX_CODE_SENDS = 4;

export const TWO_FACTOR_MESSAGES = {
  wrongCode: (left: number) =>
    left > 0
      ? `Código incorrecto. Le quedan ${left} intento${left === 1 ? '' : 's'}`
      : 'Código incorrecto. Superó el número de intentos: inicie sesión de nuevo',
  expired: 'El código expiró. Solicite uno nuevo',
  closed: 'Esta verificación ya no es válida (el código fue usado o reemplazado). Inicie sesión de nuevo',
  tooManyAttempts: 'Superó el número de intentos. Inicie sesión de nuevo',
  resendLimit: 'Alcanzó el máximo de reenvíos del código. Inicie sesión de nuevo',
  userUnavailable: 'Su usuario no está activo. Comuníquese con el administrador de su empresa',
} as const;

type ChallengeSent = { challenge: string; sentTo: string; expiresInSeconds: number };

/** Six digits from the CSPRNG, leading zeros kept. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

// The challenge id is part of the digest, so a code is worth nothing outside its challenge.
const codeDigest = (deps: Deps, challengeId: string, code: string) =>
  secretDigest(deps, 'login-code', `${challengeId}:${code}`);

const codeExpiry = (deps: Deps) => new Date(deps.clock.now().getTime() + CODE_TTL_SECONDS * 1000);

async function mailCode(deps: Deps, to: { email: string; name: string }, code: string, key: string) {
  await deps.mailer.send(
    {
      to: to.email,
      subject: 'Código de verificación para iniciar sesión en Rúbrica',
      text: [
        `Hola, ${to.name}:`,
        '',
        'Su código de verificación para iniciar sesión en Rúbrica es:',
        '',
        code,
        '',
        'Vence en 10 minutos y solo sirve una vez. Si usted no intentó iniciar sesión, ignore este mensaje y cambie su contraseña.',
      ].join('\n'),
    },
    // The person waits on the sign-in page for it.
    { idempotencyKey: key, urgent: true },
  );
}

/** After a right password: replaces any pending challenge of the user and e-mails a fresh code. */
export async function startChallenge(
  deps: Deps,
  input: { userId: number; ip: string },
): Promise<ChallengeSent> {
  const { db } = deps.database;
  const limit = accountLimits.code(deps, input.userId);
  await checkRateLimit(db, limit);
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  await closeChallenges(deps, input.userId);
  const id = randomUUID();
  const code = newCode();
  await db.insert(loginChallenges).values({
    id,
    userId: input.userId,
    codeHash: codeDigest(deps, id, code),
    codeExpiresAt: codeExpiry(deps),
    ip: input.ip,
  });
  await recordRateLimitHit(db, limit);
  await mailCode(deps, user!, code, `login-code:${id}:1`);
  return { challenge: id, sentTo: maskEmail(user!.email), expiresInSeconds: CODE_TTL_SECONDS };
}

/** A challenge that can still take a code, with its user; 400 when it was used, replaced or exhausted. */
async function openChallenge(deps: Deps, challengeId: string) {
  const [row] = await deps.database.db
    .select({
      id: loginChallenges.id,
      userId: loginChallenges.userId,
      codeHash: loginChallenges.codeHash,
      codeExpiresAt: loginChallenges.codeExpiresAt,
      failedAttempts: loginChallenges.failedAttempts,
      sends: loginChallenges.sends,
      closedAt: loginChallenges.closedAt,
      email: users.email,
      name: users.name,
      status: users.status,
      companyId: users.companyId,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.id, challengeId));
  if (!row || row.closedAt) throw new HttpProblem(400, TWO_FACTOR_MESSAGES.closed);
  if (row.failedAttempts >= MAX_CODE_ATTEMPTS)
    throw new HttpProblem(400, TWO_FACTOR_MESSAGES.tooManyAttempts);
  return row;
}

type VerifyInput = { challenge: string; code: string; ip: string; userAgent?: string };

/** The right code, once, within its 10 minutes, closes the challenge and opens the session. */
export async function verifySecondFactor(
  deps: Deps,
  input: VerifyInput,
): Promise<{ token: string; id: number }> {
  const { db } = deps.database;
  const row = await openChallenge(deps, input.challenge);
  const limit = accountLimits.code(deps, row.userId);
  await checkRateLimit(db, limit);
  const now = deps.clock.now();
  if (row.codeExpiresAt <= now) {
    throw new HttpProblem(422, TWO_FACTOR_MESSAGES.expired, { code: TWO_FACTOR_MESSAGES.expired });
  }
  if (!sameDigest(codeDigest(deps, row.id, input.code), row.codeHash)) {
    const [counted] = await db
      .update(loginChallenges)
      .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
      .where(and(eq(loginChallenges.id, row.id), isNull(loginChallenges.closedAt)))
      .returning({ failed: loginChallenges.failedAttempts });
    await recordRateLimitHit(db, limit);
    const failed = counted?.failed ?? MAX_CODE_ATTEMPTS;
    await audit(db, {
      action: 'session.second_factor_failed',
      effectiveUserId: row.userId,
      companyId: row.companyId,
      ip: input.ip,
      details: { failedAttempts: failed },
    });
    const message = TWO_FACTOR_MESSAGES.wrongCode(Math.max(0, MAX_CODE_ATTEMPTS - failed));
    throw new HttpProblem(422, message, { code: message });
  }
  // Closing only the row still holding this code makes two concurrent uses yield one session.
  const [closed] = await db
    .update(loginChallenges)
    .set({ closedAt: now })
    .where(
      and(
        eq(loginChallenges.id, row.id),
        isNull(loginChallenges.closedAt),
        eq(loginChallenges.codeHash, row.codeHash),
        lt(loginChallenges.failedAttempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: loginChallenges.id });
  if (!closed) throw new HttpProblem(400, TWO_FACTOR_MESSAGES.closed);
  if (row.status !== 'active') throw new HttpProblem(403, TWO_FACTOR_MESSAGES.userUnavailable);
  return openSession(deps, {
    userId: row.userId,
    companyId: row.companyId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
}

/** E-mails a new code for the same challenge; the previous code stops working. */
export async function resendCode(
  deps: Deps,
  input: { challenge: string },
): Promise<Omit<ChallengeSent, 'challenge'>> {
  const { db } = deps.database;
  const row = await openChallenge(deps, input.challenge);
  if (row.sends >= MAX_CODE_SENDS) throw new HttpProblem(429, TWO_FACTOR_MESSAGES.resendLimit);
  const limit = accountLimits.code(deps, row.userId);
  await checkRateLimit(db, limit);
  const code = newCode();
  const [updated] = await db
    .update(loginChallenges)
    .set({
      codeHash: codeDigest(deps, row.id, code),
      codeExpiresAt: codeExpiry(deps),
      sends: sql`${loginChallenges.sends} + 1`,
    })
    .where(
      and(
        eq(loginChallenges.id, row.id),
        isNull(loginChallenges.closedAt),
        lt(loginChallenges.sends, MAX_CODE_SENDS),
      ),
    )
    .returning({ sends: loginChallenges.sends });
  if (!updated) throw new HttpProblem(400, TWO_FACTOR_MESSAGES.closed);
  await recordRateLimitHit(db, limit);
  await mailCode(deps, row, code, `login-code:${row.id}:${updated.sends}`);
  return { sentTo: maskEmail(row.email), expiresInSeconds: CODE_TTL_SECONDS };
}

/** Turns the caller's two-factor on or off; either way the activation prompt counts as answered. */
export async function setTwoFactorPreference(
  deps: Deps,
  actor: Actor,
  enabled: boolean,
): Promise<{ two_factor_enabled: boolean }> {
  const [row] = await deps.database.db
    .update(users)
    .set({
      twoFactorEnabled: enabled,
      twoFactorPromptAnsweredAt: sql`COALESCE(${users.twoFactorPromptAnsweredAt}, ${deps.clock.now().toISOString()}::timestamptz)`,
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, actor.userId))
    .returning({ enabled: users.twoFactorEnabled });
  return { two_factor_enabled: row?.enabled ?? enabled };
}
