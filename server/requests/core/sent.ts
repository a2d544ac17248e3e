import { eq } from 'drizzle-orm';
import { signatureRequests } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { signersOfRequest } from './records.js';
import { announceRequestEvent } from './webhookEvents.js';

/**
 * `request.sent` to the company's webhooks, after the request's transaction committed. The event
 * id is the request's, so announcing it again (a retried bulk row) never delivers it twice. The
 * request already exists when this runs: a failure here is logged, never turned into a failed send
 * (the sender would send again and make a second request).
 */
export async function announceRequestSent(
  deps: Deps,
  requestId: number,
  extra: Record<string, unknown> = {},
): Promise<{ deliveryIds: number[] }> {
  try {
    const { db } = deps.database;
    const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
    if (!request) return { deliveryIds: [] };
    const signers = await signersOfRequest(db, requestId);
    return await announceRequestEvent(deps, {
      event: 'request.sent',
      requestId,
      eventId: `request.sent:${requestId}`,
      extra: {
        source: request.source,
        signingOrder: request.signingOrder,
        signers: signers.map((signer) => ({
          id: signer.id,
          order: signer.number,
          kind: signer.kind,
          name: signer.name,
          email: signer.email,
          status: signer.status,
        })),
        ...extra,
      },
    });
  } catch (error) {
    deps.logger.error({ err: error, requestId }, 'request.sent webhook could not be queued');
    return { deliveryIds: [] };
  }
}
