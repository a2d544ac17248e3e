import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  requestDetail,
  requestEmailRecord,
  requestEventRecord,
  requestSignerRecord,
} from '../../../contract/endpoints/requestHistory.js';
import type { Db } from '../../db/client.js';
import {
  mailOutbox,
  signatureRejectionReasons,
  signatureRequestEmails,
  signatureRequestEvents,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { documentsOfRequest, signersOfRequest } from '../core/records.js';
import { DEFAULT_REJECTION_REASONS } from '../core/rejectionReasons.js';
import { summaryOf } from './history.service.js';

type SignerRow = typeof signatureRequestSigners.$inferSelect;
export type RequestEventRecord = z.output<typeof requestEventRecord>;
export type RequestEmailRecord = z.output<typeof requestEmailRecord>;

/** `Elena Ríos`: the user's name and last name as the timeline prints them. */
export const fullName = (name: string, lastName: string | null) => [name, lastName].filter(Boolean).join(' ');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const signerRecord = (signer: SignerRow): z.output<typeof requestSignerRecord> => ({
  id: signer.id,
  number: signer.number,
  turn: signer.turn,
  kind: signer.kind,
  name: signer.name,
  email: signer.email,
  phone: signer.phone,
  status: signer.status,
  token_round: signer.tokenRound,
  rejection_reason: signer.rejectionReason,
  invited_at: iso(signer.invitedAt),
  viewed_at: iso(signer.viewedAt),
  signed_at: iso(signer.signedAt),
  rejected_at: iso(signer.rejectedAt),
});

/** What a signer did themselves while trying to sign (the "attempts" of the sender's screens). */
export const ATTEMPT_ACTIONS = [
  'opened',
  'viewed',
  'otp_sent',
  'otp_failed',
  'otp_validated',
  'selfie_failed',
  'signed',
  'rejected',
] as const;

async function eventRecords(db: Db, where: ReturnType<typeof and>): Promise<RequestEventRecord[]> {
  const rows = await db
    .select({
      event: signatureRequestEvents,
      signerName: signatureRequestSigners.name,
      signerEmail: signatureRequestSigners.email,
      userName: users.name,
      userLastName: users.lastName,
    })
    .from(signatureRequestEvents)
    .leftJoin(signatureRequestSigners, eq(signatureRequestSigners.id, signatureRequestEvents.signerId))
    .leftJoin(users, eq(users.id, signatureRequestEvents.userId))
    .where(where)
    .orderBy(asc(signatureRequestEvents.requestId), asc(signatureRequestEvents.sequence));
  return rows.map(({ event, signerName, signerEmail, userName, userLastName }) => ({
    id: event.id,
    sequence: event.sequence,
    action: event.action,
    signer_id: event.signerId,
    signer_name: signerName,
    signer_email: signerEmail,
    user_id: event.userId,
    user_name: userName === null ? null : fullName(userName, userLastName),
    details: event.details,
    ip: event.ip,
    at: event.at.toISOString(),
  }));
}

export const requestTimeline = (db: Db, requestId: number) =>
  eventRecords(db, and(eq(signatureRequestEvents.requestId, requestId)));

export const signerTimeline = (db: Db, signerId: number) =>
  eventRecords(db, and(eq(signatureRequestEvents.signerId, signerId)));

export const attemptLog = (db: Db, requestId: number) =>
  eventRecords(
    db,
    and(
      eq(signatureRequestEvents.requestId, requestId),
      inArray(signatureRequestEvents.action, [...ATTEMPT_ACTIONS]),
    ),
  );

/** The e-mails of some requests (or of some companies) with their delivery status, newest first. */
export async function requestEmails(
  db: Db,
  scope: { requestId: number } | { companyIds: 'all' | readonly number[] },
  limit?: number,
): Promise<(RequestEmailRecord & { request_id: number })[]> {
  const where =
    'requestId' in scope
      ? eq(signatureRequestEmails.requestId, scope.requestId)
      : scope.companyIds === 'all'
        ? undefined
        : inArray(signatureRequestEmails.companyId, [...scope.companyIds]);
  const query = db
    .select({ email: signatureRequestEmails, mail: mailOutbox })
    .from(signatureRequestEmails)
    .leftJoin(mailOutbox, eq(mailOutbox.id, signatureRequestEmails.mailId))
    .where(where)
    .orderBy(desc(signatureRequestEmails.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ email, mail }) => ({
    id: email.id,
    request_id: email.requestId,
    kind: email.kind,
    to: email.to,
    signer_id: email.signerId,
    // Recorded but not yet handed to the mailer: still queued.
    status: mail?.status ?? 'queued',
    subject: mail?.subject ?? null,
    error: mail?.lastError ?? null,
    created_at: email.createdAt.toISOString(),
    sent_at: iso(mail?.sentAt ?? null),
    opened_at: iso(mail?.openedAt ?? null),
  }));
}

