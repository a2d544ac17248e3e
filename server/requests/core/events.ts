import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { RequestEventAction } from '../../../contract/requestEvents.js';
import type { Db } from '../../db/client.js';
import { signatureRequestEvents, signatureRequests } from '../../db/schema/index.js';
import { type AuditEntry, chainEntry, type JsonValue, verifyAuditChain } from '../../pades/audit-chain.js';

/**
 * The audit trail of a signature request, hash-chained. Every module that changes a request
 * writes its event here, in the transaction of the change; the request row is locked first so
 * that concurrent writers append one after the other instead of forking the chain.
 */

export type RequestEventInput = {
  requestId: number;
  /** One of `REQUEST_EVENT_ACTIONS`, each with its Spanish sentence (contract/requestEvents.ts). */
  action: RequestEventAction;
  signerId?: number | null;
  userId?: number | null;
  details?: { [key: string]: JsonValue };
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
};

type EventRow = typeof signatureRequestEvents.$inferSelect;

/** Who did it, as the chain records it: `user:7`, `signer:12` or `system`. */
export const actorOf = (input: { userId?: number | null; signerId?: number | null }) =>
  input.userId ? `user:${input.userId}` : input.signerId ? `signer:${input.signerId}` : 'system';

/**
 * What a caller that holds the request row's lock (`for update`, or an earlier append in the same
 * transaction) knows: the request's company and its last event, read or appended under the lock.
 */
export type LockedRequest = { companyId: number; last: AuditEntry | undefined };

/**
 * Appends one event; call it inside the transaction that makes the change it records. A caller
 * holding the request's lock passes what it read under it (`locked`) and saves the two reads.
 */
export async function appendRequestEvent(
  db: Db,
  input: RequestEventInput,
  locked?: LockedRequest,
): Promise<AuditEntry> {
  const { companyId, last } = locked ?? (await lockRequest(db, input.requestId));
  // The address and browser are hashed with the rest (kept in `details` as sent; the columns are for queries).
  const data: { [key: string]: JsonValue } = {
    ...(input.details ?? {}),
    ...(input.ip ? { ip: input.ip } : {}),
    ...(input.userAgent ? { userAgent: input.userAgent } : {}),
  };
  const entry = chainEntry(last, {
    at: (input.at ?? new Date()).toISOString(),
    actor: actorOf(input),
    action: input.action,
    data,
  });
  await db.insert(signatureRequestEvents).values({
    requestId: input.requestId,
    companyId,
    sequence: entry.sequence,
    signerId: input.signerId ?? null,
    userId: input.userId ?? null,
    action: entry.action,
    details: data,
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    at: new Date(entry.at),
    previousHash: entry.previousHash,
    hash: entry.hash,
  });
  return entry;
}

/** Locks the request row (concurrent writers append one after the other) and reads its last event. */
async function lockRequest(db: Db, requestId: number): Promise<LockedRequest> {
  const [request] = await db
    .select({ companyId: signatureRequests.companyId })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .for('update');
  if (!request) throw new Error(`signature request ${requestId} does not exist`);
  return { companyId: request.companyId, last: await lastRequestEvent(db, requestId) };
}

/** The newest event of a request as chained (its `sequence` is the trail's length), if it has any. */
export async function lastRequestEvent(db: Db, requestId: number): Promise<AuditEntry | undefined> {
  const [last] = await db
    .select()
    .from(signatureRequestEvents)
    .where(eq(signatureRequestEvents.requestId, requestId))
    .orderBy(desc(signatureRequestEvents.sequence))
    .limit(1);
  return last && toAuditEntry(last);
}

/** A stored row as the chain hashed it (the same `at`, actor and data). */
export function toAuditEntry(row: EventRow): AuditEntry {
  return {
    sequence: row.sequence,
    at: row.at.toISOString(),
    actor: actorOf(row),
    action: row.action,
    data: row.details as { [key: string]: JsonValue },
    previousHash: row.previousHash,
    hash: row.hash,
  };
}

/** Every event of a request in chain order. */
export async function requestEvents(db: Db, requestId: number): Promise<EventRow[]> {
  return db
    .select()
    .from(signatureRequestEvents)
    .where(eq(signatureRequestEvents.requestId, requestId))
    .orderBy(asc(signatureRequestEvents.sequence));
}

/** Whether the stored trail of a request is intact (edited, inserted or deleted entries show). */
export async function verifyRequestEvents(
  db: Db,
  requestId: number,
  anchor?: { count: number; lastHash: string },
) {
  return verifyAuditChain((await requestEvents(db, requestId)).map(toAuditEntry), anchor);
}

/** Events of several requests at once, for lists (newest last per request). */
export async function eventsOfRequests(db: Db, requestIds: number[]): Promise<EventRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(signatureRequestEvents)
    .where(and(sql`${signatureRequestEvents.requestId} = any(${requestIds})`))
    .orderBy(asc(signatureRequestEvents.requestId), asc(signatureRequestEvents.sequence));
}
