import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem, MESSAGES } from '../../errors.js';
import { accountLimits, secretDigest, userEmailIs } from './credentials.js';

/**
 * Failed sign-ins slow down whoever fails, without handing anyone a switch that locks an account:
 * - per account and address: 5 free failures, then a delay that doubles with each one (15 min at most);
 * - per address, whatever the account (known or not): 20 free, then the same growing delay;
 * - per account, from every address: ACCOUNT_ATTEMPTS_PER_15_MINUTES free, then a delay of at most
 *   one minute, so a distributed guesser stays slow while the owner waits little, or not at all
 *   with the unlock link e-mailed to them.
 * A refused attempt checks no password and counts nothing. Counters are forgotten after an hour of
 * quiet; each row keeps the failure count and the time of the last failure.
 */
const FORGET_AFTER_SECONDS = 3600;
const UNLOCK_LINK_MINUTES = 30;
/** At most one unlock e-mail per account in this window, whoever triggers it. */
const UNLOCK_MAIL_WINDOW_SECONDS = 15 * 60;
export const SIGNIN_UNLOCK_QUEUE = 'session.signin_unlock';

type Throttle = { key: string; freeFailures: number; maxDelaySeconds: number };

export function signinThrottles(deps: Deps, email: string, ip: string): Throttle[] {
  const account = email.toLowerCase();
  return [
    { key: `signin-pair:${account}|${ip}`, freeFailures: 5, maxDelaySeconds: 900 },
    { key: `signin-address:${ip}`, freeFailures: 20, maxDelaySeconds: 900 },
    // The same key an administrator's unlock and a password reset clear.
    {
      key: accountLimits.signin(deps, account).key,
      freeFailures: deps.config.ACCOUNT_ATTEMPTS_PER_15_MINUTES,
      maxDelaySeconds: 60,
    },
  ];
}

/** Seconds to wait after `failures` failures: none while free, then 1, 2, 4… up to the cap. */
export function delaySeconds(failures: number, throttle: Throttle): number {
  if (failures < throttle.freeFailures) return 0;
  return Math.min(2 ** (failures - throttle.freeFailures), throttle.maxDelaySeconds);
}

/** 429 with Retry-After while any of the throttles still makes the caller wait. */
export async function checkSigninThrottles(deps: Deps, throttles: readonly Throttle[]): Promise<void> {
  const now = deps.clock.now().getTime();
  const rows = await queryRows<{ key: string; hits: number; window_start: Date | string }>(
    deps.database.db,
    sql`SELECT key, hits, window_start FROM rate_limits WHERE key IN (${sql.join(
      throttles.map((throttle) => sql`${throttle.key}`),
      sql`, `,
    )})`,
  );
  let wait = 0;
  for (const row of rows) {
    const throttle = throttles.find((candidate) => candidate.key === row.key)!;
    const lastFailure = new Date(row.window_start).getTime();
    if (lastFailure <= now - FORGET_AFTER_SECONDS * 1000) continue;
    const until = lastFailure + delaySeconds(Number(row.hits), throttle) * 1000;
    wait = Math.max(wait, Math.ceil((until - now) / 1000));
  }
  if (wait > 0) {
    throw new HttpProblem(429, MESSAGES.rateLimited(wait), undefined, { 'retry-after': String(wait) });
  }
}

/** Counts one failure on each throttle (a quiet hour starts the count again). */
export async function recordSigninFailure(deps: Deps, throttles: readonly Throttle[]): Promise<void> {
  const now = deps.clock.now();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000);
  for (const { key } of throttles) {
    await deps.database.db.execute(sql`
      INSERT INTO rate_limits AS r (key, window_start, hits) VALUES (${key}, ${now.toISOString()}, 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.window_start <= ${forgetBefore.toISOString()} THEN 1 ELSE r.hits + 1 END,
        window_start = ${now.toISOString()}`);
  }
}

