import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { emailTrackerFilters, trackedEmailRecord } from '../../../contract/endpoints/emailTracker.js';
import { audit } from '../../audit.js';
import { inIds } from '../../db/idArrays.js';
import {
  companies,
  mailOutbox,
  recipientSearchDocument,
  signatureRequestEmails,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound, unprocessable } from '../../errors.js';
import { listTotal, pageWindow } from '../../modules/common/listing.js';
import { queueRequestMail } from '../core/mail.js';
import { typedWordsQuery } from './signerSearch.js';

export type TrackedEmail = z.output<typeof trackedEmailRecord>;
export type EmailTrackerFilters = z.output<typeof emailTrackerFilters>;

export const TRACKER_MESSAGES = {
  notInProgress: 'La solicitud ya no está en proceso: su invitación o recordatorio no se puede reenviar',
  sameAddress: 'Escriba una dirección distinta de la que ya recibió el correo',
} as const;

const columns = {
  id: signatureRequestEmails.id,
  companyId: signatureRequestEmails.companyId,
  companyName: companies.fiscalName,
  requestId: signatureRequestEmails.requestId,
  requestTitle: signatureRequests.title,
  signerId: signatureRequestEmails.signerId,
  kind: signatureRequestEmails.kind,
  to: signatureRequestEmails.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  error: mailOutbox.lastError,
  openCount: mailOutbox.openCount,
  openedAt: mailOutbox.openedAt,
  lastOpenedAt: mailOutbox.lastOpenedAt,
  createdAt: signatureRequestEmails.createdAt,
  sentAt: mailOutbox.sentAt,
  bouncedAt: mailOutbox.bouncedAt,
  failedAt: mailOutbox.failedAt,
};

type Row = Awaited<ReturnType<typeof joined>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toRecord(row: Row): TrackedEmail {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    request_id: row.requestId,
    request_title: row.requestTitle,
    signer_id: row.signerId,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    // Recorded but not yet handed to the mailer: still queued.
    status: row.status ?? 'queued',
    error: row.error,
    // Opens recorded before the count existed still count as one.
    open_count: Math.max(row.openCount ?? 0, row.openedAt ? 1 : 0),
    opened_at: iso(row.openedAt),
    last_opened_at: iso(row.lastOpenedAt ?? row.openedAt),
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    bounced_at: iso(row.bouncedAt),
    failed_at: iso(row.failedAt),
  };
}

/** A recipient search matching at most this many e-mails is applied as their ids. */
const SEARCH_AS_IDS = 5000;

/** The recipient search: its text-search query, and the matching e-mails' ids when they are few. */
type RecipientSearch = { words: string | null; ids?: number[] };

/**
 * The search finds the recipients whose address has every word typed, the last one begun
 * ("caro.carib" finds caro.caribe@correo.test). It is resolved before the list's query, as the
 * signer filter is (resolveSignerFilter): the planner cannot tell how many e-mails a text search
 * matches, and walked the newest of a million e-mails testing each address (11 s on PGlite for
 * one signer's address). Found first through the text-search index, the few matches become ids; a
 * search so broad that it matches more stays a test per e-mail, met early among the newest.
 */
export async function resolveRecipientSearch(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  filters: EmailTrackerFilters,
  cap = SEARCH_AS_IDS,
): Promise<RecipientSearch> {
  const words = typedWordsQuery(filters.search ?? '');
  if (!words) return { words };
  const email = signatureRequestEmails;
  const found = await deps.database.db
    .select({ id: email.id })
    .from(email)
    .where(and(visibleTo(actor), sql`${recipientSearchDocument(email.to)} @@ to_tsquery('simple', ${words})`))
    .limit(cap + 1);
  return found.length > cap ? { words } : { words, ids: found.map((row) => row.id) };
}

const visibleTo = (actor: Actor) =>
  actor.visibleCompanyIds === 'all'
    ? undefined
    : inArray(signatureRequestEmails.companyId, [...actor.visibleCompanyIds]);

