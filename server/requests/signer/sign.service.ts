import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { appendRequestEvent } from '../core/events.js';
import { inviteSigner, queueRequestMail } from '../core/mail.js';
import { announceRequestCompleted, announceRequestEvent } from '../core/webhookEvents.js';
import { SEAL_QUEUE } from '../sealing/seal.js';
import { assertAuthenticated } from './authentication.service.js';
import { CONSENT, isTheirTurn, type LinkedSigner, openSigner, SIGNING_MESSAGES } from './signer.js';
import { pendingRequestsOf, storedBytes } from './view.service.js';

/**
 * Signing and rejecting. Each signature is recorded in one transaction with its evidence, its
 * event, the sender's notice, the next turn's invitation, on the last one the completion and the
 * seal job, and the webhook events (their deliveries commit with what they report). A rejection's
 * event follows the commit, with an id that makes a retry harmless.
 */

export type SignatureInput = { kind: 'drawn' | 'uploaded' } | { kind: 'typed'; text: string };

type Evidence = {
  sessionId: string;
  consentVersion: string;
  signature: SignatureInput;
  fieldValues?: Record<string, string>;
  ip: string;
  userAgent: string | undefined;
};

const FILLABLE_KINDS = new Set(['text', 'checkbox', 'date', 'initials']);

export const SIGN_MESSAGES = {
  unknownField: (field: string) => `El campo «${field}» no le corresponde`,
  checkbox: (field: string) => `El campo «${field}» solo admite "true" o "false"`,
  missingField: (field: string) => `Complete el campo «${field}»`,
} as const;

/** The signer's own fillable fields, checked against the boxes recorded at rendering. */
async function checkedFieldValues(tx: Db, signer: LinkedSigner['signer'], values: Record<string, string>) {
  const documents = await tx
    .select({ boxes: signatureRequestDocuments.fieldBoxes })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, signer.requestId));
  const kinds = new Map<string, string>();
  for (const document of documents) {
    for (const box of document.boxes as { field: string; kind: string; signer: number }[]) {
      if (box.signer === signer.number && FILLABLE_KINDS.has(box.kind)) kinds.set(box.field, box.kind);
    }
  }
  for (const [field, value] of Object.entries(values)) {
    const kind = kinds.get(field);
    if (!kind) throw new HttpProblem(422, SIGN_MESSAGES.unknownField(field));
    if (kind === 'checkbox' && value !== 'true' && value !== 'false') {
      throw new HttpProblem(422, SIGN_MESSAGES.checkbox(field));
    }
  }
  for (const [field, kind] of kinds) {
    if (kind !== 'checkbox' && !values[field]?.trim())
      throw new HttpProblem(422, SIGN_MESSAGES.missingField(field));
  }
  return values;
}

/** The drawn or uploaded image of `from`, copied to `to`'s folder when they differ (multiple signing). */
async function signatureKeyFor(deps: Deps, from: LinkedSigner['signer'], to: LinkedSigner['signer']) {
  if (!from.signatureKey) throw new HttpProblem(409, SIGNING_MESSAGES.signatureMissing);
  if (from.id === to.id) return from.signatureKey;
  const key = `companies/${to.companyId}/requests/${to.requestId}/signers/${to.id}/signature.png`;
  await deps.storage.put(key, await storedBytes(deps, from.signatureKey));
  return key;
}

