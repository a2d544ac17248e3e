import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  companies,
  signatureRejectionReasons,
  signatureRequestDocuments,
  signatureRequestSigners,
  signatureRequests,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { HttpProblem } from '../../errors.js';
import { maskEmail, maskPhone } from '../../security/masking.js';
import type { FieldBoxRecord } from '../core/create.js';
import { appendRequestEvent } from '../core/events.js';
import { svgPagesOf } from '../core/pages.js';
import { documentsOfRequest } from '../core/records.js';
import { DEFAULT_REJECTION_REASONS } from '../core/rejectionReasons.js';
import { announceRequestEvent } from '../core/webhookEvents.js';
import { isAuthenticated } from './authentication.service.js';
import { isCodeLocked } from './otpStore.js';
import {
  assertOpen,
  CONSENT,
  isTheirTurn,
  type LinkedSigner,
  openSigner,
  otpChannelsOf,
  signerOfToken,
  signerPhone,
} from './signer.js';

/** What the signer's pages read: nothing here changes anything but the "viewed" mark. */

export async function storedBytes(deps: Deps, key: string): Promise<Uint8Array> {
  const stream = await deps.storage.get(key);
  if (!stream) throw new HttpProblem(404, 'El documento ya no está disponible');
  return new Uint8Array(await buffer(stream));
}

async function signerSummary(deps: Deps, signer: LinkedSigner['signer'], sessionId: string | null) {
  return {
    name: signer.name,
    status: signer.status,
    authentication: signer.authentication,
    email: maskEmail(signer.email),
    phone: signer.phone ? maskPhone(signerPhone(deps.config.SMS_DEFAULT_COUNTRY_CODE, signer.phone)) : null,
    authenticated: await isAuthenticated(deps, deps.database.db, signer, sessionId),
    code_locked: otpChannelsOf(signer).length > 0 && isCodeLocked(signer),
    channels: otpChannelsOf(signer),
  };
}

async function rejectionReasons(db: Db, companyId: number) {
  const rows = await db
    .select({ reason: signatureRejectionReasons.reason })
    .from(signatureRejectionReasons)
    .where(eq(signatureRejectionReasons.companyId, companyId))
    .orderBy(asc(signatureRejectionReasons.position), asc(signatureRejectionReasons.id));
  // A company that never wrote its own list offers the defaults (seeded when its staff reads them).
  return rows.length > 0 ? rows.map((row) => row.reason) : [...DEFAULT_REJECTION_REASONS];
}

/** verify_token_sign_request: the request as this signer sees it. */
export async function signingView(deps: Deps, token: string, sessionId: string | null) {
  const { db } = deps.database;
  const linked = await openSigner(deps, db, token);
  const { signer, request, company } = linked;
  const documents = await documentsOfRequest(db, request.id);
  const viewDocuments = [];
  for (const document of documents) {
    // Without poppler on the host the signer still signs; the page says the preview is missing.
    const pages = await svgPagesOf(deps, document).catch((error: unknown) => {
      if (error instanceof HttpProblem) throw error;
      deps.logger.warn({ err: error, documentId: document.id }, 'no se pudieron dibujar las páginas');
      return [];
    });
    const boxes = (document.fieldBoxes as FieldBoxRecord[])
      .filter((box) => box.signer === signer.number)
      .map(({ field, kind, page, x, y, width, height }) => ({ field, kind, page, x, y, width, height }));
    viewDocuments.push({
      id: document.id,
      name: document.name,
      page_count: document.pageCount,
      pages,
      boxes,
    });
  }
  return {
    request_id: request.id,
    title: request.title,
    message: request.message,
    company,
    status: request.status,
    expires_at: request.expiresAt.toISOString(),
    your_turn: await isTheirTurn(db, signer),
    signer: await signerSummary(deps, signer, sessionId),
    documents: viewDocuments,
    consent: CONSENT,
    rejection_reasons: await rejectionReasons(db, request.companyId),
    embedding: await embeddingOf(db, request.companyId, signer.id),
  };
}

/**
 * What the page needs to tell a framing page of the company what happens (postMessage): the
 * origins it may post to and the ids it names. Null when the company lets no one frame its pages.
 */
