import { and, asc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessMinutesBetween } from '../../../contract/businessHours.js';
import type { supportRequestDetail, supportRequestRecord } from '../../../contract/endpoints/support.js';
import {
  companies,
  supportAttachments,
  supportMessages,
  supportRequests,
  users,
} from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { likePattern, listOrder, listPage } from '../common/listing.js';

export type SupportRequestRecord = z.output<typeof supportRequestRecord>;
export type SupportRequestDetail = z.output<typeof supportRequestDetail>;
type Status = SupportRequestRecord['status'];

/** Who reads: the platform sees internal notes; a company never does. */
export type SupportView = 'platform' | 'company';

export type SupportListInput = {
  page: number;
  itemsPerPage: number;
  search?: string;
  status?: Status;
  priority?: SupportRequestRecord['priority'];
  category?: SupportRequestRecord['category'];
  company_id?: number;
  created_from?: Date;
  created_until?: Date;
  sort?: 'id' | 'subject' | 'status' | 'priority' | 'created_at' | 'last_message_at';
  order?: 'ASC' | 'DESC';
};

const SORT_COLUMNS = {
  id: supportRequests.id,
  subject: supportRequests.subject,
  status: supportRequests.status,
  priority: supportRequests.priority,
  created_at: supportRequests.createdAt,
  last_message_at: supportRequests.lastMessageAt,
};

const visibleKinds = (view: SupportView): SQL | undefined =>
  view === 'platform' ? undefined : ne(supportMessages.kind, 'internal');

/** The companies whose tickets the actor reads in this view. */
const tenantFilter = (actor: Actor, view: SupportView): SQL | undefined => {
  if (view === 'platform' || actor.visibleCompanyIds === 'all') return undefined;
  return inArray(supportRequests.companyId, [...actor.visibleCompanyIds]);
};

const recordColumns = (view: SupportView) => ({
  id: supportRequests.id,
  subject: supportRequests.subject,
  category: supportRequests.category,
  priority: supportRequests.priority,
  status: supportRequests.status,
  companyId: supportRequests.companyId,
  companyName: companies.fiscalName,
  createdByName: sql<string | null>`${users.name} || ' ' || ${users.lastName}`,
  messagesCount: sql<number>`(SELECT count(*)::int FROM ${supportMessages} WHERE ${supportMessages.supportRequestId} = ${supportRequests.id}${view === 'platform' ? sql`` : sql` AND ${supportMessages.kind} <> 'internal'`})`,
  lastMessageAt: supportRequests.lastMessageAt,
  firstResponseAt: supportRequests.firstResponseAt,
  resolvedAt: supportRequests.resolvedAt,
  createdAt: supportRequests.createdAt,
  updatedAt: supportRequests.updatedAt,
});

const selectRecords = (deps: Deps, view: SupportView) =>
  deps.database.db
    .select(recordColumns(view))
    .from(supportRequests)
    .leftJoin(companies, eq(companies.id, supportRequests.companyId))
    .leftJoin(users, eq(users.id, supportRequests.createdBy));

type Row = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toRecord(row: Row): SupportRequestRecord {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    status: row.status,
    company_id: row.companyId,
    company_name: row.companyName,
    created_by_name: row.createdByName,
    messages_count: Number(row.messagesCount),
    last_message_at: row.lastMessageAt.toISOString(),
    first_response_at: iso(row.firstResponseAt),
    resolved_at: iso(row.resolvedAt),
    first_response_minutes: row.firstResponseAt
      ? businessMinutesBetween(row.createdAt, row.firstResponseAt)
      : null,
    resolution_minutes: row.resolvedAt ? businessMinutesBetween(row.createdAt, row.resolvedAt) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of tickets: every company's for the platform, the caller's company's otherwise. */
export async function listSupportRequests(
  deps: Deps,
  actor: Actor,
  input: SupportListInput,
  view: SupportView,
) {
  const { db } = deps.database;
  const searchId = input.search && /^\d{1,9}$/.test(input.search) ? Number(input.search) : undefined;
  const where = and(
    tenantFilter(actor, view),
    input.search
      ? or(
          ilike(supportRequests.subject, likePattern(input.search)),
          searchId ? eq(supportRequests.id, searchId) : undefined,
        )
      : undefined,
    input.status ? eq(supportRequests.status, input.status) : undefined,
    input.priority ? eq(supportRequests.priority, input.priority) : undefined,
    input.category ? eq(supportRequests.category, input.category) : undefined,
    view === 'platform' && input.company_id ? eq(supportRequests.companyId, input.company_id) : undefined,
    input.created_from ? gte(supportRequests.createdAt, input.created_from) : undefined,
    input.created_until ? lt(supportRequests.createdAt, input.created_until) : undefined,
  );
  const order = listOrder(
    SORT_COLUMNS,
    supportRequests.id,
    input.sort,
    'created_at',
    input.order ?? (input.sort ? 'ASC' : 'DESC'),
    { searching: Boolean(input.search) },
  );
  const ordered = db
    .select({ id: supportRequests.id })
    .from(supportRequests)
    .where(where)
    .orderBy(...order.by);
  return listPage({
    db,
    page: input,
    ordered,
    records: (ids) => selectRecords(deps, view).where(inArray(supportRequests.id, ids)),
    toItem: toRecord,
  });
}

/** One ticket with its thread; internal notes only in the platform's view. */
export async function getSupportRequest(
  deps: Deps,
  actor: Actor,
  id: number,
  view: SupportView,
): Promise<SupportRequestDetail> {
  const { db } = deps.database;
  const [row] = await selectRecords(deps, view).where(
    and(eq(supportRequests.id, id), tenantFilter(actor, view)),
  );
  if (!row) throw notFound('La solicitud de soporte no existe');
  const messages = await db
    .select({
      id: supportMessages.id,
      kind: supportMessages.kind,
      body: supportMessages.body,
      authorName: sql<string | null>`${users.name} || ' ' || ${users.lastName}`,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(and(eq(supportMessages.supportRequestId, id), visibleKinds(view)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const files = messages.length
    ? await db
        .select()
        .from(supportAttachments)
        .where(
          inArray(
            supportAttachments.messageId,
            messages.map((message) => message.id),
          ),
        )
        .orderBy(asc(supportAttachments.id))
    : [];
  return {
    ...toRecord(row),
    messages: messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      body: message.body,
      author_name: message.authorName,
      attachments: files
        .filter((file) => file.messageId === message.id)
        .map((file) => ({
          id: file.id,
          filename: file.filename,
          content_type: file.contentType,
          size: file.size,
        })),
      created_at: message.createdAt.toISOString(),
    })),
  };
}

/** An attachment of a ticket the caller may read (never of an internal note for a company). */
export async function findAttachment(
  deps: Deps,
  supportRequestId: number,
  attachmentId: number,
  view: SupportView,
) {
  const [file] = await deps.database.db
    .select({
      filename: supportAttachments.filename,
      contentType: supportAttachments.contentType,
      storageKey: supportAttachments.storageKey,
    })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .where(
      and(
        eq(supportAttachments.id, attachmentId),
        eq(supportMessages.supportRequestId, supportRequestId),
        visibleKinds(view),
      ),
    );
  if (!file) throw notFound('El adjunto no existe');
  return file;
}