/** Tenant scope from the session; filters from the body; the search resolved beforehand. */
function filtersWhere(actor: Actor, filters: EmailTrackerFilters, search: RecipientSearch): SQL | undefined {
  const email = signatureRequestEmails;
  return and(
    visibleTo(actor),
    filters.company_id ? eq(email.companyId, filters.company_id) : undefined,
    filters.request_id ? eq(email.requestId, filters.request_id) : undefined,
    filters.kind ? eq(email.kind, filters.kind) : undefined,
    filters.status === 'queued'
      ? or(isNull(mailOutbox.id), eq(mailOutbox.status, 'queued'))
      : filters.status
        ? eq(mailOutbox.status, filters.status)
        : undefined,
    search.ids
      ? inIds(email.id, search.ids)
      : search.words
        ? sql`${recipientSearchDocument(email.to)} @@ to_tsquery('simple', ${search.words})`
        : undefined,
    filters.date_from ? gte(email.createdAt, filters.date_from) : undefined,
    filters.date_to ? lt(email.createdAt, filters.date_to) : undefined,
  );
}

const joined = (deps: Deps) =>
  deps.database.db
    .select(columns)
    .from(signatureRequestEmails)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestEmails.requestId))
    .innerJoin(companies, eq(companies.id, signatureRequestEmails.companyId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, signatureRequestEmails.mailId));

/** The request e-mails of the companies the caller sees, newest first, a page at a time. */
export async function listTrackedEmails(
  deps: Deps,
  actor: Actor,
  input: EmailTrackerFilters & { page: number; itemsPerPage: number; order?: 'ASC' | 'DESC' },
): Promise<{ items: TrackedEmail[]; total: number }> {
  const where = filtersWhere(actor, input, await resolveRecipientSearch(deps, actor, input));
  const direction = input.order === 'ASC' ? asc : desc;
  const { limit, offset } = pageWindow(input);
  const rows = await joined(deps)
    .where(where)
    .orderBy(direction(signatureRequestEmails.createdAt), direction(signatureRequestEmails.id))
    .limit(limit)
    .offset(offset);
  const matches = deps.database.db
    .select({ id: signatureRequestEmails.id })
    .from(signatureRequestEmails)
    .leftJoin(mailOutbox, eq(mailOutbox.id, signatureRequestEmails.mailId))
    .where(where);
  const total = await listTotal(deps.database.db, matches, input);
  return { items: rows.map(toRecord), total };
}

export async function trackedEmail(deps: Deps, emailId: number): Promise<TrackedEmail> {
  const [row] = await joined(deps).where(eq(signatureRequestEmails.id, emailId));
  if (!row) throw notFound('El correo no existe');
  return toRecord(row);
}

/** Every matching e-mail in id order, a batch at a time (the streamed export). */
export function trackedEmailBatchFetcher(deps: Deps, actor: Actor, filters: EmailTrackerFilters) {
  let search: Promise<RecipientSearch> | undefined;
  return async (lastId: number, size: number) => {
    search ??= resolveRecipientSearch(deps, actor, filters);
    const rows = await joined(deps)
      .where(and(filtersWhere(actor, filters, await search), gt(signatureRequestEmails.id, lastId)))
      .orderBy(signatureRequestEmails.id)
      .limit(size);
    return rows.map(toRecord);
  };
}

/**
 * Sends an e-mail of a request again, to a corrected address: a new request e-mail (and outbox
 * row) of the same kind, for the same signer, composed afresh. The signer's own address is left
 * as it is. Audited with both addresses.
 */
export async function resendTrackedEmail(
  deps: Deps,
  actor: Actor,
  input: { email_id: number; to: string; ip?: string },
): Promise<TrackedEmail> {
  const original = await trackedEmail(deps, input.email_id);
  if (original.to.toLowerCase() === input.to.toLowerCase()) {
    throw unprocessable(TRACKER_MESSAGES.sameAddress, { to: TRACKER_MESSAGES.sameAddress });
  }
  const [request] = await deps.database.db
    .select({ status: signatureRequests.status })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, original.request_id));
  if ((original.kind === 'invitation' || original.kind === 'reminder') && request?.status !== 'in_progress') {
    throw unprocessable(TRACKER_MESSAGES.notInProgress);
  }
  const newId = await deps.database.db.transaction(async (tx) => {
    const id = await queueRequestMail(deps, tx, {
      requestId: original.request_id,
      kind: original.kind as Parameters<typeof queueRequestMail>[2]['kind'],
      signerId: original.signer_id ?? undefined,
      to: input.to,
    });
    await audit(tx, {
      action: 'email.resent',
      actorUserId: actor.apiClient ? null : (actor.impersonatorUserId ?? actor.userId),
      effectiveUserId: actor.apiClient ? null : actor.userId,
      companyId: original.company_id,
      entity: 'signature_request_email',
      entityId: id,
      ip: input.ip,
      details: { resent_from: original.id, previous_to: original.to, to: input.to },
    });
    return id;
  });
  return trackedEmail(deps, newId);
}
