import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  companies,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { documentFailureReason, RenderFailure } from '../../documents/index.js';
import type { JobRecord } from '../../jobs/queue.js';
import { userSigningIdentity } from '../../modules/signatureSettings/signatureSettings.service.js';
import { sharedRenderer } from '../../modules/templates/templateRender.service.js';
import { platformTrust } from '../../pades/platform-trust.js';
import { PendingSealError, sealDocument } from '../../pades/seal-document.js';
import { sealPdf } from '../../pades/seal-pdf.js';
import { timestamperFor } from '../../pades/timestamp-client.js';
import { readAll } from '../../storage/storage.js';
import { appendRequestEvent, lastRequestEvent, requestEvents } from '../core/events.js';
import { publicBaseUrl, queueRequestMail } from '../core/mail.js';
import { documentsOfRequest, signersOfRequest } from '../core/records.js';
import { announceRequestEvent, sealedFilesData } from '../core/webhookEvents.js';
import {
  autoSignSigner,
  certificateAuditTrail,
  certificateSigners,
  eventUsers,
  placeholderBoxes,
  stampsFor,
} from './sealEvidence.js';

/**
 * Sealing a completed request: each document gets its signers' stamps, the certificate of
 * completion and the platform's PAdES B-T seal. Each document's result is committed on its own
 * and only while it has none, so a retried job (after a crash or a failing timestamp authority)
 * seals the documents still missing and never replaces a sealed one.
 */

export const SEAL_QUEUE = 'request.seal';

const payloadSchema = z.object({ requestId: z.number().int().positive() });

export const SEAL_MESSAGES = {
  failed: 'No se pudo sellar la solicitud por un error interno del servidor; avise a soporte',
} as const;

/** After the queue's last attempt a pending seal is tried again this much later, for ever. */
const PENDING_RETRY_SECONDS = 3600;

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Seals every document still unsealed, then marks the request sealed (once) and mails its people. */
export async function sealRequest(deps: Deps, requestId: number): Promise<'sealed' | 'skipped'> {
  const { db } = deps.database;
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (request?.status !== 'completed' || request.sealStatus !== 'pending') return 'skipped';
  const signers = await signersOfRequest(db, requestId);
  const events = await requestEvents(db, requestId);
  const auditTrail = certificateAuditTrail(events, signers, await eventUsers(deps, events));
  const documents = await documentsOfRequest(db, requestId);
  const trust = await platformTrust(deps.config);
  const timestamper = timestamperFor(trust);
  const evidence = certificateSigners(signers, events);
  const companySignature =
    request.autoSignStatus === 'approved' ? await companySigner(deps, request, events) : undefined;
  if (companySignature) evidence.push(companySignature);
  // A role-20 sender's own certificate signs after the platform seal (signature settings).
  const ownIdentity = request.createdBy ? await userSigningIdentity(deps, request.createdBy) : null;
  for (const document of documents) {
    if (document.sealedKey) continue;
    const rendered = await readAll(deps.storage, document.renderedKey);
    if (!rendered) throw new Error(`falta el documento ${document.id} de la solicitud ${requestId}`);
    const sealed = await sealDocument({
      renderer: sharedRenderer(),
      pdf: new Uint8Array(rendered),
      stamps: await stampsFor(deps, document.fieldBoxes, signers),
      placeholders: placeholderBoxes(document.fieldBoxes),
      certificate: {
        requestId: String(requestId),
        requestTitle: request.title,
        documentName: document.name,
        signers: evidence,
        auditTrail,
        validationCode: request.validationCode,
        publicUrl: publicBaseUrl(deps),
      },
      identity: trust.seal,
      timestamper,
      now: () => deps.clock.now(),
    });
    const pdf = ownIdentity
      ? await sealPdf({
          pdf: sealed.pdf,
          identity: ownIdentity,
          timestamper: async (imprint) => {
            try {
              return await timestamper(imprint);
            } catch (error) {
              throw new PendingSealError(error);
            }
          },
          now: () => deps.clock.now(),
          reason: `Firmado digitalmente por el remitente; código ${request.validationCode}`,
        })
      : sealed.pdf;
    const sha256 = ownIdentity ? sha256Hex(pdf) : sealed.sha256;
    // The hash in the key: a second worker racing on the same document writes its own file.
    const key = `companies/${request.companyId}/requests/${requestId}/sealed/document-${document.position}-${sha256.slice(0, 16)}.pdf`;
    await deps.storage.put(key, pdf);
    const won = await db
      .update(signatureRequestDocuments)
      .set({ sealedKey: key, sealedSha256: sha256, sealedBytes: pdf.length })
      .where(and(eq(signatureRequestDocuments.id, document.id), isNull(signatureRequestDocuments.sealedKey)))
      .returning({ id: signatureRequestDocuments.id });
    if (won.length === 0) await deps.storage.delete(key);
    else deps.logger.info({ requestId, documentId: document.id }, 'Documento sellado');
  }
  await finishSeal(deps, requestId);
  return 'sealed';
}

