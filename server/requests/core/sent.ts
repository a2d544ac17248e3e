import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { emitWebhookEvent } from '../../webhooks/webhooks.js';
import { signersOfRequest } from './records.js';

/**
 * `request.sent` to the company's webhooks, after the request's transaction committed. The event
 * id is the request's, so announcing it again (a retried bulk row) never delivers it twice. The
 * request already exists when this runs: a failure here is logged, never turned into a failed send
 * (the sender would send again and make a second request).
 */
export async function announceRequestSent(deps: Deps, requestId: number): Promise<void> {
  try {
    const { db } = deps.database;
    const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
    if (!request) return;
    const signers = await signersOfRequest(db, requestId);
    await emitWebhookEvent(deps, {
      companyId: request.companyId,
      event: 'request.sent',
      eventId: `request.sent:${requestId}`,
      data: {
        requestId,
        title: request.title,
        status: request.status,
        source: request.source,
        signingOrder: request.signingOrder,
        expiresAt: request.expiresAt.toISOString(),
        signers: signers.map((signer) => ({
          number: signer.number,
          kind: signer.kind,
          name: signer.name,
          email: signer.email,
          status: signer.status,
        })),
      },
    });
  } catch (error) {
    deps.logger.error({ err: error, requestId }, 'request.sent webhook could not be queued');
  }
}
