import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Actor, Deps } from '../deps.js';
import { HttpProblem } from '../errors.js';

/** How long a key's first reply is kept: a retry after that sends again. */
export const IDEMPOTENCY_HOURS = 24;

/** The same characters and lengths as the body's `idempotency_key` of a send. */
const KEY = /^[A-Za-z0-9_-]{16,100}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'La cabecera Idempotency-Key admite letras, números, «-» y «_» (de 16 a 100)',
  inProgress:
    'Una solicitud con esta clave de idempotencia todavía se está procesando: intente de nuevo en unos segundos',
  reused: 'Esta clave de idempotencia ya se usó con otra operación o con otros datos',
} as const;

/** A reply kept for a key: sent again as it was. */
export type KeptReply = { status: number; body: unknown };

/**
 * How a reply body is stored and brought back: a secret in it (a signer's link) is stored without
 * the secret and derived again for the replay (server/requests/core/signerLinks.ts).
 */
export type KeptReplyCodec = { keep(body: unknown): unknown; replay(body: unknown): Promise<unknown> };
const AS_SENT: KeptReplyCodec = { keep: (body) => body, replay: async (body) => body };

/** The first call with a key: keep its reply when it succeeds, free the key when it fails. */
export type IdempotencyClaim = {
  keep(reply: KeptReply): Promise<void>;
  release(): Promise<void>;
};

const callerOf = (actor: Actor) => (actor.apiClient ? 'api-key' : `user:${actor.userId}`);

const fingerprintOf = (endpoint: string, input: unknown) =>
  createHash('sha256').update(endpoint).update('\n').update(JSON.stringify(input)).digest('base64url');

/**
 * Claims `key` for this caller and input. Returns the reply kept for an earlier call with the same
 * key and input, a claim for a first call, or refuses: 409 while the first call still runs, 422 for
 * the same key with another endpoint or input. The unique index decides between concurrent calls.
 */
export async function claimIdempotencyKey(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  call: { endpoint: string; key: string; input: unknown },
  codec: KeptReplyCodec = AS_SENT,
): Promise<{ replay: KeptReply } | { claim: IdempotencyClaim }> {
  if (!KEY.test(call.key)) {
    throw new HttpProblem(400, IDEMPOTENCY_MESSAGES.badKey, {
      'Idempotency-Key': IDEMPOTENCY_MESSAGES.badKey,
    });
  }
  const { db } = deps.database;
  const now = deps.clock.now();
  const caller = callerOf(actor);
  const fingerprint = fingerprintOf(call.endpoint, call.input);
  const sameKey = and(
    eq(idempotencyKeys.companyId, actor.companyId),
    eq(idempotencyKeys.caller, caller),
    eq(idempotencyKeys.key, call.key),
  );
  const fresh = {
    fingerprint,
    status: 'in_progress' as const,
    responseStatus: null,
    responseBody: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_HOURS * 3_600_000),
  };
  // One statement: a new key is inserted, a key past its window is taken over as new, a live key
  // is left alone (no row returned).
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ companyId: actor.companyId, caller, key: call.key, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.companyId, idempotencyKeys.caller, idempotencyKeys.key],
      set: fresh,
      setWhere: lt(idempotencyKeys.expiresAt, now),
    })
    .returning({ id: idempotencyKeys.id });
  if (claimed) {
    const mine = eq(idempotencyKeys.id, claimed.id);
    return {
      claim: {
        keep: async ({ status, body }) => {
          await db
            .update(idempotencyKeys)
            .set({ status: 'done', responseStatus: status, responseBody: codec.keep(body) })
            .where(mine);
        },
        release: async () => {
          await db.delete(idempotencyKeys).where(mine);
        },
      },
    };
  }
  const [earlier] = await db.select().from(idempotencyKeys).where(sameKey);
  // Gone between the insert and the read: the first call failed and freed it; the client retries.
  if (!earlier || earlier.status === 'in_progress') {
    throw new HttpProblem(409, IDEMPOTENCY_MESSAGES.inProgress, undefined, { 'retry-after': '1' });
  }
  if (earlier.fingerprint !== fingerprint) throw new HttpProblem(422, IDEMPOTENCY_MESSAGES.reused);
  return {
    replay: { status: earlier.responseStatus ?? 200, body: await codec.replay(earlier.responseBody) },
  };
}

/** Forgets keys past their window (the daily sweep). */
export async function forgetExpiredIdempotencyKeys(deps: Pick<Deps, 'database' | 'clock'>): Promise<number> {
  const removed = await deps.database.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, deps.clock.now()))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}

export const IDEMPOTENCY_SWEEP_JOB = 'idempotency.sweep';

/** Hourly, the keys past their window are forgotten. */
export function declareIdempotencySweep(deps: Pick<Deps, 'database' | 'clock' | 'scheduler'>): void {
  deps.scheduler.declare({
    name: IDEMPOTENCY_SWEEP_JOB,
    spec: { everySeconds: 3600 },
    run: async () => {
      await forgetExpiredIdempotencyKeys(deps);
    },
  });
}