async function embeddingOf(db: Db, companyId: number, signerId: number) {
  const [row] = await db
    .select({ origins: companies.frameOrigins })
    .from(companies)
    .where(eq(companies.id, companyId));
  const origins = row?.origins ?? [];
  return origins.length > 0 ? { origins, signer_id: signerId } : null;
}

/**
 * The other requests this signer may sign at once: same e-mail, same company, in progress, not
 * expired, their turn, not yet signed. The token's own request comes first.
 */
export async function pendingRequestsOf(deps: Deps, linked: LinkedSigner) {
  const { db } = deps.database;
  const rows = await db
    .select({ signer: signatureRequestSigners, request: signatureRequests })
    .from(signatureRequestSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
    .where(
      and(
        eq(signatureRequestSigners.companyId, linked.request.companyId),
        sql`lower(${signatureRequestSigners.email}) = ${linked.signer.email.toLowerCase()}`,
        inArray(signatureRequestSigners.status, ['invited', 'viewed']),
        sql`${signatureRequestSigners.kind} <> 'copy'`,
        eq(signatureRequests.status, 'in_progress'),
        sql`${signatureRequests.expiresAt} > ${deps.clock.now().toISOString()}`,
        isNull(signatureRequests.completedAt),
      ),
    )
    .orderBy(asc(signatureRequests.id));
  const pending: { signer: LinkedSigner['signer']; request: LinkedSigner['request'] }[] = [];
  for (const row of rows) {
    if (await isTheirTurn(db, row.signer)) pending.push(row);
  }
  pending.sort((a, b) => Number(b.signer.id === linked.signer.id) - Number(a.signer.id === linked.signer.id));
  return pending;
}

/** verify_token_user: the link's signer and every request they can sign now. */
export async function signerOverview(deps: Deps, token: string, sessionId: string | null) {
  const { db } = deps.database;
  const linked = await signerOfToken(deps, db, token);
  assertOpen(deps, linked);
  const pending = await pendingRequestsOf(deps, linked);
  const ids = pending.map((row) => row.request.id);
  const documents = ids.length
    ? await db
        .select({
          id: signatureRequestDocuments.id,
          requestId: signatureRequestDocuments.requestId,
          name: signatureRequestDocuments.name,
          pageCount: signatureRequestDocuments.pageCount,
        })
        .from(signatureRequestDocuments)
        .where(inArray(signatureRequestDocuments.requestId, ids))
        .orderBy(asc(signatureRequestDocuments.position))
    : [];
  return {
    signer: await signerSummary(deps, linked.signer, sessionId),
    company: linked.company,
    pending: pending.map(({ request }) => ({
      request_id: request.id,
      title: request.title,
      company: linked.company,
      documents: documents
        .filter((document) => document.requestId === request.id)
        .map((document) => ({ id: document.id, name: document.name, page_count: document.pageCount })),
    })),
    consent: CONSENT,
  };
}

/** send_notification_attempt_open_document: the first opening marks the signer viewed. */
export async function markOpened(
  deps: Deps,
  input: { token: string; ip: string; userAgent: string | undefined },
) {
  const { db } = deps.database;
  const now = deps.clock.now();
  const result = await db.transaction(async (tx) => {
    const { signer, request } = await openSigner(deps, tx, input.token, { lock: true });
    const event = {
      requestId: request.id,
      signerId: signer.id,
      ip: input.ip,
      userAgent: input.userAgent ?? null,
    };
    if (signer.viewedAt) {
      await appendRequestEvent(tx, { ...event, action: 'opened' });
      return {
        viewedAt: signer.viewedAt,
        first: false,
        companyId: request.companyId,
        requestId: request.id,
        signerId: signer.id,
      };
    }
    await tx
      .update(signatureRequestSigners)
      .set({ viewedAt: now, ...(signer.status === 'invited' ? { status: 'viewed' as const } : {}) })
      .where(eq(signatureRequestSigners.id, signer.id));
    await appendRequestEvent(tx, { ...event, action: 'viewed' });
    return {
      viewedAt: now,
      first: true,
      companyId: request.companyId,
      requestId: request.id,
      signerId: signer.id,
    };
  });
  if (result.first) {
    await announceRequestEvent(deps, {
      event: 'signer.viewed',
      requestId: result.requestId,
      signerId: result.signerId,
      eventId: `request.viewed:${result.requestId}:${result.signerId}`,
    });
  }
  return { viewed_at: result.viewedAt.toISOString() };
}