/** Records one signature inside `tx`, with its webhook events. */
async function recordSignature(
  deps: Deps,
  tx: Db,
  signer: LinkedSigner['signer'],
  request: LinkedSigner['request'],
  evidence: Evidence & { signatureKey: string | null; signatureBytes: number },
): Promise<void> {
  if (signer.kind === 'copy') throw new HttpProblem(409, SIGNING_MESSAGES.copyOnly);
  if (!(await isTheirTurn(tx, signer))) throw new HttpProblem(409, SIGNING_MESSAGES.notYourTurn);
  const now = deps.clock.now();
  const fieldValues = await checkedFieldValues(tx, signer, evidence.fieldValues ?? {});
  const typed = evidence.signature.kind === 'typed' ? evidence.signature.text : null;
  await tx
    .update(signatureRequestSigners)
    .set({
      status: 'signed',
      signedAt: now,
      consentVersion: evidence.consentVersion,
      ip: evidence.ip,
      userAgent: evidence.userAgent ?? null,
      signatureKind: evidence.signature.kind,
      signatureKey: typed === null ? evidence.signatureKey : null,
      signatureBytes: typed === null ? evidence.signatureBytes : 0,
      fieldValues: {
        ...signer.fieldValues,
        ...fieldValues,
        ...(typed === null ? {} : { signature_text: typed }),
      },
    })
    .where(eq(signatureRequestSigners.id, signer.id));
  const { companyId } = request;
  const signed = await appendRequestEvent(tx, {
    requestId: request.id,
    signerId: signer.id,
    action: 'signed',
    details: {
      consentVersion: evidence.consentVersion,
      signatureKind: evidence.signature.kind,
      otpChannel: signer.otpChannel,
      otpDestination: signer.otpDestination,
      selfieSha256: signer.selfieSha256,
    },
    ip: evidence.ip,
    userAgent: evidence.userAgent ?? null,
    at: now,
  });
  const [creator] = request.createdBy
    ? await tx.select({ email: users.email }).from(users).where(eq(users.id, request.createdBy))
    : [];
  if (creator)
    await queueRequestMail(deps, tx, {
      requestId: request.id,
      kind: 'signed_notice',
      to: creator.email,
      companyId,
    });
  await announceRequestEvent(
    deps,
    {
      event: 'signer.signed',
      requestId: request.id,
      companyId,
      signerId: signer.id,
      eventId: `request.signed:${request.id}:${signer.id}`,
    },
    tx,
  );
  // The 'signed' append holds the request's lock: the next event follows it.
  const locked = { companyId, last: signed };
  const others = await tx
    .select()
    .from(signatureRequestSigners)
    .where(
      and(eq(signatureRequestSigners.requestId, request.id), sql`${signatureRequestSigners.kind} <> 'copy'`),
    )
    .orderBy(asc(signatureRequestSigners.turn), asc(signatureRequestSigners.id));
  const unsigned = others.filter((other) => other.status !== 'signed');
  if (unsigned.length === 0 && request.autoSign && request.autoSignApproverId !== null) {
    // The company signs last: the approver decides on /approval_packages, which completes it.
    await tx
      .update(signatureRequests)
      .set({ autoSignStatus: 'pending', updatedAt: now })
      .where(eq(signatureRequests.id, request.id));
    await appendRequestEvent(tx, { requestId: request.id, action: 'auto_sign_requested', at: now }, locked);
    const [approver] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, request.autoSignApproverId));
    if (approver)
      await queueRequestMail(deps, tx, {
        requestId: request.id,
        kind: 'approval',
        to: approver.email,
        companyId,
      });
    return;
  }
  if (unsigned.length === 0) {
    await tx
      .update(signatureRequests)
      .set({ status: 'completed', completedAt: now, sealStatus: 'pending', updatedAt: now })
      .where(eq(signatureRequests.id, request.id));
    await appendRequestEvent(tx, { requestId: request.id, action: 'completed', at: now }, locked);
    await deps.queue.enqueue(
      SEAL_QUEUE,
      { requestId: request.id },
      { idempotencyKey: `seal:${request.id}`, db: tx },
    );
    await announceRequestCompleted(deps, tx, request.id, companyId);
    return;
  }
  for (const next of unsigned) {
    if (next.status === 'waiting' && (await isTheirTurn(tx, next))) await inviteSigner(deps, tx, next.id);
  }
}

function assertConsent(version: string) {
  if (version !== CONSENT.version) throw new HttpProblem(409, SIGNING_MESSAGES.consentOutdated);
}

/** do_sign_request. */
export async function signRequest(deps: Deps, token: string, evidence: Evidence) {
  const requestId = await deps.database.db.transaction(async (tx) => {
    const { signer, request } = await openSigner(deps, tx, token, { lock: true });
    if (!(await isTheirTurn(tx, signer))) throw new HttpProblem(409, SIGNING_MESSAGES.notYourTurn);
    assertConsent(evidence.consentVersion);
    await assertAuthenticated(deps, tx, signer, evidence.sessionId);
    const signatureKey =
      evidence.signature.kind === 'typed' ? null : await signatureKeyFor(deps, signer, signer);
    await recordSignature(deps, tx, signer, request, {
      ...evidence,
      signatureKey,
      signatureBytes: signer.signatureBytes,
    });
    return request.id;
  });
  const [request] = await deps.database.db
    .select({ status: signatureRequests.status })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  return { status: 'signed', request_status: request?.status ?? 'in_progress' };
}

