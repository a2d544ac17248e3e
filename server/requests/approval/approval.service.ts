import { createHash, timingSafeEqual } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type autoSignStatusRecord,
  APPROVAL_MESSAGES as MESSAGES,
} from '../../../contract/endpoints/approval.js';
import {
  companies,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { userSignatureImage } from '../../modules/signatureSettings/signatureSettings.service.js';
import { appendRequestEvent } from '../core/events.js';
import { signersOfRequest } from '../core/records.js';
import { approvalTokenDigest } from '../core/tokens.js';
import { announceRequestCompleted } from '../core/webhookEvents.js';
import { SEAL_QUEUE } from '../sealing/seal.js';

/**
 * Auto-sign approval (/approval_packages): once every signer has signed a request whose company
 * signs automatically, its approver opens a link derived like the signers' (HMAC of the server
 * secret, never stored), sees what will be signed, and approves — the approver's stored signature
 * is applied, the request completes and is sealed — or rejects, with a reason. All audited.
 */

type StatusRecord = z.input<typeof autoSignStatusRecord>;

type RequestRow = typeof signatureRequests.$inferSelect;

async function requestOf(deps: Deps, token: string): Promise<RequestRow> {
  const [idText, mac] = token.split('.');
  const [request] = await deps.database.db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, Number(idText)));
  const expected =
    request?.autoSign && request.autoSignApproverId
      ? Buffer.from(approvalTokenDigest(deps.secrets.sessionSecret, request.id, request.autoSignApproverId))
      : undefined;
  const given = Buffer.from(mac ?? '');
  if (!request || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new HttpProblem(404, MESSAGES.badLink);
  return request;
}

async function statusOf(deps: Deps, request: RequestRow): Promise<StatusRecord> {
  const { db } = deps.database;
  const [company] = await db
    .select({ name: companies.fiscalName })
    .from(companies)
    .where(eq(companies.id, request.companyId));
  const [approver] = await db
    .select({ name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, request.autoSignApproverId!));
  const signers = await signersOfRequest(db, request.id);
  const documents = await db
    .select({ name: signatureRequestDocuments.name, pages: signatureRequestDocuments.pageCount })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, request.id))
    .orderBy(asc(signatureRequestDocuments.position));
  const image = await userSignatureImage(deps, request.autoSignApproverId!);
  const signing = signers.filter((signer) => signer.kind !== 'copy');
  return {
    title: request.title,
    company: company?.name ?? '',
    approver: [approver?.name, approver?.lastName].filter(Boolean).join(' '),
    auto_sign_status: request.autoSignStatus,
    status: request.status,
    ready: request.status === 'in_progress' && signing.every((signer) => signer.status === 'signed'),
    signers: signing.map((signer) => ({
      name: signer.name,
      status: signer.status,
      signed_at: signer.signedAt?.toISOString() ?? null,
    })),
    documents,
    signature_image: image ? `data:image/png;base64,${Buffer.from(image).toString('base64')}` : null,
  };
}

export async function checkAutoSignStatus(deps: Deps, input: { token: string }): Promise<StatusRecord> {
  return statusOf(deps, await requestOf(deps, input.token));
}

export async function decideAutoSign(
  deps: Deps,
  input: { token: string; approve: boolean; reason?: string },
  client: { ip: string; userAgent: string | undefined },
): Promise<StatusRecord> {
  const found = await requestOf(deps, input.token);
  const approverId = found.autoSignApproverId!;
  const image = input.approve ? await userSignatureImage(deps, approverId) : null;
  if (input.approve && !image) throw new HttpProblem(409, MESSAGES.noSignature);
  const imageKey = `companies/${found.companyId}/requests/${found.id}/auto-sign/signature.png`;
  if (image) await deps.storage.put(imageKey, image);
  await deps.database.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, found.id))
      .for('update');
    if (!request || request.status === 'cancelled' || request.status === 'expired')
      throw new HttpProblem(410, MESSAGES.closed);
    if (
      request.autoSignStatus === 'approved' ||
      request.autoSignStatus === 'rejected' ||
      request.status !== 'in_progress'
    )
      throw new HttpProblem(409, MESSAGES.decided);
    const pending = await tx
      .select({
        id: signatureRequestSigners.id,
        kind: signatureRequestSigners.kind,
        status: signatureRequestSigners.status,
      })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.requestId, request.id));
    if (pending.some((signer) => signer.kind !== 'copy' && signer.status !== 'signed'))
      throw new HttpProblem(409, MESSAGES.pendingSigners);
    const now = deps.clock.now();
    const event = {
      requestId: request.id,
      userId: approverId,
      ip: client.ip,
      userAgent: client.userAgent ?? null,
      at: now,
    };
    if (!input.approve) {
      await tx
        .update(signatureRequests)
        .set({ autoSignStatus: 'rejected', status: 'rejected', updatedAt: now })
        .where(eq(signatureRequests.id, request.id));
      await appendRequestEvent(tx, {
        ...event,
        action: 'auto_sign_rejected',
        details: { reason: input.reason ?? '' },
      });
      return;
    }
    await tx
      .update(signatureRequests)
      .set({
        autoSignStatus: 'approved',
        status: 'completed',
        completedAt: now,
        sealStatus: 'pending',
        updatedAt: now,
      })
      .where(eq(signatureRequests.id, request.id));
    await appendRequestEvent(tx, {
      ...event,
      action: 'auto_sign_approved',
      details: { signatureKey: imageKey, signatureSha256: createHash('sha256').update(image!).digest('hex') },
    });
    await appendRequestEvent(tx, { requestId: request.id, action: 'completed', at: now });
    await deps.queue.enqueue(
      SEAL_QUEUE,
      { requestId: request.id },
      { idempotencyKey: `seal:${request.id}`, db: tx },
    );
    await announceRequestCompleted(deps, tx, request.id);
  });
  return statusOf(deps, await requestOf(deps, input.token));
}
