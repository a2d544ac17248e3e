import { and, eq, inArray } from 'drizzle-orm';
import type { TemplateField } from '../../../contract/endpoints/templateFields.js';
import type { Db } from '../../db/client.js';
import {
  documentTemplateVersions,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import { type Actor, actingUserId, type Deps } from '../../deps.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import { renderTemplate } from '../../modules/templates/templateRender.service.js';
import { appendRequestEvent } from '../core/events.js';
import { inviteSigner, queueRequestMail } from '../core/mail.js';
import { queueRequestPages } from '../core/pages.js';
import { signerTokenHash } from '../core/tokens.js';
import { announceRequestEvent } from '../core/webhookEvents.js';
import { anyoneSigned, signerRecord } from './detail.service.js';
import { summaryOf } from './history.service.js';

export const ACTION_MESSAGES = {
  resent: 'Invitación reenviada',
  cancelled: 'Solicitud cancelada',
  extended: 'Vencimiento ampliado',
  updated: 'Solicitud actualizada',
  notInProgress: 'La solicitud ya no está en proceso',
  notYourTurn: 'Este firmante aún no tiene turno o ya terminó; no se le puede reenviar la invitación',
  expiryInPast: 'La nueva fecha de vencimiento debe ser futura',
  alreadySigned: 'Alguien ya firmó esta solicitud; su contenido ya no se puede cambiar',
  documentNotInRequest: 'El documento no pertenece a esta solicitud',
  pdfHasNoValues: 'Este documento es un PDF cargado: no tiene valores que cambiar',
  noEmailForCopy: 'Los destinatarios en copia no reciben invitación para firmar',
} as const;

type RequestRow = typeof signatureRequests.$inferSelect;

/** The request row locked for the rest of the transaction (so two actions run one after the other). */
async function lockRequest(tx: Db, requestId: number): Promise<RequestRow> {
  const [request] = await tx
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .for('update');
  if (!request) throw notFound('La solicitud de firma no existe');
  return request;
}

const requireInProgress = (request: RequestRow) => {
  if (request.status !== 'in_progress') throw conflict(ACTION_MESSAGES.notInProgress);
};

/**
 * Sends a signer their invitation again, to a corrected e-mail or phone if given: the link's
 * round goes up, so the previous link stops working, and the new link is mailed.
 */
export async function resendInvitation(
  deps: Deps,
  actor: Actor,
  input: { signer_id: number; email?: string; phone?: string },
) {
  return deps.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.id, input.signer_id));
    if (!current) throw notFound('El firmante no existe');
    requireInProgress(await lockRequest(tx, current.requestId));
    if (current.kind === 'copy') throw conflict(ACTION_MESSAGES.noEmailForCopy);
    if (current.status !== 'invited' && current.status !== 'viewed')
      throw conflict(ACTION_MESSAGES.notYourTurn);
    const round = current.tokenRound + 1;
    const corrected = {
      ...(input.email && input.email !== current.email ? { email: input.email } : {}),
      ...(input.phone && input.phone !== current.phone ? { phone: input.phone } : {}),
    };
    const [updated] = await tx
      .update(signatureRequestSigners)
      .set({
        ...corrected,
        tokenRound: round,
        tokenHash: signerTokenHash(deps.secrets.sessionSecret, current.id, round),
      })
      .where(eq(signatureRequestSigners.id, current.id))
      .returning();
    await appendRequestEvent(tx, {
      requestId: current.requestId,
      signerId: current.id,
      userId: actingUserId(actor),
      action: 'resent',
      details: {
        round,
        ...(corrected.email ? { previous_email: current.email, email: corrected.email } : {}),
        ...(corrected.phone ? { previous_phone: current.phone, phone: corrected.phone } : {}),
      },
      at: deps.clock.now(),
    });
    await inviteSigner(deps, tx, current.id, 'invitation');
    await tx
      .update(signatureRequests)
      .set({ updatedAt: deps.clock.now() })
      .where(eq(signatureRequests.id, current.requestId));
    return signerRecord(updated!);
  });
}

