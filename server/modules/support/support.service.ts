import { and, eq, isNull } from 'drizzle-orm';
import { supportAttachments, supportMessages, supportRequests, users } from '../../db/schema/index.js';
import type { Actor, Deps } from '../../deps.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import {
  discardAttachments,
  type StoredAttachment,
  type SupportUpload,
  storeAttachments,
} from './supportFiles.js';
import { mailSupportResponse } from './supportMail.js';
import {
  getSupportRequest,
  type SupportRequestDetail,
  type SupportRequestRecord,
  type SupportView,
} from './supportQueries.js';

type Status = SupportRequestRecord['status'];
type Kind = 'message' | 'response' | 'internal';

export type NewSupportRequest = {
  support_request_id?: number;
  subject?: string;
  category?: SupportRequestRecord['category'];
  priority?: SupportRequestRecord['priority'];
  message: string;
  attachments?: SupportUpload[];
};

const RESOLVED: readonly Status[] = ['resuelto', 'cerrado'];
/** Who wrote it: the administrator behind an impersonation signs as themselves. */
const authorOf = (actor: Actor) => actor.impersonatorUserId ?? actor.userId;

type Transaction = Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0];

async function insertMessage(
  tx: Transaction,
  message: { supportRequestId: number; kind: Kind; body: string; authorId: number; at: Date },
  files: readonly StoredAttachment[],
): Promise<number> {
  const [row] = await tx
    .insert(supportMessages)
    .values({
      supportRequestId: message.supportRequestId,
      kind: message.kind,
      body: message.body,
      authorId: message.authorId,
      createdAt: message.at,
    })
    .returning({ id: supportMessages.id });
  if (files.length) {
    await tx.insert(supportAttachments).values(files.map((file) => ({ ...file, messageId: row!.id })));
  }
  return row!.id;
}

/** Stores the files, runs the writes, and removes the files when the writes fail. */
async function withAttachments<T>(
  deps: Deps,
  uploads: readonly SupportUpload[] | undefined,
  write: (files: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const files = await storeAttachments(deps, uploads);
  try {
    return await write(files);
  } catch (error) {
    await discardAttachments(deps, files);
    throw error;
  }
}

async function lockTicket(tx: Transaction, id: number) {
  const [ticket] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
  if (!ticket) throw notFound('La solicitud de soporte no existe');
  return ticket;
}

/** The status after a change, and when the ticket counts as resolved. */
function statusChange(
  ticket: { status: Status; resolvedAt: Date | null },
  status: Status,
  now: Date,
): { status: Status; resolvedAt: Date | null } {
  if (!RESOLVED.includes(status)) return { status, resolvedAt: null };
  return { status, resolvedAt: RESOLVED.includes(ticket.status) ? (ticket.resolvedAt ?? now) : now };
}

/** save_support_requests: a new ticket, or a company's message on one of its own. */
export async function saveSupportRequest(
  deps: Deps,
  actor: Actor,
  input: NewSupportRequest,
): Promise<SupportRequestDetail> {
  if (input.support_request_id) return addCompanyMessage(deps, actor, input.support_request_id, input);
  const errors: Record<string, string> = {};
  if (!input.subject) errors.subject = 'Escriba el asunto';
  if (!input.category) errors.category = 'Seleccione la categoría';
  if (!input.priority) errors.priority = 'Seleccione la prioridad';
  if (Object.keys(errors).length) throw unprocessable('Revise los datos de la solicitud de soporte', errors);
  const now = deps.clock.now();
  const id = await withAttachments(deps, input.attachments, (files) =>
    deps.database.db.transaction(async (tx) => {
      const [ticket] = await tx
        .insert(supportRequests)
        .values({
          companyId: actor.companyId,
          subject: input.subject!,
          category: input.category!,
          priority: input.priority!,
          status: 'abierto',
          createdBy: authorOf(actor),
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: supportRequests.id });
      const supportRequestId = ticket!.id;
      await insertMessage(
        tx,
        { supportRequestId, kind: 'message', body: input.message, authorId: authorOf(actor), at: now },
        files,
      );
      return supportRequestId;
    }),
  );
  return getSupportRequest(deps, actor, id, 'company');
}

/** The company writes again: a ticket waiting on it, or resolved, goes back to «en proceso». */
async function addCompanyMessage(
  deps: Deps,
  actor: Actor,
  supportRequestId: number,
  input: NewSupportRequest,
): Promise<SupportRequestDetail> {
  const now = deps.clock.now();
  await withAttachments(deps, input.attachments, (files) =>
    deps.database.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, supportRequestId);
      if (ticket.status === 'cerrado') {
        throw conflict('La solicitud de soporte está cerrada; abra una nueva si necesita más ayuda');
      }
      await insertMessage(
        tx,
        { supportRequestId, kind: 'message', body: input.message, authorId: authorOf(actor), at: now },
        files,
      );
      const reopened = ticket.status === 'esperando_cliente' || ticket.status === 'resuelto';
      await tx
        .update(supportRequests)
        .set({
          lastMessageAt: now,
          updatedAt: now,
          ...(reopened ? { status: 'en_proceso' as const, resolvedAt: null } : {}),
        })
        .where(eq(supportRequests.id, supportRequestId));
    }),
  );
  return getSupportRequest(deps, actor, supportRequestId, 'company');
}