/**
 * do_sign_request_multiple: one authentication of the link's signer signs the chosen requests
 * among those pending for the same e-mail in the same company; anything else is refused whole.
 */
export async function signMultiple(
  deps: Deps,
  token: string,
  requestIds: number[],
  evidence: Omit<Evidence, 'fieldValues'>,
) {
  const { db } = deps.database;
  const linked = await openSigner(deps, db, token);
  assertConsent(evidence.consentVersion);
  await assertAuthenticated(deps, db, linked.signer, evidence.sessionId);
  const pending = await pendingRequestsOf(deps, linked);
  const chosen = [...new Set(requestIds)].map((id) => pending.find((row) => row.request.id === id));
  if (chosen.some((row) => !row)) {
    throw new HttpProblem(404, 'Una de las solicitudes elegidas no está pendiente para usted');
  }
  await db.transaction(async (tx) => {
    for (const row of chosen) {
      const [signer] = await tx
        .select()
        .from(signatureRequestSigners)
        .where(eq(signatureRequestSigners.id, row!.signer.id))
        .for('update');
      if (!signer || (signer.status !== 'invited' && signer.status !== 'viewed')) {
        throw new HttpProblem(409, 'Una de las solicitudes elegidas ya no está pendiente');
      }
      const signatureKey =
        evidence.signature.kind === 'typed' ? null : await signatureKeyFor(deps, linked.signer, signer);
      await recordSignature(deps, tx, signer, row!.request, {
        ...evidence,
        signatureKey,
        // A copy of the link's signer's image: the same size.
        signatureBytes: linked.signer.signatureBytes,
        // The authentication of the link's signer stands for every document signed at once.
        fieldValues: {},
      });
    }
  });
  return { signed: chosen.map((row) => row!.request.id) };
}

/** do_reject_sign_request: the request ends rejected; the sender is told. */
export async function rejectRequest(
  deps: Deps,
  input: { token: string; reason: string; ip: string; userAgent: string | undefined },
) {
  const result = await deps.database.db.transaction(async (tx) => {
    const { signer, request } = await openSigner(deps, tx, input.token, { lock: true });
    if (signer.kind === 'copy') throw new HttpProblem(409, SIGNING_MESSAGES.copyOnly);
    if (!(await isTheirTurn(tx, signer))) throw new HttpProblem(409, SIGNING_MESSAGES.notYourTurn);
    const now = deps.clock.now();
    await tx
      .update(signatureRequestSigners)
      .set({
        status: 'rejected',
        rejectedAt: now,
        rejectionReason: input.reason,
        ip: input.ip,
        userAgent: input.userAgent ?? null,
      })
      .where(eq(signatureRequestSigners.id, signer.id));
    await tx
      .update(signatureRequests)
      .set({ status: 'rejected', updatedAt: now })
      .where(eq(signatureRequests.id, request.id));
    await appendRequestEvent(tx, {
      requestId: request.id,
      signerId: signer.id,
      action: 'rejected',
      details: { reason: input.reason },
      ip: input.ip,
      userAgent: input.userAgent ?? null,
      at: now,
    });
    const [creator] = request.createdBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, request.createdBy))
      : [];
    if (creator) {
      await queueRequestMail(deps, tx, {
        requestId: request.id,
        kind: 'rejected_notice',
        signerId: signer.id,
        to: creator.email,
      });
    }
    return { companyId: request.companyId, requestId: request.id, signerId: signer.id, at: now };
  });
  await announceRequestEvent(deps, {
    event: 'signer.rejected',
    requestId: result.requestId,
    signerId: result.signerId,
    eventId: `request.rejected:${result.requestId}:${result.signerId}`,
    extra: { reason: input.reason, rejectedAt: result.at.toISOString() },
  });
  return { status: 'rejected' };
}