/** Cancels an in-progress request with a reason; invited signers are told, their links die. */
export async function cancelRequest(deps: Deps, actor: Actor, input: { request_id: number; reason: string }) {
  await deps.database.db.transaction(async (tx) => {
    requireInProgress(await lockRequest(tx, input.request_id));
    const now = deps.clock.now();
    await tx
      .update(signatureRequests)
      .set({
        status: 'cancelled',
        cancelReason: input.reason,
        cancelledBy: actingUserId(actor),
        updatedAt: now,
      })
      .where(eq(signatureRequests.id, input.request_id));
    await appendRequestEvent(tx, {
      requestId: input.request_id,
      userId: actingUserId(actor),
      action: 'cancelled',
      details: { reason: input.reason },
      at: now,
    });
    await noticeToInvitedSigners(deps, tx, input.request_id, 'cancelled');
    await announceRequestEvent(
      deps,
      {
        event: 'request.cancelled',
        requestId: input.request_id,
        eventId: `request.cancelled:${input.request_id}`,
        extra: { reason: input.reason, cancelledAt: now.toISOString() },
      },
      tx,
    );
  });
  return summaryOf(deps.database.db, input.request_id);
}

/** Mails a notice to every signer who holds a live link (invited or viewing). */
export async function noticeToInvitedSigners(
  deps: Pick<Deps, 'queue'>,
  tx: Db,
  requestId: number,
  kind: 'cancelled' | 'expired',
) {
  const invited = await tx
    .select({ id: signatureRequestSigners.id })
    .from(signatureRequestSigners)
    .where(
      and(
        eq(signatureRequestSigners.requestId, requestId),
        inArray(signatureRequestSigners.status, ['invited', 'viewed']),
      ),
    );
  for (const signer of invited) await queueRequestMail(deps, tx, { requestId, kind, signerId: signer.id });
}

/**
 * Moves the expiry to a later, future date (a last day reads as 23:59:59 COT of that day, parsed
 * by the contract). An expired request comes back in progress (its signers' links work again
 * until the new date).
 */
export async function extendTimeLimit(
  deps: Deps,
  actor: Actor,
  input: { request_id: number; expires_at: Date },
) {
  const expiresAt = input.expires_at;
  const now = deps.clock.now();
  if (expiresAt.getTime() <= now.getTime()) {
    throw unprocessable(ACTION_MESSAGES.expiryInPast, { expires_at: ACTION_MESSAGES.expiryInPast });
  }
  await deps.database.db.transaction(async (tx) => {
    const request = await lockRequest(tx, input.request_id);
    if (request.status !== 'in_progress' && request.status !== 'expired') {
      throw conflict(ACTION_MESSAGES.notInProgress);
    }
    await tx
      .update(signatureRequests)
      .set({ expiresAt, status: 'in_progress', updatedAt: now })
      .where(eq(signatureRequests.id, input.request_id));
    await appendRequestEvent(tx, {
      requestId: input.request_id,
      userId: actingUserId(actor),
      action: 'extended',
      details: {
        previous_expires_at: request.expiresAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        ...(request.status === 'expired' ? { reopened: true } : {}),
      },
      at: now,
    });
  });
  return summaryOf(deps.database.db, input.request_id);
}

/** Corrects what the signers read around the documents: title, message, reminders. */
export async function updateRequestValues(
  deps: Deps,
  actor: Actor,
  input: { request_id: number; title?: string; message?: string | null; reminder_days?: number | null },
) {
  await deps.database.db.transaction(async (tx) => {
    const request = await lockRequest(tx, input.request_id);
    requireInProgress(request);
    const changes = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.message !== undefined ? { message: input.message } : {}),
      ...(input.reminder_days !== undefined ? { reminderDays: input.reminder_days } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(signatureRequests)
      .set({ ...changes, updatedAt: deps.clock.now() })
      .where(eq(signatureRequests.id, input.request_id));
    await appendRequestEvent(tx, {
      requestId: input.request_id,
      userId: actingUserId(actor),
      action: 'updated',
      details: { fields: Object.keys(changes) },
      at: deps.clock.now(),
    });
  });
  return summaryOf(deps.database.db, input.request_id);
}