/** The company's approved auto-signature, for the certificate. */
async function companySigner(
  deps: Deps,
  request: typeof signatureRequests.$inferSelect,
  events: Awaited<ReturnType<typeof requestEvents>>,
) {
  const { db } = deps.database;
  const [company] = await db
    .select({ fiscalName: companies.fiscalName, taxId: companies.taxId })
    .from(companies)
    .where(eq(companies.id, request.companyId));
  const [approver] = request.autoSignApproverId
    ? await db
        .select({ name: users.name, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, request.autoSignApproverId))
    : [];
  return company && approver ? autoSignSigner(company, approver, events) : undefined;
}

/**
 * Marks the request sealed with the audit trail's anchor and queues the completion e-mails and the
 * `request.sealed` webhook, once.
 */
async function finishSeal(deps: Deps, requestId: number): Promise<void> {
  const completedAt = await deps.database.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, requestId))
      .for('update');
    if (request?.sealStatus !== 'pending') return null;
    const documents = await tx
      .select({ id: signatureRequestDocuments.id, sha256: signatureRequestDocuments.sealedSha256 })
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, requestId))
      .orderBy(asc(signatureRequestDocuments.position));
    if (documents.some((document) => !document.sha256)) throw new Error('quedan documentos sin sellar');
    // The anchor: the trail's length and last hash (sequences run 1, 2, … with no gap).
    const last = await lastRequestEvent(tx, requestId);
    const now = deps.clock.now();
    await tx
      .update(signatureRequests)
      .set({ sealStatus: 'sealed', sealedAt: now, updatedAt: now })
      .where(eq(signatureRequests.id, requestId));

    await appendRequestEvent(
      tx,
      {
        requestId,
        action: 'sealed',
        at: now,
        details: {
          documents: documents.map((document) => ({ id: document.id, sha256: document.sha256! })),
          auditCount: last?.sequence ?? 0,
          auditLastHash: last?.hash ?? null,
        },
      },
      { companyId: request.companyId, last },
    );
    const signers = await tx
      .select({ id: signatureRequestSigners.id, email: signatureRequestSigners.email })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, requestId))
      .orderBy(asc(signatureRequestSigners.number));
    const { companyId } = request;
    for (const signer of signers)
      await queueRequestMail(deps, tx, {
        requestId,
        kind: 'completed',
        signerId: signer.id,
        to: signer.email,
        companyId,
      });
    // Committed with the seal, after every sealed file: a retried job finds the seal done and
    // emits nothing; the name-based id would deliver a second emission once anyway.
    await announceRequestEvent(
      deps,
      {
        event: 'request.sealed',
        requestId,
        eventId: `request.sealed:${requestId}`,
        companyId,
        extra: () => sealedFilesData(deps, tx, requestId, companyId),
      },
      tx,
    );
    if (request.createdBy) {
      const [creator] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, request.createdBy));
      const signerEmails = new Set(signers.map((signer) => signer.email.toLowerCase()));
      if (creator && !signerEmails.has(creator.email.toLowerCase()))
        await queueRequestMail(deps, tx, { requestId, kind: 'completed', to: creator.email, companyId });
    }
    return request.completedAt;
  });
  // Counted once the seal is committed: from the completing signature to now.
  if (completedAt)
    deps.metrics.sealLatency.observe(
      Math.max(0, (deps.clock.now().getTime() - completedAt.getTime()) / 1000),
    );
}

/**
 * The seal's last attempt failed for good: the request's timeline says so, with a reason the
 * sender can read (the request stays `pending` seal; nothing retries it by itself).
 */
async function recordSealFailure(deps: Deps, requestId: number, error: unknown): Promise<void> {
  const reason = error instanceof RenderFailure ? documentFailureReason(error) : SEAL_MESSAGES.failed;
  await deps.database.db.transaction((tx) =>
    appendRequestEvent(tx, { requestId, action: 'seal_failed', details: { reason } }),
  );
}

/**
 * The `request.seal` job (payload `{ requestId }`), enqueued by the signature that completes a
 * request. A failing timestamp authority is retried for ever; any other failure (such as a
 * certificate of completion that crashed the PDF generator) is retried by the queue and, after its
 * last attempt, recorded in the request's timeline as `seal_failed` with its reason.
 */
export function registerSealJob(deps: Deps): void {
  deps.queue.register(SEAL_QUEUE, async (payload: unknown, job: JobRecord) => {
    const { requestId } = payloadSchema.parse(payload);
    try {
      await sealRequest(deps, requestId);
    } catch (error) {
      if (error instanceof PendingSealError) {
        deps.logger.warn(
          { requestId, attempts: job.attempts },
          'Sello pendiente: la autoridad de sellado de tiempo falló',
        );
        // The queue gives up after its last attempt; a pending seal is never abandoned.
        if (job.attempts >= job.maxAttempts)
          await deps.queue.enqueue(
            SEAL_QUEUE,
            { requestId },
            { idempotencyKey: `seal:${requestId}:after-${job.id}`, delaySeconds: PENDING_RETRY_SECONDS },
          );
      } else if (job.attempts >= job.maxAttempts) {
        await recordSealFailure(deps, requestId, error).catch((recording: unknown) =>
          deps.logger.error({ err: recording, requestId }, 'No se pudo registrar el fallo del sello'),
        );
      }
      throw error;
    }
  });
}