/** The account proved itself (right password, or a reset): its own counters start over; the address's do not. */
export async function clearAccountThrottles(deps: Deps, email: string): Promise<void> {
  const account = email.toLowerCase();
  const pairPrefix = `signin-pair:${account}|`;
  await deps.database.db.execute(sql`
    DELETE FROM rate_limits
    WHERE key = ${accountLimits.signin(deps, account).key}
       OR left(key, ${pairPrefix.length}) = ${pairPrefix}`);
}

const unlockKey = (deps: Deps, email: string, token: string) =>
  `signin-unlock:${email.toLowerCase()}:${secretDigest(deps, 'signin-unlock', token)}`;

/** True when `token` is a live unlock link of this account (it stays usable until a sign-in succeeds). */
export async function unlockLinkIsValid(deps: Deps, email: string, token: string): Promise<boolean> {
  const notBefore = new Date(deps.clock.now().getTime() - UNLOCK_LINK_MINUTES * 60_000);
  const [row] = await queryRows<{ key: string }>(
    deps.database.db,
    sql`SELECT key FROM rate_limits WHERE key = ${unlockKey(deps, email, token)}
        AND window_start > ${notBefore.toISOString()}`,
  );
  return row !== undefined;
}

/** Spends an unlock link: a second sign-in with it goes through the throttles again. */
export async function spendUnlockLink(deps: Deps, email: string, token: string): Promise<void> {
  await deps.database.db.execute(sql`DELETE FROM rate_limits WHERE key = ${unlockKey(deps, email, token)}`);
}

/**
 * After a throttled sign-in: queues the unlock e-mail, at most once per window per e-mail, known
 * or not (the job decides whether anyone receives it, so the reply and its timing say nothing).
 */
export async function offerUnlockLink(deps: Deps, email: string): Promise<void> {
  const key = `signin-unlock-mail:${email.toLowerCase()}`;
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - UNLOCK_MAIL_WINDOW_SECONDS * 1000);
  const [claimed] = await queryRows<{ key: string }>(
    deps.database.db,
    sql`
    INSERT INTO rate_limits AS r (key, window_start, hits) VALUES (${key}, ${now.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET window_start = EXCLUDED.window_start, hits = 1
      WHERE r.window_start <= ${windowStart.toISOString()}
    RETURNING key`,
  );
  if (claimed) await deps.queue.enqueue(SIGNIN_UNLOCK_QUEUE, { email: email.toLowerCase() });
}

/** The address of the sign-in page that carries the link's token. */
export function unlockLink(deps: Deps, token: string): string {
  const base = (deps.config.PUBLIC_URL ?? `http://${deps.config.HOST}:${deps.config.PORT}`).replace(
    /\/+$/,
    '',
  );
  return `${base}/session/login?unlock=${encodeURIComponent(token)}`;
}

const unlockJob = z.object({ email: z.string() });

/** Job: an active user receives a single-use link that lets them sign in past the throttles. */
export function registerSigninUnlockJob(deps: Deps): void {
  deps.queue.register(SIGNIN_UNLOCK_QUEUE, async (payload, job) => {
    const { email } = unlockJob.parse(payload);
    const { db } = deps.database;
    const [user] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(and(userEmailIs(email), eq(users.status, 'active'), sql`${users.deletedAt} IS NULL`));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, hits)
      VALUES (${unlockKey(deps, email, token)}, ${deps.clock.now().toISOString()}, 1)`);
    await deps.mailer.send(
      {
        to: user.email,
        subject: 'Intentos fallidos de inicio de sesión en Rúbrica',
        text: [
          `Hola, ${user.name}:`,
          '',
          'Hubo varios intentos fallidos de iniciar sesión con su usuario, y por eso los inicios de sesión esperan unos segundos entre intento e intento. Su usuario no está bloqueado y sus sesiones abiertas siguen activas.',
          '',
          'Si fue usted y quiere entrar ya, abra este enlace e ingrese su contraseña:',
          '',
          unlockLink(deps, token),
          '',
          `El enlace vence en ${UNLOCK_LINK_MINUTES} minutos y sirve para un solo inicio de sesión. Si no fue usted, le recomendamos cambiar su contraseña.`,
        ].join('\n'),
      },
      { idempotencyKey: `signin-unlock:${job.id}` },
    );
  });
}