export type SupportResponse = {
  support_request_id: number;
  message: string;
  status: Status;
  attachments?: SupportUpload[];
};

/** save_support_response: the platform answers; the ticket's author is told by e-mail. */
export async function saveSupportResponse(
  deps: Deps,
  actor: Actor,
  input: SupportResponse,
): Promise<SupportRequestDetail> {
  const now = deps.clock.now();
  const messageId = await withAttachments(deps, input.attachments, (files) =>
    deps.database.db.transaction(async (tx) => {
      const ticket = await lockTicket(tx, input.support_request_id);
      const id = await insertMessage(
        tx,
        {
          supportRequestId: ticket.id,
          kind: 'response',
          body: input.message,
          authorId: authorOf(actor),
          at: now,
        },
        files,
      );
      await tx
        .update(supportRequests)
        .set({
          ...statusChange(ticket, input.status, now),
          firstResponseAt: ticket.firstResponseAt ?? now,
          lastMessageAt: now,
          updatedAt: now,
        })
        .where(eq(supportRequests.id, ticket.id));
      return id;
    }),
  );
  const detail = await getSupportRequest(deps, actor, input.support_request_id, 'platform');
  await noticeAuthor(deps, detail, messageId, input.message);
  return detail;
}

async function noticeAuthor(deps: Deps, detail: SupportRequestDetail, messageId: number, answer: string) {
  const [author] = await deps.database.db
    .select({ email: users.email, name: users.name })
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.createdBy))
    .where(and(eq(supportRequests.id, detail.id), isNull(users.deletedAt)));
  if (!author) return;
  await mailSupportResponse(deps, { to: author.email, name: author.name, ticket: detail, messageId, answer });
}

export type InternalExplanation = { support_request_id: number; message: string; status?: Status };

/** save_internal_explanation: a note for the platform only (no e-mail, never shown to the company). */
export async function saveInternalExplanation(
  deps: Deps,
  actor: Actor,
  input: InternalExplanation,
): Promise<SupportRequestDetail> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.support_request_id);
    await insertMessage(
      tx,
      {
        supportRequestId: ticket.id,
        kind: 'internal',
        body: input.message,
        authorId: authorOf(actor),
        at: now,
      },
      [],
    );
    await tx
      .update(supportRequests)
      .set({ ...(input.status ? statusChange(ticket, input.status, now) : {}), updatedAt: now })
      .where(eq(supportRequests.id, ticket.id));
  });
  return getSupportRequest(deps, actor, input.support_request_id, 'platform');
}

export type { SupportView };