export async function signersOf(db: Db, requestId: number): Promise<SignerRow[]> {
  return signersOfRequest(db, requestId);
}

/** Whether anyone has signed yet (content may change only before that). */
export const anyoneSigned = (signers: readonly { status: string }[]) =>
  signers.some((signer) => signer.status === 'signed');

export async function requestDetailOf(
  deps: Pick<Deps, 'database'>,
  requestId: number,
): Promise<z.output<typeof requestDetail>> {
  const { db } = deps.database;
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (!request) throw notFound('La solicitud de firma no existe');
  const [summary, documents, signers, events, emails] = await Promise.all([
    summaryOf(db, requestId),
    documentsOfRequest(db, requestId),
    signersOf(db, requestId),
    requestTimeline(db, requestId),
    requestEmails(db, { requestId }),
  ]);
  return {
    ...summary,
    message: request.message,
    signing_order: request.signingOrder,
    reminder_days: request.reminderDays,
    cancel_reason: request.cancelReason,
    validation_code: request.validationCode,
    editable: request.status === 'in_progress' && !anyoneSigned(signers),
    documents: documents.map((document) => ({
      id: document.id,
      position: document.position,
      name: document.name,
      page_count: document.pageCount,
      sealed: document.sealedKey !== null,
      field_values: document.fieldValues,
    })),
    signer_details: signers.map(signerRecord),
    events,
    emails,
  };
}

/** A company's rejection reasons; a company with none gets the defaults, once. */
export async function rejectionReasons(db: Db, companyId: number) {
  const existing = await db
    .select({ id: signatureRejectionReasons.id, reason: signatureRejectionReasons.reason })
    .from(signatureRejectionReasons)
    .where(eq(signatureRejectionReasons.companyId, companyId))
    .orderBy(asc(signatureRejectionReasons.position), asc(signatureRejectionReasons.id));
  if (existing.length > 0) return existing;
  // Two first readers at once: the unique (company, lower(reason)) index keeps one copy.
  await db
    .insert(signatureRejectionReasons)
    .values(DEFAULT_REJECTION_REASONS.map((reason, position) => ({ companyId, reason, position })))
    .onConflictDoNothing();
  return db
    .select({ id: signatureRejectionReasons.id, reason: signatureRejectionReasons.reason })
    .from(signatureRejectionReasons)
    .where(eq(signatureRejectionReasons.companyId, companyId))
    .orderBy(asc(signatureRejectionReasons.position), asc(signatureRejectionReasons.id));
}

/** A signer of the given request (404 when the signer belongs to another request). */
export async function signerOfRequest(db: Db, requestId: number, signerId: number): Promise<SignerRow> {
  const [signer] = await db
    .select()
    .from(signatureRequestSigners)
    .where(and(eq(signatureRequestSigners.id, signerId), eq(signatureRequestSigners.requestId, requestId)));
  if (!signer) throw notFound('El firmante no pertenece a esta solicitud');
  return signer;
}

/** The request a signer belongs to. */
export async function requestIdOfSigner(db: Db, signerId: number): Promise<number> {
  const [row] = await db
    .select({ requestId: signatureRequestSigners.requestId })
    .from(signatureRequestSigners)
    .where(eq(signatureRequestSigners.id, signerId));
  if (!row) throw notFound('El firmante no existe');
  return row.requestId;
}