type ContentChange = { id: number; name?: string; values?: Record<string, string> };

/**
 * Renames documents and renders template documents again with corrected values, only while
 * nobody has signed (the signers must sign exactly what they saw). Rendering happens before the
 * transaction; the transaction checks again that nobody signed in between.
 */
export async function updateRequestContent(
  deps: Deps,
  actor: Actor,
  requestId: number,
  changes: ContentChange[],
) {
  const { db } = deps.database;
  const documents = await db
    .select()
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, requestId));
  const byId = new Map(documents.map((document) => [document.id, document]));
  const ensureEditable = async (tx: Db) => {
    requireInProgress(await lockRequest(tx, requestId));
    const signers = await tx
      .select({ status: signatureRequestSigners.status })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, requestId));
    if (anyoneSigned(signers)) throw conflict(ACTION_MESSAGES.alreadySigned);
  };
  await db.transaction(ensureEditable);
  const rendered = new Map<
    number,
    { key: string; bytes: number; sha256: string; pageCount: number; fieldBoxes: unknown[] }
  >();
  for (const change of changes) {
    const document = byId.get(change.id);
    if (!document) throw notFound(ACTION_MESSAGES.documentNotInRequest);
    if (!change.values) continue;
    if (!document.templateVersionId) throw unprocessable(ACTION_MESSAGES.pdfHasNoValues);
    const [version] = await db
      .select()
      .from(documentTemplateVersions)
      .where(eq(documentTemplateVersions.id, document.templateVersionId));
    if (!version) throw notFound('La versión de la plantilla ya no existe');
    const values = { ...(document.fieldValues as Record<string, string>), ...change.values };
    const pdf = await renderTemplate({
      content: {
        html: version.html,
        header_html: version.headerHtml,
        footer_html: version.footerHtml,
        page: version.page,
        fields: version.fields as TemplateField[],
      },
      values,
      samples: false,
      pages: false,
      title: change.name ?? document.name,
    });
    // A new key per content: the previous file stays until the change commits.
    const key = `companies/${document.companyId}/requests/${requestId}/document-${document.position}-${pdf.sha256.slice(0, 16)}.pdf`;
    const bytes = Buffer.from(pdf.pdf_base64, 'base64');
    await deps.storage.put(key, bytes);
    rendered.set(document.id, {
      key,
      bytes: bytes.length,
      sha256: pdf.sha256,
      pageCount: pdf.page_count,
      fieldBoxes: pdf.field_boxes,
    });
  }
  return db.transaction(async (tx) => {
    await ensureEditable(tx);
    const result: { id: number; sha256: string }[] = [];
    for (const change of changes) {
      const document = byId.get(change.id)!;
      const render = rendered.get(change.id);
      await tx
        .update(signatureRequestDocuments)
        .set({
          ...(change.name ? { name: change.name } : {}),
          ...(render
            ? {
                renderedKey: render.key,
                renderedBytes: render.bytes,
                renderedSha256: render.sha256,
                pageCount: render.pageCount,
                fieldBoxes: render.fieldBoxes as Record<string, unknown>[],
                fieldValues: { ...document.fieldValues, ...change.values },
              }
            : {}),
        })
        .where(eq(signatureRequestDocuments.id, change.id));
      result.push({ id: change.id, sha256: render?.sha256 ?? document.renderedSha256 });
    }
    await appendRequestEvent(tx, {
      requestId,
      userId: actingUserId(actor),
      action: 'content_updated',
      details: { documents: result.map((document) => ({ id: document.id, sha256: document.sha256 })) },
      at: deps.clock.now(),
    });
    if (rendered.size > 0) await queueRequestPages(tx, [requestId]);
    return { id: requestId, documents: result };
  });
}
