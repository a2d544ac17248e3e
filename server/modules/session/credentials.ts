import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { audit } from '../../audit.js';
import { loginChallenges, sessions, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { stripControlCharacters } from '../../http/inputText.js';
import type { RateLimit } from '../../http/rateLimit.js';

/**
 * Session creation and revocation, and the digests of one-time secrets, shared by sign-in, the
 * second factor, password changes and impersonation.
 */

type NewSession = { userId: number; impersonatorUserId?: number; ip: string; userAgent?: string };

/** A server-side session and the token naming it (flagged isImpersonating for an administrator's). */
export async function createSession(deps: Deps, input: NewSession): Promise<{ token: string; id: number }> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.SESSION_HOURS * 3_600_000);
  const [session] = await deps.database.db
    .insert(sessions)
    .values({
      userId: input.userId,
      impersonatorUserId: input.impersonatorUserId ?? null,
      ip: input.ip,
      // A header is client input too: no control character reaches the database.
      userAgent:
        input.userAgent === undefined ? undefined : stripControlCharacters(input.userAgent).slice(0, 500),
      expiresAt,
    })
    .returning({ id: sessions.id });
  const token = await deps.tokens.sign(
    { id: input.userId, sid: session!.id, isImpersonating: input.impersonatorUserId !== undefined },
    expiresAt,
  );
  return { token, id: input.userId };
}

/** The last step of a sign-in (with or without a second factor): a session, recorded and audited. */
export async function openSession(
  deps: Deps,
  input: { userId: number; companyId: number; ip: string; userAgent?: string },
): Promise<{ token: string; id: number }> {
  const { db } = deps.database;
  const session = await createSession(deps, input);
  await db.update(users).set({ lastLoginAt: deps.clock.now() }).where(eq(users.id, input.userId));
  await audit(db, {
    action: 'session.signin',
    actorUserId: input.userId,
    effectiveUserId: input.userId,
    companyId: input.companyId,
    ip: input.ip,
  });
  return session;
}

/** Revokes every live session of the user, except `keepSessionId` when given. */
export async function revokeSessions(deps: Deps, userId: number, keepSessionId?: string): Promise<void> {
  await deps.database.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

/** Closes the user's pending second-factor challenges (a newer sign-in or a new password supersedes them). */
export async function closeChallenges(deps: Deps, userId: number): Promise<void> {
  await deps.database.db
    .update(loginChallenges)
    .set({ closedAt: deps.clock.now() })
    .where(and(eq(loginChallenges.userId, userId), isNull(loginChallenges.closedAt)));
}

/**
 * HMAC-SHA256 of a one-time secret under the session secret: the database alone (a backup, a
 * leak) cannot confirm a guess of a six-digit code offline.
 */
export function secretDigest(
  deps: Deps,
  purpose: 'login-code' | 'password-reset' | 'signin-unlock',
  value: string,
): string {
  return createHmac('sha256', deps.secrets.sessionSecret).update(`${purpose}:${value}`).digest('base64url');
}

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `ana.perez@empresa.co` → `a***@empresa.co`: enough to recognise the mailbox, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

const FIFTEEN_MINUTES = 15 * 60;

/** Per-account limits (config ACCOUNT_ATTEMPTS_PER_15_MINUTES), on top of the per-IP ones of the contract. */
export const accountLimits = {
  /** Failed sign-ins of one e-mail, known or not. */
  signin: (deps: Deps, email: string): RateLimit => ({
    key: `signin-account:${email.toLowerCase()}`,
    max: deps.config.ACCOUNT_ATTEMPTS_PER_15_MINUTES,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /** Second-factor codes e-mailed to, or mistyped by, one user. */
  code: (deps: Deps, userId: number): RateLimit => ({
    key: `code-account:${userId}`,
    max: deps.config.ACCOUNT_ATTEMPTS_PER_15_MINUTES,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /** Password reset e-mails asked for one address (known or not, so the limit reveals nothing). */
  reset: (email: string): RateLimit => ({
    key: `reset-account:${email.toLowerCase()}`,
    max: 5,
    windowSeconds: 3600,
  }),
};

/** Case-insensitive e-mail match (the unique index is on lower(email)). */
export const userEmailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
