import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  type WebhookEvent,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { emitWebhookEvent } from '../../webhooks/webhooks.js';
import { publicBaseUrl } from './mail.js';
import { companyOfRequest } from './records.js';

/**
 * The webhook events of a request, each with the same `data` core: the request (id, title, status,
 * company, timestamps), the signer the event is about, and what the event adds (a rejection's
 * reason, the sealed files' links). Event ids are names (`signer.signed:<request>:<signer>`), so
 * emitting one again, from a retried job or request, delivers it once.
 */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The request part of every event's `data`; null when the request is gone. */
export async function requestWebhookData(db: Db, requestId: number, signerId?: number) {
  const [row] = await db
    .select({ request: signatureRequests, companyName: companies.fiscalName })
    .from(signatureRequests)
    .innerJoin(companies, eq(companies.id, signatureRequests.companyId))
    .where(eq(signatureRequests.id, requestId));
  if (!row) return null;
  const { request } = row;
  const [signer] =
    signerId === undefined
      ? []
      : await db.select().from(signatureRequestSigners).where(eq(signatureRequestSigners.id, signerId));
  return {
    companyId: request.companyId,
    data: {
      requestId: request.id,
      title: request.title,
      status: request.status,
      company: { id: request.companyId, name: row.companyName },
      createdAt: iso(request.createdAt),
      expiresAt: iso(request.expiresAt),
      completedAt: iso(request.completedAt),
      sealedAt: iso(request.sealedAt),
      updatedAt: iso(request.updatedAt),
      ...(signer
        ? {
            signerId: signer.id,
            signer: {
              id: signer.id,
              name: signer.name,
              email: signer.email,
              order: signer.number,
              turn: signer.turn,
              kind: signer.kind,
              status: signer.status,
              viewedAt: iso(signer.viewedAt),
              signedAt: iso(signer.signedAt),
              rejectedAt: iso(signer.rejectedAt),
            },
          }
        : {}),
    },
  };
}

type Announcement = {
  event: WebhookEvent;
  requestId: number;
  /** The event's name-based id (`<event>:<request>[:<signer>]`). */
  eventId: string;
  signerId?: number;
  /** The request's company, when the caller has read it. */
  companyId?: number;
  /** What this event adds to the common `data` (read only when an endpoint listens). */
  extra?: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
};

/**
 * Emits a request's event inside `tx` (its deliveries commit with the change they report), or,
 * without one, after the commit: then a failure is logged and never undoes what already happened.
 */
export async function announceRequestEvent(
  deps: Deps,
  announcement: Announcement,
  tx?: Db,
): Promise<{ deliveryIds: number[] }> {
  // Most companies have no endpoint for most events: the event's data is read only for one.
  const emit = async () => {
    const db = tx ?? deps.database.db;
    const companyId = announcement.companyId ?? (await companyOfRequest(db, announcement.requestId));
    if (companyId === undefined) return { deliveryIds: [] };
    return emitWebhookEvent(
      deps,
      {
        companyId,
        event: announcement.event,
        eventId: announcement.eventId,
        data: async () => ({
          ...(await requestWebhookData(db, announcement.requestId, announcement.signerId))?.data,
          ...(typeof announcement.extra === 'function' ? await announcement.extra() : announcement.extra),
        }),
      },
      { db: tx },
    );
  };
  if (tx) return emit();
  try {
    return await emit();
  } catch (error) {
    deps.logger.error(
      { err: error, requestId: announcement.requestId, event: announcement.event },
      'El webhook de la solicitud no se pudo encolar',
    );
    return { deliveryIds: [] };
  }
}

/**
 * What `request.sealed` adds: each sealed document with absolute links to fetch it and its
 * certificate of completion alone (`certificateUrl`: the first document's, at the top). The links
 * are company endpoints: the caller authenticates as for any other (a session of the company, or
 * its API key).
 */
export async function sealedFilesData(
  deps: Pick<Deps, 'config'>,
  db: Db,
  requestId: number,
  companyId: number,
) {
  const documents = await db
    .select({
      id: signatureRequestDocuments.id,
      name: signatureRequestDocuments.name,
      sha256: signatureRequestDocuments.sealedSha256,
      bytes: signatureRequestDocuments.sealedBytes,
    })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, requestId))
    .orderBy(asc(signatureRequestDocuments.position));
  // The PDF endpoints name a signer of the request (their download log records it).
  const [signer] = await db
    .select({ id: signatureRequestSigners.id })
    .from(signatureRequestSigners)
    .where(and(eq(signatureRequestSigners.requestId, requestId), ne(signatureRequestSigners.kind, 'copy')))
    .orderBy(asc(signatureRequestSigners.number))
    .limit(1);
  const api = `${publicBaseUrl(deps)}/api`;
  const links = documents.map((document) => ({
    id: document.id,
    name: document.name,
    sha256: document.sha256,
    bytes: document.bytes,
    url: signer ? `${api}/view_pdf/${companyId}/${document.id}/${signer.id}` : null,
    download: {
      method: 'POST',
      url: `${api}/view_pdf_document`,
      body: { company_id: companyId, id: document.id, document_package_signer_id: signer?.id ?? null },
    },
    certificateUrl: `${api}/signature_request_certificate/${document.id}`,
  }));
  return { documents: links, certificateUrl: links[0]?.certificateUrl ?? null };
}

/** `request.completed`, inside the transaction that completes the request (and queues its seal). */
export const announceRequestCompleted = (deps: Deps, tx: Db, requestId: number, companyId?: number) =>
  announceRequestEvent(
    deps,
    { event: 'request.completed', requestId, companyId, eventId: `request.completed:${requestId}` },
    tx,
  );
